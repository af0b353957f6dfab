import type { Executor } from '@storefront/db/client';
import { orders } from '@storefront/db/schema/orders';
import { companyPaymentSettings, type PaymentMismatchValue, payments } from '@storefront/db/schema/payments';
import { companies } from '@storefront/db/schema/tenancy';
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentSettingsRow = typeof companyPaymentSettings.$inferSelect;

export async function findSettings(db: Executor, companyUid: string): Promise<PaymentSettingsRow | null> {
  const [row] = await db
    .select()
    .from(companyPaymentSettings)
    .where(eq(companyPaymentSettings.companyUid, companyUid));
  return row ?? null;
}

/**
 * A company of the app a provider's event names in its path, with its provider and sealed webhook
 * secret (null when unset), in one query; null when the company is not the app's.
 */
export async function eventCompany(db: Executor, appUid: string, companyUid: string) {
  const [row] = await db
    .select({
      provider: companyPaymentSettings.provider,
      webhookSecretEncrypted: companyPaymentSettings.webhookSecretEncrypted,
    })
    .from(companies)
    .leftJoin(companyPaymentSettings, eq(companyPaymentSettings.companyUid, companies.uid))
    .where(and(eq(companies.uid, companyUid), eq(companies.appUid, appUid)));
  return row ?? null;
}

export async function insertPayment(tx: Executor, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await tx.insert(payments).values(row).returning();
  if (!inserted) throw new Error('payment not returned');
  return inserted;
}

export async function findPayment(
  db: Executor,
  orderUid: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | null> {
  const query = db.select().from(payments).where(eq(payments.orderUid, orderUid));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function paymentsOf(db: Executor, orderUids: string[]): Promise<Map<string, PaymentRow>> {
  if (orderUids.length === 0) return new Map();
  const rows = await db.select().from(payments).where(inArray(payments.orderUid, orderUids));
  return new Map(rows.map((row) => [row.orderUid, row]));
}

export async function updatePayment(
  db: Executor,
  uid: string,
  fields: Partial<Omit<PaymentRow, 'uid' | 'orderUid'>>,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(payments.uid, uid))
    .returning();
  if (!row) throw new Error('payment not found');
  return row;
}

/**
 * Records a charge naming the payment's order that is not its payment. The payment's updatedAt, the
 * reconciliation's clock, stays: someone else's charges must not put off its look-ups.
 */
export async function recordMismatch(tx: Executor, uid: string, mismatch: PaymentMismatchValue) {
  await tx.update(payments).set({ mismatch }).where(eq(payments.uid, uid));
}

/** One more attempt answered for good (payments.answered). */
export async function countAnswer(tx: Executor, uid: string) {
  await tx
    .update(payments)
    .set({ answered: sql`${payments.answered} + 1` })
    .where(eq(payments.uid, uid));
}

/**
 * Claims the next charge of a pending payment: only the caller whose `attempts` it saw gets the row,
 * so concurrent requests (or processes) never ask the provider twice for one attempt.
 */
export async function claimAttempt(db: Executor, uid: string, seen: number): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ attempts: seen + 1, action: null, updatedAt: new Date() })
    .where(and(eq(payments.uid, uid), eq(payments.attempts, seen), eq(payments.status, 'PENDING')))
    .returning();
  return row ?? null;
}

/**
 * The payments the reconciliation looks at, with their orders' status and creation time: pending ones
 * asked about after `settledBefore` or whose order is past the hold (`heldBefore`), refunds to try
 * again, and failed or expired ones a charge may still land for. Oldest orders first, and those only
 * looked up for a late charge after the rest: a full pass never keeps an order past its hold.
 */
export function dueForReconciliation(
  db: Executor,
  at: { settledBefore: Date; heldBefore: Date; lateSince: Date },
) {
  return db
    .select({ payment: payments, orderCreatedAt: orders.createdAt })
    .from(payments)
    .innerJoin(orders, eq(orders.uid, payments.orderUid))
    .where(
      or(
        and(
          eq(payments.status, 'PENDING'),
          or(lt(payments.updatedAt, at.settledBefore), lt(orders.createdAt, at.heldBefore)),
        ),
        eq(payments.status, 'REFUND_PENDING'),
        // A charge asked and never answered for good may land after its order failed or expired:
        // looked up for an hour. One answered for good is finished.
        and(
          inArray(payments.status, ['DECLINED', 'EXPIRED']),
          sql`${payments.attempts} > ${payments.answered}`,
          sql`${payments.provider} is not null`,
          sql`${payments.updatedAt} > ${at.lateSince}`,
          lt(payments.updatedAt, at.settledBefore),
        ),
      ),
    )
    .orderBy(sql`${payments.status} in ('DECLINED', 'EXPIRED')`, asc(orders.createdAt))
    .limit(200);
}

/** Locks the company's payment settings: its transfers are confirmed one at a time (transferNumberUsed). */
export async function lockCompanyTransfers(tx: Executor, companyUid: string): Promise<void> {
  await tx
    .select({ companyUid: companyPaymentSettings.companyUid })
    .from(companyPaymentSettings)
    .where(eq(companyPaymentSettings.companyUid, companyUid))
    .for('update');
}

/** Whether a transfer of the company was confirmed with this operation number (in any case). */
export async function transferNumberUsed(tx: Executor, companyUid: string, operationNumber: string) {
  const [row] = await tx
    .select({ uid: payments.uid })
    .from(payments)
    .where(
      and(
        eq(payments.companyUid, companyUid),
        eq(payments.method, 'TRANSFER'),
        eq(payments.status, 'APPROVED'),
        sql`lower(${payments.reference}) = lower(${operationNumber})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** An order by its uid alone (the payment's own jobs and events run outside any tenant). */
export async function findOrderRow(db: Executor, orderUid: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(orders).where(eq(orders.uid, orderUid));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * In the caller's transaction, when an order is cancelled: its approved online payment is to be
 * refunded (REFUND_PENDING; payments.service refundPayment does it after the commit); a payment still
 * pending stops. A confirmed transfer stays APPROVED: the shop gives that money back by hand.
 */
export async function markCancelled(tx: Executor, orderUid: string): Promise<void> {
  const payment = await findPayment(tx, orderUid, { lock: true });
  if (payment?.status === 'PENDING')
    await updatePayment(tx, payment.uid, { status: 'EXPIRED', token: null, action: null });
  else if (payment?.status === 'APPROVED' && payment.provider)
    await updatePayment(tx, payment.uid, { status: 'REFUND_PENDING', refundedCents: payment.amountCents });
}

/** Whether any company has a provider set (a production server then needs SECRETS_KEY). */
export async function anyProviderSet(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ uid: companyPaymentSettings.companyUid })
    .from(companyPaymentSettings)
    .where(isNotNull(companyPaymentSettings.provider))
    .limit(1);
  return Boolean(row);
}
