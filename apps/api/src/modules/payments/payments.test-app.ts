import type { AppConfig } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { startFakeProviders } from './sandbox/fake-server.ts';

/** The fake providers and a test app pointed at them; `close()` both in afterAll. */
export async function paymentsTestApp(config: Partial<AppConfig> = {}) {
  const fake = await startFakeProviders();
  const t = await createTestApp({
    config: { CULQI_API_URL: fake.culqiUrl, MERCADOPAGO_API_URL: fake.mercadopagoUrl, ...config },
  });
  return {
    fake,
    t,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
