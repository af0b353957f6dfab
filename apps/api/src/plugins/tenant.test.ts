import { appDomains } from '@storefront/db/schema/tenancy';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

describe('tenant look-up cache (TENANT_CACHE_SECONDS)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { TENANT_CACHE_SECONDS: 60 } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const status = async (host: string, apiKey?: string) =>
    (
      await t.app.inject({
        url: '/api/v7/places/place-miraflores/products/?page_size=1',
        headers: { host, ...(apiKey ? { 'api-key': apiKey } : {}) },
      })
    ).statusCode;

  it('keeps an app by host and key for the TTL, then sees tenancy changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await status('localhost')).toBe(200);
    expect(await status('localhost', 'not-a-key')).toBe(403);
    await t.db
      .update(appDomains)
      .set({ domain: 'moved.localhost' })
      .where(eq(appDomains.domain, 'localhost'));
    // Within the TTL the old answer holds; a host not seen yet is looked up.
    expect(await status('localhost')).toBe(200);
    expect(await status('moved.localhost')).toBe(200);
    vi.advanceTimersByTime(61_000);
    expect(await status('localhost')).toBe(404);
    await t.db
      .update(appDomains)
      .set({ domain: 'localhost' })
      .where(eq(appDomains.domain, 'moved.localhost'));
    expect(await status('localhost')).toBe(404);
    vi.advanceTimersByTime(61_000);
    expect(await status('localhost')).toBe(200);
  });
});
