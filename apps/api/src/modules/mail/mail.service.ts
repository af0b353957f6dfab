import type { Database, Executor } from '@storefront/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { startOutboxWorker } from '../../lib/outbox-worker.ts';
import { countHit } from '../../plugins/rate-limit.repository.ts';
import {
  insertMail,
  lockPendingMail,
  type MailRow,
  markMail,
  type NewMail,
  noteMailError,
} from './mail.repository.ts';

/** Give up on a message after this many failed deliveries. */
const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;
/**
 * Mails that one address nobody verified may get in an hour, whatever causes them: a sign-up's
 * verification and one order followed to its delivery (receipt and three status mails) fit, and
 * anyone typing a stranger's address gets no more than this sent to it. A verified address has no limit.
 */
export const UNVERIFIED_MAILS_PER_HOUR = 6;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Queues mail in the caller's transaction, so that it goes out only if the change that causes it
 * commits; a mail over the hour's limit of an unverified address is dropped. That count is kept in
 * the database even with REDIS_URL: it is taken in the same transaction, and goes back with it.
 */
export async function queueMail(db: Executor, { verified, ...mail }: NewMail & { verified: boolean }) {
  if (!verified) {
    const key = `mail-unverified:${mail.appUid}:${mail.to.trim().toLowerCase()}`;
    if ((await countHit(db, key, HOUR_MS, Date.now())).count > UNVERIFIED_MAILS_PER_HOUR) return;
  }
  await insertMail(db, mail);
}

/** Delivers one message; 'LOGGED' when there is no SMTP server and the log is the mailbox. */
export type Deliver = (mail: MailRow) => Promise<'SENT' | 'LOGGED'>;

export function smtpOrLogDelivery(
  smtpUrl: string | undefined,
  from: string,
  log: FastifyBaseLogger,
): Deliver {
  if (!smtpUrl) {
    return async (mail) => {
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL: not sent)');
      return 'LOGGED';
    };
  }
  // nodemailer loads with the first mail: a process that sends none does not hold it in memory.
  let transport: Promise<Transporter> | undefined;
  return async (mail) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    return 'SENT';
  };
}

// nodemailer's codes for a server that is down, unreachable or refusing our credentials.
const SERVER_FAILURES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH']);

/** Whether a delivery failed because of the SMTP server (421: service not available), not the message. */
export function serverIsFailing(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return (typeof code === 'string' && SERVER_FAILURES.has(code)) || responseCode === 421;
}

/**
 * One pass of the outbox: each pending message is delivered once, whatever the number of workers. A
 * message the server refuses spends one of its attempts; a failing server ends the pass without
 * spending any, so that an outage loses no mail.
 */
export async function deliverPendingMail(
  db: Database,
  deliver: Deliver,
): Promise<{ delivered: number; serverFailing: boolean }> {
  return db.transaction(async (tx) => {
    const batch = await lockPendingMail(tx, BATCH_SIZE);
    let delivered = 0;
    for (const mail of batch) {
      try {
        await markMail(tx, mail.uid, { status: await deliver(mail) });
        delivered += 1;
      } catch (error) {
        if (serverIsFailing(error)) {
          await noteMailError(tx, mail.uid, String(error));
          return { delivered, serverFailing: true };
        }
        const status = mail.attempts + 1 >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING';
        await markMail(tx, mail.uid, { status, error: String(error) });
      }
    }
    return { delivered, serverFailing: false };
  });
}

/** Polls the outbox until stopped, backing off while the SMTP server (or the database) fails. */
export const startMailWorker = (db: Database, deliver: Deliver, log: FastifyBaseLogger, intervalMs = 2000) =>
  startOutboxWorker('mail', () => deliverPendingMail(db, deliver), log, intervalMs);
