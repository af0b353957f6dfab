import type { Culqi3dsParameters } from '@storefront/contracts/payments';
import type { OrderBilling } from '@storefront/db/schema/orders';
import type { PaymentActionValue } from '@storefront/db/schema/payments';

// One small interface over the payment providers (architecture §10). A provider is one file that
// answers it; payments.service.ts never knows which one it talks to.

/** Calls to a provider give up after this long: the checkout answers, the reconciliation settles. */
export const PROVIDER_TIMEOUT_MS = 8000;

export interface ChargeInput {
  orderUid: string;
  amountCents: number;
  token: string;
  email: string;
  billing: OrderBilling | null;
  installments: number | null;
  description: string;
  /** Which charge of this order it is (1, then 2 after a 3DS step): part of the idempotency key. */
  attempt: number;
  /** Culqi: what its 3DS library answered, for the charge after the 3DS step. */
  authentication3ds?: Culqi3dsParameters;
  /** Where the provider posts its events (Mercado Pago's notification_url). */
  eventsUrl: string | null;
}

/** A charge as the provider tells it, in our words. */
export interface ProviderCharge {
  state: 'APPROVED' | 'DECLINED' | 'PENDING' | 'ACTION' | 'REFUNDED';
  reference: string | null;
  /** The order uid the charge carries (metadata / external_reference). */
  orderUid: string | null;
  amountCents: number;
  /** ISO 4217, as the provider tells it (null when it does not). */
  currency: string | null;
  cardBrand: string | null;
  last4: string | null;
  /** The provider's message to the customer, on a decline. */
  message: string | null;
  action: PaymentActionValue | null;
}

/** The provider could not be reached, answered 5xx, timed out or refused our key: nothing is known. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

export interface PaymentProvider {
  charge(input: ChargeInput): Promise<ProviderCharge>;
  /** The charge's state now, or null when the provider does not know it. */
  get(reference: string): Promise<ProviderCharge | null>;
  /** Charges carrying this order uid (to look one up before charging again, and after a crash). */
  findByOrder(orderUid: string, hint: { email: string; amountCents: number }): Promise<ProviderCharge[]>;
  /** Refunds part or all of a charge; the key makes a repeated refund a no-op where the provider allows. */
  refund(reference: string, amountCents: number, key: string): Promise<void>;
}

export interface ProviderKeys {
  apiUrl: string;
  secretKey: string;
}

/** A JSON call to a provider: its status and body, or ProviderUnavailable when nothing came back. */
export async function callProvider(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { ...init.headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderUnavailable(`${init.method} ${new URL(url).pathname}: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 500 || response.status === 401 || response.status === 403)
    throw new ProviderUnavailable(`${init.method} ${new URL(url).pathname}: ${response.status}`);
  return { status: response.status, body };
}
