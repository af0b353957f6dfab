import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// Issue 15 item 5: the development mailbox holds live reset links; only this machine may read it.
describe('the development mailbox', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: ['loopback'] } });
    await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/reset_password/',
      payload: { email: 'socio@demo.pe' },
    });
  });
  afterAll(() => t.close());

  const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/dev/mailbox/', remoteAddress, headers });

  it('answers a loopback client', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await mailbox(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toContain('/reset-password/');
    }
  });

  it('answers 404 to any other client, whatever X-Forwarded-For says', async () => {
    for (const [address, xff] of [
      ['192.168.1.20', undefined],
      ['203.0.113.9', '127.0.0.1'],
      ['::ffff:10.0.0.1', '::1'],
    ] as const) {
      const res = await mailbox(address, xff ? { 'x-forwarded-for': xff } : {});
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
      expect(res.body).not.toContain('reset-password');
    }
  });

  it('refuses what a proxy on this machine relays, trusted or not', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of relayed) {
      const res = await mailbox('127.0.0.1', headers);
      expect(res.statusCode).toBe(404);
    }
  });
});
