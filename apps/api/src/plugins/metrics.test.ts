import { mailOutbox } from '@storefront/db/schema/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  demoMemberToken,
  firstSlot,
  HOST,
  lomoSaltadoLine,
  pickupBody,
} from '../modules/orders/orders.fixtures.ts';
import { createTestApp } from '../test/test-app.ts';

const TOKEN = 'a-metrics-token-of-some-length';

/** The value of one sample line of the exposition text, or undefined when the metric is absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /api/metrics', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/api/metrics', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('counts requests and their latency per route and status, with the process and outbox figures', async () => {
    for (let i = 0; i < 3; i++)
      await t.app.inject({ url: '/api/v7/places/place-miraflores/products/', headers: { host: HOST } });
    await t.app.inject({ url: '/api/v7/places/no-such-place/products/', headers: { host: HOST } });
    const text = await scrape();
    const route = 'route="/api/v7/places/:place_uid/products/"';
    expect(sample(text, `http_requests_total{method="GET",${route},status="200"}`)).toBe(3);
    expect(sample(text, `http_requests_total{method="GET",${route},status="404"}`)).toBe(1);
    expect(sample(text, `http_request_duration_seconds_count{method="GET",${route},status="200"}`)).toBe(3);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    expect(sample(text, 'mail_outbox_pending')).toBe(0);
    // The pool's figures exist on PostgreSQL only (PGlite is one in-process connection).
    if (process.env.TEST_DATABASE_URL) expect(sample(text, 'db_pool_connections')).toBeGreaterThan(0);

    await t.db.insert(mailOutbox).values({ appUid: 'demo', to: 'a@b.pe', subject: 's', text: 't' });
    expect(sample(await scrape(), 'mail_outbox_pending')).toBe(1);
  });

  it('counts the orders placed', async () => {
    expect(sample(await scrape(), 'orders_placed_total')).toBe(0);
    const token = await demoMemberToken(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/places/place-miraflores/orders/',
      headers: auth(token),
      payload: pickupBody(await firstSlot(t.app), [lomoSaltadoLine]),
    });
    expect(res.statusCode).toBe(201);
    expect(sample(await scrape(), 'orders_placed_total')).toBe(1);
  });

  it('is refused to a caller off loopback, unless it presents the token', async () => {
    const from = (headers: Record<string, string> = {}) =>
      t.app.inject({
        url: '/api/metrics',
        remoteAddress: '203.0.113.7',
        headers: { host: HOST, ...headers },
      });
    expect((await from()).statusCode).toBe(403);
    // A forwarded address claiming loopback changes nothing: the socket's address decides.
    expect((await from({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    expect((await from({ authorization: 'Bearer not-the-token-at-all-no' })).statusCode).toBe(403);
    expect((await from({ authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });
});

describe('GET /api/ready', () => {
  it('is ready while the database answers, and not once it is gone', async () => {
    const t = await createTestApp({ demo: false });
    const ready = await t.app.inject({ url: '/api/ready', headers: { host: HOST } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    await t.database.close();
    const gone = await t.app.inject({ url: '/api/ready', headers: { host: HOST } });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
    await t.app.close();
  });
});
