import { ERRORS } from '@storefront/contracts/errors';
import type { OrderBody } from '@storefront/contracts/orders';
import type { PlacePaymentSettings } from '@storefront/contracts/payments';
import { ApiError } from '../../../lib/api-client.ts';

type PaymentType = OrderBody['payment_type'];

/**
 * The online methods the checkout offers (architecture §10): those the place takes now, a card or Yape
 * only once the provider's key and script are known, a transfer only with the shop's details.
 */
export function onlineMethods(settings: PlacePaymentSettings | undefined): PaymentType[] {
  if (!settings) return [];
  const provider = Boolean(settings.provider && settings.public_key && settings.script_url);
  return settings.methods.filter((method) =>
    method === 'TRANSFER'
      ? settings.transfer !== null
      : provider && (method !== 'YAPE' || settings.provider === 'CULQI'),
  );
}

/** The methods whose token the provider's script makes before the order is sent. */
export function isProviderMethod(method: string): method is 'ONLINE_CARD' | 'YAPE' {
  return method === 'ONLINE_CARD' || method === 'YAPE';
}

/**
 * A declined payment's messages, one a line: the spec's "card could not be processed" and the
 * provider's message to the customer (the API's non_field_errors); null for any other error.
 */
export function paymentFailure(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const messages = error.body.non_field_errors;
  if (!Array.isArray(messages) || typeof messages[0] !== 'string') return null;
  const card: string[] = [ERRORS.CARD_NOT_PROCESSED.es, ERRORS.CARD_NOT_PROCESSED.en];
  return card.includes(messages[0]) ? messages.filter((m) => typeof m === 'string').join('\n') : null;
}
