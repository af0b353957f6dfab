import type { Database } from '@storefront/db/client';
import { companyPaymentSettings } from '@storefront/db/schema/payments';
import { DEV_SECRETS_KEY, encryptSecret } from '@storefront/db/secrets';
import { eq } from 'drizzle-orm';
import { APPROVED_CARD } from './sandbox/fake-providers.ts';
import { TEST_KEYS, TEST_WEBHOOK_SECRET } from './sandbox/fake-server.ts';

// Shared by the payment tests and the crash proof: the demo company on a fake provider, card tokens
// made as the browser makes them, and a checkout body.

/** Points the demo company at the fake's provider, with the given (or the fake's own) secret key. */
export async function useProvider(
  db: Database,
  provider: 'CULQI' | 'MERCADO_PAGO',
  secretKey = provider === 'CULQI' ? TEST_KEYS.culqi.secretKey : TEST_KEYS.mercadopago.accessToken,
) {
  await db
    .update(companyPaymentSettings)
    .set({
      provider,
      publicKey: provider === 'CULQI' ? TEST_KEYS.culqi.publicKey : TEST_KEYS.mercadopago.publicKey,
      secretKeyEncrypted: encryptSecret(DEV_SECRETS_KEY, secretKey),
      webhookSecretEncrypted: encryptSecret(DEV_SECRETS_KEY, TEST_WEBHOOK_SECRET),
      enabled: true,
    })
    .where(eq(companyPaymentSettings.companyUid, 'demo-main'));
}

/** A card token, as the provider's browser script asks for one with the public key. */
export async function cardToken(
  base: string,
  provider: 'CULQI' | 'MERCADO_PAGO',
  card = APPROVED_CARD,
  holder = 'Lucia Quispe',
): Promise<string> {
  const res =
    provider === 'CULQI'
      ? await fetch(`${base}/culqi/v2/tokens`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TEST_KEYS.culqi.publicKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            card_number: card,
            cvv: '123',
            expiration_month: '09',
            expiration_year: '2030',
            email: 'socio@demo.pe',
          }),
        })
      : await fetch(`${base}/mercadopago/v1/card_tokens?public_key=${TEST_KEYS.mercadopago.publicKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            card_number: card,
            security_code: '123',
            expiration_month: 9,
            expiration_year: 2030,
            cardholder: { name: holder },
          }),
        });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export const billing = {
  first_name: 'Lucía',
  last_name: 'Quispe',
  email: 'socio@demo.pe',
  phone: '987654321',
  city: 'Lima',
  address: 'Av. Larco 100',
};
