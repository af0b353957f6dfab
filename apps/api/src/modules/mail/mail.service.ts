import type { Database, Executor } from '@storefront/db/client';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { insertMail, lockPendingMail, type MailRow, markMail, type NewMail } from './mail.repository.ts';

/** Give up on a message after this many failed deliveries. */
const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;

/** Queues mail in the caller's transaction, so that it goes out only if the change that causes it commits. */
export const queueMail = (db: Executor, mail: NewMail) => insertMail(db, mail);

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
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    return 'SENT';
  };
}

/** One pass of the outbox: each pending message is delivered once, whatever the number of workers. */
export async function deliverPendingMail(db: Database, deliver: Deliver): Promise<number> {
  return db.transaction(async (tx) => {
    const batch = await lockPendingMail(tx, BATCH_SIZE);
    for (const mail of batch) {
      try {
        await markMail(tx, mail.uid, { status: await deliver(mail) });
      } catch (error) {
        const status = mail.attempts + 1 >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING';
        await markMail(tx, mail.uid, { status, error: String(error) });
      }
    }
    return batch.length;
  });
}

/** Polls the outbox until stopped; a failed pass is logged and retried on the next tick. */
export function startMailWorker(db: Database, deliver: Deliver, log: FastifyBaseLogger, intervalMs = 2000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPendingMail(db, deliver);
    } catch (error) {
      log.error({ err: error }, 'mail worker pass failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
