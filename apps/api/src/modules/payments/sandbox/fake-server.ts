import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeKeys, FakePayments } from './fake-providers.ts';

export const TEST_KEYS: FakeKeys = {
  culqi: { publicKey: 'pk_test_fake_culqi_0001', secretKey: 'sk_test_fake_culqi_0001' },
  mercadopago: { publicKey: 'TEST-fake-mp-public-0001', accessToken: 'TEST-fake-mp-access-0001' },
};
export const TEST_WEBHOOK_SECRET = 'whsec_fake_mercadopago_0001';

/**
 * The fake providers as an HTTP server on loopback (tests, journeys, the crash proof): Culqi under
 * /culqi, Mercado Pago under /mercadopago. Point CULQI_API_URL and MERCADOPAGO_API_URL at `culqiUrl`
 * and `mercadopagoUrl`.
 */
export async function startFakeProviders(keys = TEST_KEYS, webhookSecret = TEST_WEBHOOK_SECRET) {
  const fake = new FakePayments(keys, webhookSecret);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, provider, ...rest] = url.pathname.split('/');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const answer =
      provider === 'culqi' || provider === 'mercadopago'
        ? await fake.handle(
            provider,
            req.method ?? 'GET',
            `/${rest.join('/')}`,
            url.searchParams,
            req.headers,
            body,
          )
        : { status: 404, body: {} };
    res.statusCode = answer.status;
    res.setHeader('content-type', answer.contentType ?? 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  // Longer than the API's idle sockets live, so that a reused connection is never closed under a request.
  server.keepAliveTimeout = 120_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fake,
    base,
    culqiUrl: `${base}/culqi`,
    mercadopagoUrl: `${base}/mercadopago`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
