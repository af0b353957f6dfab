import { once } from 'node:events';
import { rateLimitHits } from '@storefront/db/schema/accounts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer } from '../test/proof-requirements.ts';
import { startRedis } from '../test/redis-server.ts';
import { createTestApp } from '../test/test-app.ts';
import { countHit, pruneHits } from './rate-limit.repository.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Skipped without redis-server, and named in the run's last line (proof-requirements.ts).
const hasRedis = hasRedisServer();

describe.skipIf(!hasRedis)('rate limits in Redis (REDIS_URL): shared by API instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    // Two instances on two separate databases: only Redis can carry the counters from one to the other.
    a = await createTestApp({ config: { REDIS_URL: redis.url } });
    b = await createTestApp({ config: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.process.kill();
  });

  it('answers 429 on one instance once the other has spent the limit', async () => {
    const validate = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v5/validate/',
        remoteAddress: '10.0.1.1',
        payload: { document_number: String(30000000 + i) },
      });
    // 30 per IP and minute, spent half on each instance, all at once.
    const spent = await Promise.all(Array.from({ length: 30 }, (_, i) => validate(i % 2 ? a : b, i)));
    expect(spent.map((res) => res.statusCode)).toEqual(Array(30).fill(200));
    for (const t of [a, b]) {
      const refused = await validate(t, 99);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const otherIp = await b.app.inject({
      method: 'POST',
      url: '/api/v5/validate/',
      remoteAddress: '10.0.1.2',
      payload: { document_number: '30000000' },
    });
    expect(otherIp.statusCode).toBe(200);
    expect(await a.db.select().from(rateLimitHits)).toEqual([]);
  });

  it('counts wrong passwords on both instances against one account, and expires the keys', async () => {
    const login = (t: TestApp, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v5/login/', payload: { email: 'socio@demo.pe', password } });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? a : b, 'wrong-password')).statusCode).toBe(400);
    expect((await login(a, 'Demo1234!')).statusCode).toBe(429);
    expect((await login(b, 'Demo1234!')).statusCode).toBe(429);
    const client = new Redis(redis.url);
    try {
      // One counter for the account, whichever instance counted (the library adds its own prefix).
      const keys = await client.keys('rate-limit:*login:account:demo:socio@demo.pe');
      expect(keys).toHaveLength(1);
      const ttl = await client.pttl(keys[0] ?? '');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
    } finally {
      client.disconnect();
    }
  });
});

describe.skipIf(!hasRedis)('rate limits while Redis is down', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp({ config: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t?.close();
    redis?.process.kill();
  });

  it('counts in PostgreSQL instead: no 5xx, and the limit still holds', async () => {
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v5/login/', payload: { email: 'socio@demo.pe', password } });
    expect((await login('wrong-password')).statusCode).toBe(400);
    expect(await t.db.select().from(rateLimitHits)).toEqual([]);
    redis.process.kill();
    await once(redis.process, 'exit');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await login('wrong-password')).statusCode);
    // Five failures per account and 15 minutes; the count restarted in PostgreSQL.
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await t.db.select().from(rateLimitHits)).length).toBeGreaterThan(0);
  });
});

describe('rate limits in PostgreSQL: old counters are pruned', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t.close());

  it('deletes the counters whose window started before the cut, and only those', async () => {
    const now = Date.now();
    await countHit(t.db, 'old', 60_000, now - 2 * 24 * 60 * 60 * 1000);
    await countHit(t.db, 'recent', 60_000, now);
    expect(await pruneHits(t.db, now - 24 * 60 * 60 * 1000)).toBe(1);
    const left = await t.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(left).toEqual([{ key: 'recent' }]);
  });
});
