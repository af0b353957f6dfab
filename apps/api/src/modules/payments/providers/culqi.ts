import { PAYMENT_CURRENCY } from '@storefront/contracts/payments';
import type { ChargeInput, PaymentProvider, ProviderCharge, ProviderKeys } from './provider.ts';
import { callProvider } from './provider.ts';

// Culqi's REST API v2 (https://apidocs.culqi.com): charges answer at once; a card that needs Three-D
// Secure answers `action_code: REVIEW` and is charged again with `authentication_3DS`. Idempotency: the
// order uid rides in the charge's metadata and is looked up before any retry (payments.service.ts).

type Json = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toCharge(body: Json): ProviderCharge {
  const outcome = (body.outcome ?? {}) as Json;
  const source = (body.source ?? {}) as Json;
  const iin = (source.iin ?? {}) as Json;
  const metadata = (body.metadata ?? {}) as Json;
  const refunded = Number(body.amount_refunded ?? 0);
  const approved = outcome.type === 'venta_exitosa';
  return {
    state: approved ? (refunded > 0 ? 'REFUNDED' : 'APPROVED') : 'DECLINED',
    reference: str(body.id),
    orderUid: str(metadata.order_uid),
    amountCents: Number(body.amount ?? 0),
    currency: str(body.currency_code),
    cardBrand: str(iin.card_brand),
    last4: str(source.last_four),
    message: approved ? null : str(outcome.user_message),
    action: null,
  };
}

export function culqi(keys: ProviderKeys): PaymentProvider {
  const headers = { authorization: `Bearer ${keys.secretKey}` };
  const url = (path: string) => new URL(path, `${keys.apiUrl.replace(/\/$/, '')}/`).toString();
  return {
    async charge(input: ChargeInput) {
      const billing = input.billing;
      const { status, body } = await callProvider(url('v2/charges'), {
        method: 'POST',
        headers,
        body: {
          amount: input.amountCents,
          currency_code: PAYMENT_CURRENCY,
          email: input.email,
          source_id: input.token,
          capture: true,
          description: input.description.slice(0, 80),
          metadata: { order_uid: input.orderUid },
          ...(billing && {
            antifraud_details: {
              first_name: billing.first_name,
              last_name: billing.last_name,
              address: billing.address,
              address_city: billing.city,
              country_code: 'PE',
              phone_number: billing.phone,
            },
          }),
          ...(input.authentication3ds && { authentication_3DS: input.authentication3ds }),
        },
      });
      if (body.action_code === 'REVIEW')
        return {
          state: 'ACTION',
          reference: null,
          orderUid: input.orderUid,
          amountCents: input.amountCents,
          currency: PAYMENT_CURRENCY,
          cardBrand: null,
          last4: null,
          message: null,
          action: { type: 'CULQI_3DS', url: null, creq: null },
        };
      if (status < 300 && body.object === 'charge') return toCharge(body);
      // 402 card_error (and 400 for a used or bad token): declined, with Culqi's words to the customer.
      return {
        state: 'DECLINED',
        reference: str(body.charge_id),
        orderUid: input.orderUid,
        amountCents: input.amountCents,
        currency: PAYMENT_CURRENCY,
        cardBrand: null,
        last4: null,
        message: str(body.user_message),
        action: null,
      };
    },
    async get(reference) {
      const { status, body } = await callProvider(url(`v2/charges/${encodeURIComponent(reference)}`), {
        method: 'GET',
        headers,
      });
      return status === 200 && body.object === 'charge' ? toCharge(body) : null;
    },
    async findByOrder(orderUid, hint) {
      const query = new URLSearchParams({ email: hint.email, amount: String(hint.amountCents) });
      const { status, body } = await callProvider(url(`v2/charges?${query}`), { method: 'GET', headers });
      const data = status === 200 && Array.isArray(body.data) ? (body.data as Json[]) : [];
      return data.map(toCharge).filter((charge) => charge.orderUid === orderUid);
    },
    async refund(reference, amountCents) {
      const { status, body } = await callProvider(url('v2/refunds'), {
        method: 'POST',
        headers,
        body: { amount: amountCents, charge_id: reference, reason: 'solicitud_comprador' },
      });
      if (status >= 300 || body.object !== 'refund')
        throw new Error(`Culqi refused the refund: ${status} ${str(body.merchant_message) ?? ''}`);
    },
  };
}
