import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { images } from './media.ts';
import { orders } from './orders.ts';
import { companies } from './tenancy.ts';

/**
 * A company's payment provider and transfer details (architecture §10). The secret key and the
 * webhook secret are stored encrypted (AES-256-GCM under SECRETS_KEY, packages/db/src/secrets.ts).
 */
export const companyPaymentSettings = pgTable('company_payment_settings', {
  companyUid: text()
    .primaryKey()
    .references(() => companies.uid, { onDelete: 'cascade' }),
  provider: text({ enum: ['CULQI', 'MERCADO_PAGO'] }),
  publicKey: text(),
  secretKeyEncrypted: text(),
  webhookSecretEncrypted: text(),
  enabled: boolean().notNull().default(false),
  transferChannel: text(),
  transferNumber: text(),
  transferHolder: text(),
  transferQrImageUid: text().references(() => images.uid, { onDelete: 'set null' }),
  version: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The 3DS step the browser must take (contracts' paymentActionSchema). */
export interface PaymentActionValue {
  type: 'CULQI_3DS' | 'CHALLENGE';
  url: string | null;
  creq: string | null;
}

/** A charge naming an order that is not its payment: another amount or currency (contracts' paymentMismatchSchema). */
export interface PaymentMismatchValue {
  reference: string | null;
  amountCents: number;
  currency: string | null;
}

/**
 * The payment of a prepaid order (one per order). `token` is the provider's one-use card token, kept
 * until the charge is asked; `attempts` counts charges asked, so a retry after a crash looks the first
 * one up before charging again.
 */
export const payments = pgTable(
  'payments',
  {
    uid: uuid().primaryKey().defaultRandom(),
    orderUid: uuid()
      .notNull()
      .unique()
      .references(() => orders.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    method: text({ enum: ['ONLINE_CARD', 'YAPE', 'TRANSFER'] }).notNull(),
    provider: text({ enum: ['CULQI', 'MERCADO_PAGO'] }),
    status: text({
      enum: ['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED', 'REFUND_PENDING', 'REFUNDED'],
    }).notNull(),
    amountCents: integer().notNull(),
    /** The provider's charge or payment id; for a transfer, the operation number. */
    reference: text(),
    cardBrand: text(),
    last4: text(),
    refundedCents: integer().notNull().default(0),
    refundReference: text(),
    token: text(),
    installments: integer(),
    attempts: integer().notNull().default(0),
    /**
     * Attempts the provider answered for good: approved, declined, refunded, or Culqi's 3DS review
     * (nothing charged). Fewer than `attempts`, a charge may still land: a failed or expired payment is
     * then looked up for an hour; otherwise it is finished.
     */
    answered: integer().notNull().default(0),
    action: jsonb().$type<PaymentActionValue | null>(),
    /** The provider's message to the customer on a decline. */
    message: text(),
    /** The last charge the provider told of for this order at another amount or currency: never applied, shown to staff. */
    mismatch: jsonb().$type<PaymentMismatchValue | null>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_refunded_check', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
    index().on(t.status, t.updatedAt),
    /** A company's transfers by operation number (one number confirms one order). */
    index('payments_transfer_number_idx')
      .on(t.companyUid, sql`lower(${t.reference})`)
      .where(sql`${t.method} = 'TRANSFER'`),
  ],
);
