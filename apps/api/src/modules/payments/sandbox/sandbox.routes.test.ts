import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { SANDBOX_KEYS } from './sandbox.routes.ts';

// Issue 43 item 6: the payments sandbox (the server's own fake Culqi and Mercado Pago outside
// production) answers this machine itself only, as the development mailbox does: a request a proxy
// relayed, even one on this machine, is refused whatever X-Forwarded-For says.
describe('the payments sandbox', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: ['loopback'] } });
  });
  afterAll(() => t.close());

  /** Culqi's token call and Mercado Pago's script, from `remoteAddress` with `headers`. */
  const calls = (remoteAddress: string, headers: Record<string, string> = {}) => [
    t.app.inject({
      method: 'POST',
      url: '/api/dev/payments-sandbox/culqi/v2/tokens',
      remoteAddress,
      headers: { authorization: `Bearer ${SANDBOX_KEYS.culqi.publicKey}`, ...headers },
      payload: {
        card_number: '4111111111111111',
        cvv: '123',
        expiration_month: '09',
        expiration_year: '2030',
      },
    }),
    t.app.inject({ url: '/api/dev/payments-sandbox/mercadopago/js/v2', remoteAddress, headers }),
  ];

  it('answers a loopback client', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const [token, script] = await Promise.all(calls(address));
      expect(token?.statusCode, address).toBe(201);
      expect(script?.statusCode, address).toBe(200);
    }
  });

  it('refuses any other client, and what a proxy on this machine relays, trusted or not', async () => {
    for (const [address, headers] of [
      ['203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
      ['::1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      for (const res of await Promise.all(calls(address, headers))) {
        expect(res.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.body).not.toContain('tkn_');
      }
    }
  });
});
