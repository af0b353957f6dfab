import { describe, expect, it } from 'vitest';
import { createMenuCache } from './menu-cache.ts';

/** A computation that answers `body` once `release` is called, counting its calls. */
function pending(body: string) {
  let release = () => {};
  const started = { count: 0 };
  const compute = () => {
    started.count += 1;
    return new Promise<string>((resolve) => {
      release = () => resolve(body);
    });
  };
  return { compute, started, release: () => release() };
}

describe('menu page cache (MENU_CACHE_SECONDS)', () => {
  it('computes a page once for many concurrent requests and keeps it', async () => {
    const cache = createMenuCache(60);
    const first = pending('{"count":1}');
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.page('p1', 'k', first.compute)));
    first.release();
    expect(new Set(await answers)).toEqual(new Set(['{"count":1}']));
    expect(first.started.count).toBe(1);
    expect(await cache.page('p1', 'k', async () => 'recomputed')).toBe('{"count":1}');
    expect(await cache.page('p1', 'other key', async () => 'other page')).toBe('other page');
  });

  it("computes a place's pages again once its stock moved, even if a computation was under way", async () => {
    const cache = createMenuCache(60);
    const before = pending('stock 5');
    const inFlight = cache.page('p1', 'k', before.compute);
    cache.placeChanged('p1');
    before.release();
    expect(await inFlight).toBe('stock 5');
    // The page computed before the change is not the answer after it.
    expect(await cache.page('p1', 'k', async () => 'stock 4')).toBe('stock 4');
    expect(await cache.page('p1', 'k', async () => 'stock 3')).toBe('stock 4');
    // Other places keep their pages.
    await cache.page('p2', 'k', async () => 'p2 page');
    cache.placeChanged('p1');
    expect(await cache.page('p2', 'k', async () => 'p2 again')).toBe('p2 page');
  });

  it('keeps no failed computation, and nothing at all with 0 seconds', async () => {
    const cache = createMenuCache(60);
    await expect(cache.page('p1', 'k', () => Promise.reject(new Error('not found')))).rejects.toThrow(
      'not found',
    );
    expect(await cache.page('p1', 'k', async () => 'found')).toBe('found');

    const off = createMenuCache(0);
    expect(await off.page('p1', 'k', async () => 'a')).toBe('a');
    expect(await off.page('p1', 'k', async () => 'b')).toBe('b');
  });

  it('lets a page go after its seconds', async () => {
    const cache = createMenuCache(1);
    expect(await cache.page('p1', 'k', async () => 'old')).toBe('old');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await cache.page('p1', 'k', async () => 'new')).toBe('new');
  });
});
