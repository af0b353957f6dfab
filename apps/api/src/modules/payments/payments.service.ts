import type { Language } from '@storefront/contracts/constants';
import { AppError, errorMessage, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Order, OrderBody } from '@storefront/contracts/orders';
import {
  type Culqi3dsParameters,
  type MemberPaymentBody,
  type OrderPayment,
  PAYMENT_CURRENCY,
  type PaymentProviderName,
  PREPAID_METHODS,
  PROVIDER_METHODS,
  type TransferDetails,
} from '@storefront/contracts/payments';
import type { Database, Executor } from '@storefront/db/client';
import { decryptSecret } from '@storefront/db/secrets';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../app.ts';
import { secretsKey } from '../../config.ts';
import { transitionOrder } from '../orders/order-status.service.ts';
import * as orders from '../orders/orders.repository.ts';
import { toOrderDto } from '../orders/orders.service.ts';
import * as repo from './payments.repository.ts';
import { providerFor } from './providers/index.ts';
import { type ProviderCharge, ProviderUnavailable } from './providers/provider.ts';

// The payment of an order (architecture §10): created with the order in PENDING_PAYMENT, charged after
// that commit, and settled by whichever answer comes first — the charge's own, the provider's event,
// the member's 3DS step, staff confirming a transfer, or the reconciliation. Every settlement goes
// through applyCharge, which acts only on a payment still PENDING: a second answer changes nothing.

export interface PaymentDeps {
  db: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
}

export const paymentDeps = (request: FastifyRequest): PaymentDeps => ({
  db: request.server.db,
  config: request.server.config,
  log: request.log,
});

const SYSTEM = { userUid: null, role: 'SYSTEM' } as const;

export const isPrepaid = (method: string): method is (typeof PREPAID_METHODS)[number] =>
  (PREPAID_METHODS as readonly string[]).includes(method);
export const needsProvider = (method: string) => (PROVIDER_METHODS as readonly string[]).includes(method);

/** The company's enabled provider, ready to call with its decrypted secret key; null without one. */
export async function companyProvider(deps: Pick<PaymentDeps, 'db' | 'config'>, companyUid: string) {
  const settings = await repo.findSettings(deps.db, companyUid);
  if (!settings?.enabled || !settings.provider || !settings.secretKeyEncrypted) return null;
  const secretKey = decryptSecret(secretsKey(deps.config), settings.secretKeyEncrypted);
  return {
    name: settings.provider,
    settings,
    provider: providerFor(settings.provider, secretKey, deps.config),
  };
}

export function transferOf(settings: repo.PaymentSettingsRow | null): TransferDetails | null {
  if (!settings?.transferNumber) return null;
  return {
    channel: settings.transferChannel ?? '',
    number: settings.transferNumber,
    holder: settings.transferHolder ?? '',
    qr_url: settings.transferQrImageUid ? `/media/images/${settings.transferQrImageUid}` : null,
  };
}

/**
 * The checkout's checks of a prepaid method, before the transaction: the company's provider must be
 * enabled for a card or Yape (with a token, and billing for a card); a transfer needs its details.
 */
export async function checkPrepaid(
  db: Executor,
  companyUid: string,
  body: Pick<OrderBody, 'payment_type' | 'payment_token' | 'billing'>,
  language: Language,
): Promise<PaymentProviderName | null> {
  if (!isPrepaid(body.payment_type)) return null;
  const settings = await repo.findSettings(db, companyUid);
  if (body.payment_type === 'TRANSFER') {
    if (!settings?.transferNumber) throw new AppError('PAYMENT_METHOD_NOT_ACCEPTED');
    return null;
  }
  if (!settings?.enabled || !settings.provider) throw new AppError('PAYMENT_METHOD_NOT_ACCEPTED');
  const required = FIELD_MESSAGES.required[language];
  if (!body.payment_token) throw new AppError('VALIDATION', { payment_token: [required] });
  if (body.payment_type === 'ONLINE_CARD' && !body.billing)
    throw new AppError('VALIDATION', { billing: [required] });
  return settings.provider;
}

export function toPaymentDto(row: repo.PaymentRow): OrderPayment {
  return {
    method: row.method,
    provider: row.provider,
    status: row.status,
    amount: centsToDecimal(row.amountCents),
    reference: row.reference,
    card_brand: row.cardBrand,
    last4: row.last4,
    refunded_amount: centsToDecimal(row.refundedCents),
    action: row.action ?? null,
    mismatch: row.mismatch
      ? {
          reference: row.mismatch.reference,
          amount: centsToDecimal(row.mismatch.amountCents),
          currency: row.mismatch.currency,
        }
      : null,
  };
}

/** An order answer with its payment, and for a transfer still unpaid, where to send the money. */
export async function orderWithPayment(
  db: Executor,
  row: orders.OrderRow,
  placeName: string,
  history?: orders.HistoryRow[],
): Promise<Order> {
  const payment = isPrepaid(row.paymentType) ? await repo.findPayment(db, row.uid) : null;
  const transfer =
    payment?.method === 'TRANSFER' && row.status === 'PENDING_PAYMENT'
      ? transferOf(await repo.findSettings(db, row.companyUid))
      : null;
  return toOrderDto(row, placeName, history, {
    payment: payment ? toPaymentDto(payment) : null,
    transfer,
  });
}

/** Order answers of a list, with their payments in one query. */
export async function ordersWithPayments(db: Executor, rows: orders.OrderRow[], names: Map<string, string>) {
  const found = await repo.paymentsOf(
    db,
    rows.filter((row) => isPrepaid(row.paymentType)).map((row) => row.uid),
  );
  return rows.map((row) => {
    const payment = found.get(row.uid);
    return toOrderDto(row, names.get(row.placeUid) ?? '', undefined, {
      payment: payment ? toPaymentDto(payment) : null,
      transfer: null,
    });
  });
}

/**
 * What a checkout (or a member's payment step) answers once the charge is known: 201 with the order,
 * or, when the card was declined, 400 with the spec's message and the provider's words.
 */
export async function paymentAnswer(db: Executor, appUid: string, orderUid: string, language: Language) {
  const row = await orders.findOrder(db, appUid, orderUid);
  if (!row) throw new AppError('NOT_FOUND');
  const payment = await repo.findPayment(db, orderUid);
  if (row.status === 'PAYMENT_FAILED' && payment?.status === 'DECLINED' && payment.provider) {
    throw new AppError('CARD_NOT_PROCESSED', {
      non_field_errors: [
        errorMessage('CARD_NOT_PROCESSED', language),
        ...(payment.message ? [payment.message] : []),
      ],
    });
  }
  const names = await orders.placeNames(db, appUid, [row.placeUid]);
  return orderWithPayment(db, row, names.get(row.placeUid) ?? '', await orders.listHistory(db, row.uid));
}

/**
 * Where a provider posts a company's events: on the site's own origin (the link builder's, or
 * PUBLIC_URL); null without one, and then the reconciliation alone settles what is pending.
 */
export function eventsUrl(
  origin: string | null | undefined,
  provider: PaymentProviderName,
  companyUid: string,
) {
  if (!origin) return null;
  const path = provider === 'CULQI' ? 'culqi' : 'mercadopago';
  return new URL(`/api/v5/payments/${path}/${encodeURIComponent(companyUid)}/events/`, origin).toString();
}

/**
 * Asks the provider to charge an order's payment, once per attempt (claimAttempt), and settles it with
 * the answer. From the second attempt on, the charges carrying the order are looked up first (Culqi's
 * idempotency; Mercado Pago's is its X-Idempotency-Key). When the provider cannot be reached, the
 * payment stays PENDING for the reconciliation to settle. With Culqi's 3DS parameters it charges only
 * the payment whose last charge asked for them (the claim clears that action, so once only). With
 * `firstAttempt` it charges only a payment never asked for: a checkout's replay must not ask again while
 * the first request's charge may still be on its way (the reconciliation asks again, two minutes on).
 */
export async function chargeOrder(
  deps: PaymentDeps,
  orderUid: string,
  options: { authentication3ds?: Culqi3dsParameters; firstAttempt?: boolean } = {},
): Promise<void> {
  const payment = await repo.findPayment(deps.db, orderUid);
  if (!payment?.provider || payment.status !== 'PENDING' || !payment.token) return;
  if (options.authentication3ds && payment.action?.type !== 'CULQI_3DS') return;
  if (options.firstAttempt && payment.attempts > 0) return;
  const claimed = await repo.claimAttempt(deps.db, payment.uid, payment.attempts);
  if (!claimed) return;
  const row = await repo.findOrderRow(deps.db, orderUid);
  if (!row) return;
  const found = await companyProvider(deps, row.companyUid);
  if (!found) {
    await applyCharge(deps, orderUid, declined(claimed, null), { answersAttempt: true });
    return;
  }
  const email = row.billing?.email ?? row.userData.email ?? '';
  try {
    if (claimed.attempts > 1) {
      const earlier = await found.provider.findByOrder(orderUid, { email, amountCents: claimed.amountCents });
      const decided = earlier.find(
        (charge) =>
          isOwnCharge(claimed, charge) && (charge.state === 'APPROVED' || charge.state === 'PENDING'),
      );
      // This attempt asks nothing: the earlier one's charge is the answer.
      if (decided) {
        await applyCharge(deps, orderUid, decided, { answersAttempt: true });
        return;
      }
    }
    const charge = await found.provider.charge({
      orderUid,
      amountCents: claimed.amountCents,
      token: claimed.token ?? '',
      email,
      billing: row.billing,
      installments: claimed.installments,
      description: `Pedido ${row.number}`,
      attempt: claimed.attempts,
      authentication3ds: options.authentication3ds,
      eventsUrl: eventsUrl(deps.config.PUBLIC_URL, found.name, row.companyUid),
    });
    await applyCharge(deps, orderUid, charge, { answersAttempt: true });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    deps.log.warn({ order: orderUid, err: error.message }, 'payment provider unavailable; left pending');
  }
}

const declined = (payment: repo.PaymentRow, message: string | null): ProviderCharge => ({
  state: 'DECLINED',
  reference: null,
  orderUid: payment.orderUid,
  amountCents: payment.amountCents,
  currency: PAYMENT_CURRENCY,
  cardBrand: null,
  last4: null,
  message,
  action: null,
});

/**
 * Whether a charge naming the payment's order is the payment's own: the very amount, in its currency.
 * Anyone may name an order in a charge's metadata; only the exact charge pays it.
 */
export const isOwnCharge = (payment: Pick<repo.PaymentRow, 'amountCents'>, charge: ProviderCharge) =>
  charge.amountCents === payment.amountCents && charge.currency === PAYMENT_CURRENCY;

/**
 * Settles a payment with what the provider says of a charge, in one transaction under the payment's
 * and the order's locks. A charge of another amount or currency moves nothing and is recorded for
 * staff (the payment's `mismatch`). With `answersAttempt` (the provider's answer to the attempt just
 * claimed), a final answer counts in `answered`: every charge asked answered so, a failed or expired
 * payment is finished. Only a PENDING payment of a PENDING_PAYMENT order moves (approved → RECEIVED,
 * declined → PAYMENT_FAILED with everything given back); an approved charge that comes after its order
 * failed, expired or was cancelled is refunded; anything else changes nothing (duplicates, late and
 * out-of-order answers).
 */
export async function applyCharge(
  deps: PaymentDeps,
  orderUid: string,
  charge: ProviderCharge,
  options: { answersAttempt?: boolean } = {},
): Promise<void> {
  const refund = await deps.db.transaction(async (tx) => {
    // The order's lock first, then its payment's, as a cancellation takes them.
    const order = await repo.findOrderRow(tx, orderUid, { lock: true });
    const payment = order && (await repo.findPayment(tx, orderUid, { lock: true }));
    if (!payment || !order) return false;
    if (!isOwnCharge(payment, charge)) {
      const mismatch = {
        reference: charge.reference,
        amountCents: charge.amountCents,
        currency: charge.currency,
      };
      deps.log.warn(
        { order: orderUid, ...mismatch },
        'a charge naming the order is not its payment; left to staff',
      );
      await repo.recordMismatch(tx, payment.uid, mismatch);
      return false;
    }
    // In process (Mercado Pago's pending or challenge) is no final answer: that charge may still land.
    if (
      options.answersAttempt &&
      charge.state !== 'PENDING' &&
      (charge.state !== 'ACTION' || charge.action?.type === 'CULQI_3DS')
    )
      await repo.countAnswer(tx, payment.uid);
    const waiting = payment.status === 'PENDING' && order.status === 'PENDING_PAYMENT';
    const card = {
      reference: charge.reference ?? payment.reference,
      cardBrand: charge.cardBrand ?? payment.cardBrand,
      last4: charge.last4 ?? payment.last4,
    };
    if (charge.state === 'APPROVED') {
      if (waiting) {
        await repo.updatePayment(tx, payment.uid, { ...card, status: 'APPROVED', action: null, token: null });
        await transitionOrder(tx, { appUid: order.appUid }, orderUid, 'RECEIVED', SYSTEM);
        // Stryker disable next-line BooleanLiteral: refundPayment leaves the APPROVED payment just written alone.
        return false;
      }
      // A charge that landed after its order stopped waiting: its money goes back.
      if (
        payment.status !== 'APPROVED' &&
        payment.status !== 'REFUND_PENDING' &&
        payment.status !== 'REFUNDED'
      ) {
        await repo.updatePayment(tx, payment.uid, {
          ...card,
          status: 'REFUND_PENDING',
          refundedCents: payment.amountCents,
        });
        return true;
      }
      return false;
    }
    if (charge.state === 'DECLINED' && waiting) {
      await repo.updatePayment(tx, payment.uid, {
        ...card,
        status: 'DECLINED',
        message: charge.message,
        action: null,
        token: null,
      });
      await transitionOrder(tx, { appUid: order.appUid }, orderUid, 'PAYMENT_FAILED', SYSTEM);
    } else if ((charge.state === 'PENDING' || charge.state === 'ACTION') && waiting) {
      await repo.updatePayment(tx, payment.uid, { ...card, action: charge.action });
    } else if (charge.state === 'REFUNDED' && payment.status === 'REFUND_PENDING') {
      await repo.updatePayment(tx, payment.uid, { status: 'REFUNDED' });
    }
    return false;
  });
  if (refund) await refundPayment(deps, orderUid);
}

/**
 * Refunds a payment marked REFUND_PENDING through its provider, once: the charge is read back first
 * (a refund that went through before a crash is only recorded), then refunded with a key derived from
 * the order. A failure leaves it REFUND_PENDING for the reconciliation to try again.
 */
export async function refundPayment(deps: PaymentDeps, orderUid: string): Promise<void> {
  const payment = await repo.findPayment(deps.db, orderUid);
  if (payment?.status !== 'REFUND_PENDING' || !payment.reference) return;
  const found = await companyProvider(deps, payment.companyUid);
  if (!found) return;
  try {
    const charge = await found.provider.get(payment.reference);
    if (charge?.state !== 'REFUNDED')
      await found.provider.refund(payment.reference, payment.refundedCents, `${orderUid}:refund`);
    await repo.updatePayment(deps.db, payment.uid, { status: 'REFUNDED' });
  } catch (error) {
    deps.log.warn({ order: orderUid, err: (error as Error).message }, 'refund failed; retried later');
  }
}

/**
 * POST v5/me/orders/{uid}/payment/: the member's step on an order waiting for its payment — the 3DS
 * parameters Culqi's library answered (the card is charged again with them, once: a repeated post
 * answers the order as it is now, 400 if declined), or a transfer's operation number (kept for the
 * staff who confirm it).
 */
export async function memberPayment(
  deps: PaymentDeps,
  scope: { appUid: string; userUid: string; language: Language },
  orderUid: string,
  body: MemberPaymentBody,
) {
  const order = await orders.findOrder(deps.db, scope.appUid, orderUid, { userUid: scope.userUid });
  if (!order) throw new AppError('NOT_FOUND');
  // An order paid at the door has no payment step to take.
  const payment = await repo.findPayment(deps.db, orderUid);
  if (!payment) throw new AppError('ORDER_STATUS_NOT_ALLOWED');
  const required = FIELD_MESSAGES.required[scope.language];
  if (payment.method === 'TRANSFER') {
    if (order.status !== 'PENDING_PAYMENT' || payment.status !== 'PENDING')
      throw new AppError('ORDER_STATUS_NOT_ALLOWED');
    if (!body.operation_number) throw new AppError('VALIDATION', { operation_number: [required] });
    await repo.updatePayment(deps.db, payment.uid, { reference: body.operation_number });
  } else {
    if (!body.authentication_3ds) throw new AppError('VALIDATION', { authentication_3ds: [required] });
    await chargeOrder(deps, orderUid, { authentication3ds: body.authentication_3ds });
  }
  return paymentAnswer(deps.db, scope.appUid, orderUid, scope.language);
}

/**
 * POST v5/retail/orders/{uid}/payment/: staff of the order's place confirm a transfer (RECEIVED, the
 * operation number kept) or reject it (PAYMENT_FAILED, everything given back), in one transaction.
 * Nobody settles their own order, and an operation number confirms one order of the company: its
 * confirmations are taken one at a time, under the company's settings row.
 */
export async function settleTransfer(
  tx: Executor,
  order: orders.OrderRow,
  staff: { userUid: string; language: Language },
  body: { operation_number: string } | { reject: true },
) {
  if (order.userUid === staff.userUid) throw new AppError('FORBIDDEN');
  const payment = await repo.findPayment(tx, order.uid, { lock: true });
  // Only a transfer still waiting is the staff's to confirm or reject.
  if (payment?.method !== 'TRANSFER' || order.status !== 'PENDING_PAYMENT' || payment.status !== 'PENDING')
    throw new AppError('ORDER_STATUS_NOT_ALLOWED');
  const actor = { userUid: staff.userUid, role: 'STAFF' } as const;
  if ('reject' in body) {
    await repo.updatePayment(tx, payment.uid, { status: 'DECLINED' });
    return transitionOrder(tx, { appUid: order.appUid }, order.uid, 'PAYMENT_FAILED', actor);
  }
  await repo.lockCompanyTransfers(tx, order.companyUid);
  if (await repo.transferNumberUsed(tx, order.companyUid, body.operation_number))
    throw new AppError('VALIDATION', {
      operation_number: [FIELD_MESSAGES.operationNumberUsed[staff.language]],
    });
  await repo.updatePayment(tx, payment.uid, { status: 'APPROVED', reference: body.operation_number });
  return transitionOrder(tx, { appUid: order.appUid }, order.uid, 'RECEIVED', actor);
}

/**
 * A provider's event (architecture §10): only a hint of which charge to read back. The charge is read
 * from the provider with the company's key and applied (applyCharge changes nothing twice). An event
 * of a provider the company does not use now is not read back; a charge of another company's order,
 * or of a payment the provider does not take (a transfer), is ignored.
 */
export async function handleEvent(
  deps: PaymentDeps,
  companyUid: string,
  provider: PaymentProviderName,
  chargeId: string,
): Promise<void> {
  const found = await companyProvider(deps, companyUid);
  if (found?.name !== provider) return;
  const charge = await found.provider.get(chargeId);
  if (!charge?.orderUid) return;
  const payment = await repo.findPayment(deps.db, charge.orderUid);
  if (payment?.companyUid !== companyUid || payment.provider !== provider) return;
  // A duplicate of a settled payment (most events) answers without applyCharge's locks: a payment
  // APPROVED or REFUNDED never moves on a provider's word, and REFUND_PENDING only on a refund.
  const settled =
    payment.status === 'APPROVED' ||
    payment.status === 'REFUNDED' ||
    (payment.status === 'REFUND_PENDING' && charge.state !== 'REFUNDED');
  if (!settled) await applyCharge(deps, charge.orderUid, charge);
}
