import { centsToDecimal } from '@storefront/contracts/money';
import { PAYMENT_CURRENCY } from '@storefront/contracts/payments';
import type { ChargeInput, PaymentProvider, ProviderCharge, ProviderKeys } from './provider.ts';
import { callProvider } from './provider.ts';

// Mercado Pago's Payments API v1 (https://www.mercadopago.com.pe/developers/en/reference), over its
// REST API: the official SDK's base address is a constant, and tests point this at a local fake
// (decision 026). A payment may stay in_process and be settled later (its notification, or the
// reconciliation); X-Idempotency-Key makes a repeated charge the same payment.

type Json = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** Mercado Pago's status_detail of a rejection, in words a customer can act on. */
const REJECTIONS: Record<string, string> = {
  cc_rejected_insufficient_amount: 'Fondos insuficientes',
  cc_rejected_bad_filled_security_code: 'Revisa el código de seguridad',
  cc_rejected_bad_filled_date: 'Revisa la fecha de vencimiento',
  cc_rejected_call_for_authorize: 'Debes autorizar el pago con tu banco',
};

function toCharge(body: Json): ProviderCharge {
  const status = body.status;
  const card = (body.card ?? {}) as Json;
  const threeDs = (body.three_ds_info ?? null) as Json | null;
  const refunded = Number(body.transaction_amount_refunded ?? 0);
  const state =
    status === 'approved'
      ? refunded > 0
        ? 'REFUNDED'
        : 'APPROVED'
      : status === 'refunded' || status === 'charged_back'
        ? 'REFUNDED'
        : status === 'in_process' || status === 'pending' || status === 'authorized'
          ? threeDs?.external_resource_url
            ? 'ACTION'
            : 'PENDING'
          : 'DECLINED';
  return {
    state,
    reference: str(body.id),
    orderUid: str(body.external_reference),
    amountCents: Math.round(Number(body.transaction_amount ?? 0) * 100),
    currency: str(body.currency_id),
    cardBrand: str(body.payment_method_id),
    last4: str(card.last_four_digits),
    message: state === 'DECLINED' ? (REJECTIONS[String(body.status_detail)] ?? null) : null,
    action:
      state === 'ACTION' && threeDs
        ? { type: 'CHALLENGE', url: str(threeDs.external_resource_url), creq: str(threeDs.creq) }
        : null,
  };
}

export function mercadoPago(keys: ProviderKeys): PaymentProvider {
  const headers = { authorization: `Bearer ${keys.secretKey}` };
  const url = (path: string) => new URL(path, `${keys.apiUrl.replace(/\/$/, '')}/`).toString();
  return {
    async charge(input: ChargeInput) {
      const { status, body } = await callProvider(url('v1/payments'), {
        method: 'POST',
        headers: { ...headers, 'x-idempotency-key': `${input.orderUid}:${input.attempt}` },
        body: {
          transaction_amount: Number(centsToDecimal(input.amountCents)),
          token: input.token,
          description: input.description.slice(0, 250),
          installments: input.installments ?? 1,
          external_reference: input.orderUid,
          payer: {
            email: input.email,
            ...(input.billing && {
              first_name: input.billing.first_name,
              last_name: input.billing.last_name,
            }),
          },
          three_d_secure_mode: 'optional',
          ...(input.eventsUrl && { notification_url: input.eventsUrl }),
        },
      });
      if (status < 300) return toCharge(body);
      // 400: a bad or used token; nothing was charged.
      return {
        state: 'DECLINED',
        reference: null,
        orderUid: input.orderUid,
        amountCents: input.amountCents,
        currency: PAYMENT_CURRENCY,
        cardBrand: null,
        last4: null,
        message: null,
        action: null,
      };
    },
    async get(reference) {
      const { status, body } = await callProvider(url(`v1/payments/${encodeURIComponent(reference)}`), {
        method: 'GET',
        headers,
      });
      return status === 200 ? toCharge(body) : null;
    },
    async findByOrder(orderUid) {
      const query = new URLSearchParams({ external_reference: orderUid });
      const { status, body } = await callProvider(url(`v1/payments/search?${query}`), {
        method: 'GET',
        headers,
      });
      const results = status === 200 && Array.isArray(body.results) ? (body.results as Json[]) : [];
      return results.map(toCharge).filter((charge) => charge.orderUid === orderUid);
    },
    async refund(reference, amountCents, key) {
      const { status } = await callProvider(url(`v1/payments/${encodeURIComponent(reference)}/refunds`), {
        method: 'POST',
        headers: { ...headers, 'x-idempotency-key': key },
        body: { amount: Number(centsToDecimal(amountCents)) },
      });
      if (status >= 300) throw new Error(`Mercado Pago refused the refund: ${status}`);
    },
  };
}
