import { ERRORS } from '@storefront/contracts/errors';
import type { OrderBody } from '@storefront/contracts/orders';
import type { PlacePaymentSettings } from '@storefront/contracts/payments';
import { ApiError } from '../../../lib/api-client.ts';

type PaymentType = OrderBody['payment_type'];

/**
 * The online methods the checkout offers (architecture §10): a card with the company's provider, Yape
 * with Culqi (Mercado Pago takes cards only), and a transfer when the shop set its details.
 */
export function onlineMethods(settings: PlacePaymentSettings | undefined): PaymentType[] {
  if (!settings) return [];
  const provider = settings.provider && settings.public_key && settings.script_url ? settings.provider : null;
  return [
    ...(provider ? (['ONLINE_CARD'] as const) : []),
    ...(provider === 'CULQI' ? (['YAPE'] as const) : []),
    ...(settings.transfer ? (['TRANSFER'] as const) : []),
  ];
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
