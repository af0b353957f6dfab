import type { PaymentProviderName } from '@storefront/contracts/payments';
import type { AppConfig } from '../../../app.ts';
import { culqi } from './culqi.ts';
import { mercadoPago } from './mercadopago.ts';
import type { PaymentProvider } from './provider.ts';

/** A company's provider with its decrypted secret key, at the configured address. */
export function providerFor(
  name: PaymentProviderName,
  secretKey: string,
  config: Pick<AppConfig, 'CULQI_API_URL' | 'MERCADOPAGO_API_URL'>,
): PaymentProvider {
  return name === 'CULQI'
    ? culqi({ apiUrl: config.CULQI_API_URL, secretKey })
    : mercadoPago({ apiUrl: config.MERCADOPAGO_API_URL, secretKey });
}
