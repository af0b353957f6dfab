import type { Database, Executor } from '@storefront/db/client';
import { decryptSecret } from '@storefront/db/secrets';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../app.ts';
import { secretsKey } from '../../config.ts';
import { backoffDelay, startOutboxWorker } from '../../lib/outbox-worker.ts';
import { CertificateRefused, readCertificate } from './certificate.ts';
import { documentTypeCode } from './receipt-document.ts';
import { receiptZip } from './receipt-package.ts';
import { signReceipt } from './receipt-signature.ts';
import * as repo from './receipts.repository.ts';
import {
  type BillServiceAccount,
  BillServiceFault,
  BillServiceUnavailable,
  type ReceiptSender,
  sunatBillService,
} from './sunat-bill-service.ts';

type Config = Pick<AppConfig, 'SECRETS_KEY'>;

const BATCH_SIZE = 10;
/** A receipt that could not be sent waits a minute, doubled after each attempt, up to the worker's cap. */
const RETRY_MS = 60_000;

export type SenderFor = (account: BillServiceAccount) => ReceiptSender;

/** Why a receipt was not sent, kept on it until the next attempt. */
class NotSendable extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Signs a receipt (once: its hash is kept) and sends it; answers SUNAT's CDR. */
async function send(
  tx: Executor,
  config: Config,
  url: string,
  senderFor: SenderFor,
  receipt: repo.ReceiptRow,
  now: Date,
) {
  const settings = await repo.findEInvoicing(tx, receipt.companyUid);
  const key = secretsKey(config);
  const reveal = (sealed: string | null | undefined) => {
    try {
      return sealed ? decryptSecret(key, sealed) : null;
    } catch {
      // Sealed under another SECRETS_KEY: the owners must enter it again; the queue goes on.
      throw new NotSendable('SECRETS', 'A secret of the e-invoicing settings no longer opens');
    }
  };
  const [certificate, password, solPassword] = [
    reveal(settings?.certificateEncrypted),
    reveal(settings?.certificatePasswordEncrypted),
    reveal(settings?.solPasswordEncrypted),
  ];
  if (!settings?.ruc || !settings.solUser || !certificate || !password || !solPassword)
    throw new NotSendable('SETTINGS', 'The company’s e-invoicing settings are incomplete');
  let { xml, hash } = receipt;
  if (!hash) {
    const credentials = readCertificate(Buffer.from(certificate, 'base64'), password, settings.ruc, now);
    ({ xml, hash } = signReceipt(receipt.xml, credentials));
    await repo.updateReceipt(tx, receipt.uid, { xml, hash });
  }
  const { fileName, zip } = receiptZip(
    {
      ruc: settings.ruc,
      type: documentTypeCode(receipt.type),
      series: receipt.series,
      number: receipt.number,
    },
    xml,
  );
  return senderFor({ url, ruc: settings.ruc, solUser: settings.solUser, solPassword }).sendBill(
    fileName,
    zip,
  );
}

/**
 * One pass of the receipts' outbox (architecture §12): each due factura is signed, zipped and sent with
 * sendBill once, whatever the number of workers, and SUNAT's CDR recorded with its state. A fault or an
 * unusable certificate is recorded and retried with backoff; no answer ends the pass (the worker backs
 * off). Boletas wait for the daily summary, not built yet.
 */
export async function sendPendingReceipts(
  db: Database,
  config: Config,
  url: string,
  senderFor: SenderFor = sunatBillService,
  now = new Date(),
): Promise<{ sent: number; serverFailing: boolean }> {
  return db.transaction(async (tx) => {
    let sent = 0;
    for (const receipt of await repo.lockDueFacturas(tx, now, BATCH_SIZE)) {
      const attempts = receipt.attempts + 1;
      const later = new Date(now.getTime() + backoffDelay(RETRY_MS, receipt.attempts));
      try {
        const cdr = await send(tx, config, url, senderFor, receipt, now);
        await repo.updateReceipt(tx, receipt.uid, {
          status: cdr.status,
          cdr: Buffer.from(cdr.zip),
          sunatCode: cdr.code,
          sunatMessage: [cdr.description, ...cdr.notes].join('\n'),
          attempts,
          nextAttemptAt: null,
        });
        sent += 1;
      } catch (error) {
        if (error instanceof BillServiceUnavailable) {
          await repo.updateReceipt(tx, receipt.uid, {
            attempts,
            nextAttemptAt: later,
            sunatMessage: error.message,
          });
          return { sent, serverFailing: true };
        }
        if (
          !(
            error instanceof BillServiceFault ||
            error instanceof CertificateRefused ||
            error instanceof NotSendable
          )
        )
          throw error;
        await repo.updateReceipt(tx, receipt.uid, {
          attempts,
          nextAttemptAt: later,
          sunatCode: error.code,
          sunatMessage: error.message,
        });
      }
    }
    return { sent, serverFailing: false };
  });
}

/** Sends receipts until stopped, backing off while SUNAT (or the database) fails. */
export const startReceiptsWorker = (
  db: Database,
  config: Config,
  url: string,
  log: FastifyBaseLogger,
  intervalMs = 5000,
) => startOutboxWorker('receipts', () => sendPendingReceipts(db, config, url), log, intervalMs);
