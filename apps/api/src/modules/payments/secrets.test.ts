import {
  DEV_SECRETS_KEY,
  decryptSecret,
  encryptSecret,
  maskSecret,
  parseSecretsKey,
} from '@storefront/db/secrets';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

// Architecture §10: provider secrets sealed with AES-256-GCM under SECRETS_KEY (decision 026).

describe('secrets at rest', () => {
  it('seals and opens a secret, refuses another key or an altered value, and masks it', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = encryptSecret(key, 'sk_live_abcdef123456');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('abcdef');
    expect(encryptSecret(key, 'sk_live_abcdef123456')).not.toBe(sealed);
    expect(decryptSecret(key, sealed)).toBe('sk_live_abcdef123456');
    expect(() => decryptSecret(DEV_SECRETS_KEY, sealed)).toThrow();
    expect(() => decryptSecret(key, `${sealed.slice(0, -2)}AA`)).toThrow();
    expect(maskSecret('sk_live_abcdef123456')).toBe('••••3456');
    expect(maskSecret(null)).toBeNull();
  });

  it('reads SECRETS_KEY as 64 hex digits or base64 of 32 bytes, and refuses anything else at boot', () => {
    const bytes = Buffer.alloc(32, 9);
    expect(parseSecretsKey(bytes.toString('hex'))?.equals(bytes)).toBe(true);
    expect(parseSecretsKey(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(parseSecretsKey('too-short')).toBeNull();
    expect(loadConfig({ SECRETS_KEY: bytes.toString('hex') }).SECRETS_KEY?.equals(bytes)).toBe(true);
    expect(() => loadConfig({ SECRETS_KEY: 'abc' })).toThrow(/SECRETS_KEY/);
  });

  it('points the providers at the real addresses in production and at the sandbox elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      CULQI_API_URL: 'https://api.culqi.com',
      CULQI_CHECKOUT_URL: 'https://checkout.culqi.com/js/v4',
      CULQI_3DS_URL: 'https://3ds.culqi.com',
      MERCADOPAGO_API_URL: 'https://api.mercadopago.com',
      MERCADOPAGO_SDK_URL: 'https://sdk.mercadopago.com/js/v2',
      PAYMENT_HOLD_MINUTES: 15,
    });
    expect(loadConfig({ PORT: '18801' })).toMatchObject({
      CULQI_API_URL: 'http://127.0.0.1:18801/api/dev/payments-sandbox/culqi',
      CULQI_CHECKOUT_URL: '/api/dev/payments-sandbox/culqi/js/v4',
      CULQI_3DS_URL: '/api/dev/payments-sandbox/culqi/3ds',
    });
  });
});
