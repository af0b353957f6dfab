import { PAYMENT_HOLD_MINUTES } from '@storefront/contracts/payments';
import { transitionOrder } from '../orders/order-status.service.ts';
import * as repo from './payments.repository.ts';
import {
  applyCharge,
  chargeOrder,
  companyProvider,
  isOwnCharge,
  type PaymentDeps,
  refundPayment,
} from './payments.service.ts';

const MINUTE_MS = 60_000;
/** A payment is asked about once it has waited this long (architecture §10). */
export const SETTLE_AFTER_MS = 2 * MINUTE_MS;
/** How long a failed or expired payment is looked up for a charge that landed late. */
const LATE_CHARGES_MS = 60 * MINUTE_MS;

/** PENDING_PAYMENT → PAYMENT_EXPIRED with everything given back, if the payment still waits. */
async function expire(deps: PaymentDeps, orderUid: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await repo.findOrderRow(tx, orderUid, { lock: true });
    const payment = order && (await repo.findPayment(tx, orderUid, { lock: true }));
    if (order?.status !== 'PENDING_PAYMENT' || payment?.status !== 'PENDING') return;
    await repo.updatePayment(tx, payment.uid, { status: 'EXPIRED', token: null, action: null });
    await transitionOrder(tx, { appUid: order.appUid }, orderUid, 'PAYMENT_EXPIRED', {
      userUid: null,
      role: 'SYSTEM',
    });
  });
}

/** Asks the provider about one payment and settles it with the answer (see reconcilePayments). */
async function reconcileOne(deps: PaymentDeps, payment: repo.PaymentRow, expired: boolean) {
  if (payment.status === 'REFUND_PENDING') return refundPayment(deps, payment.orderUid);
  try {
    await askProvider(deps, payment, expired);
  } catch (error) {
    // A provider still down does not keep the order's stock and balance past the hold: it expires,
    // and a charge the provider made meanwhile is found (and refunded) by a later pass.
    if (!expired) throw error;
    deps.log.warn({ order: payment.orderUid, err: (error as Error).message }, 'payment reconciliation');
  }
  if (expired && payment.status === 'PENDING') await expire(deps, payment.orderUid);
}

/** The charges the provider has of the payment, applied; charged again if it has none. */
async function askProvider(deps: PaymentDeps, payment: repo.PaymentRow, expired: boolean) {
  const found = payment.provider ? await companyProvider(deps, payment.companyUid) : null;
  if (found && payment.attempts > 0) {
    const order = await repo.findOrderRow(deps.db, payment.orderUid);
    const email = order?.billing?.email ?? order?.userData.email ?? '';
    const charges = payment.reference
      ? [await found.provider.get(payment.reference)]
      : await found.provider.findByOrder(payment.orderUid, { email, amountCents: payment.amountCents });
    for (const charge of charges) if (charge) await applyCharge(deps, payment.orderUid, charge);
    const known = charges.some(
      (charge) => charge && charge.state !== 'DECLINED' && isOwnCharge(payment, charge),
    );
    // Nothing reached the provider (it was down, or the process died before asking): ask again,
    // unless the member still has a 3DS step to take.
    if (!known && payment.status === 'PENDING' && !payment.action && !expired)
      await chargeOrder(deps, payment.orderUid);
  } else if (found && payment.status === 'PENDING' && !expired) {
    await chargeOrder(deps, payment.orderUid);
  }
}

/**
 * The periodic reconciliation (architecture §10), safe with several processes (every settlement is
 * applyCharge's, under row locks): payments pending for two minutes are asked about (or charged, if
 * the charge was never asked: a crash after the order's commit) and settled; those unpaid after the
 * hold expire, on time; failed or expired ones whose charge was never answered for good are looked up
 * for one that landed late, which is refunded; refunds that failed are tried again. `now` is the
 * pass's clock.
 */
export async function reconcilePayments(deps: PaymentDeps, now = new Date()) {
  const holdMs = (deps.config.PAYMENT_HOLD_MINUTES ?? PAYMENT_HOLD_MINUTES) * MINUTE_MS;
  const due = await repo.dueForReconciliation(deps.db, {
    settledBefore: new Date(now.getTime() - SETTLE_AFTER_MS),
    heldBefore: new Date(now.getTime() - holdMs),
    lateSince: new Date(now.getTime() - LATE_CHARGES_MS),
  });
  let failures = 0;
  for (const { payment, orderCreatedAt } of due) {
    try {
      await reconcileOne(deps, payment, now.getTime() - orderCreatedAt.getTime() > holdMs);
    } catch (error) {
      failures++;
      deps.log.warn({ order: payment.orderUid, err: (error as Error).message }, 'payment reconciliation');
    }
  }
  return { looked: due.length, failures };
}
