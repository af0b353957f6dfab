import { placeProducts, products } from '@storefront/db/schema/catalogue';
import { places } from '@storefront/db/schema/tenancy';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';
import { announceCatalogueChange } from '../admin/catalogue/catalogue.repository.ts';
import { auth, demoMemberToken, firstSlot, HOST, pickupBody } from '../orders/orders.fixtures.ts';
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
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.page('a', 'p1', 'k', first.compute)));
    first.release();
    expect(new Set(await answers)).toEqual(new Set(['{"count":1}']));
    expect(first.started.count).toBe(1);
    expect(await cache.page('a', 'p1', 'k', async () => 'recomputed')).toBe('{"count":1}');
    expect(await cache.page('a', 'p1', 'other key', async () => 'other page')).toBe('other page');
  });

  it("computes a place's pages again once its stock moved, even if a computation was under way", async () => {
    const cache = createMenuCache(60);
    const before = pending('stock 5');
    const inFlight = cache.page('a', 'p1', 'k', before.compute);
    cache.placeChanged('a', 'p1');
    before.release();
    expect(await inFlight).toBe('stock 5');
    // The page computed before the change is not the answer after it.
    expect(await cache.page('a', 'p1', 'k', async () => 'stock 4')).toBe('stock 4');
    expect(await cache.page('a', 'p1', 'k', async () => 'stock 3')).toBe('stock 4');
    // Other places keep their pages.
    await cache.page('a', 'p2', 'k', async () => 'p2 page');
    cache.placeChanged('a', 'p1');
    expect(await cache.page('a', 'p2', 'k', async () => 'p2 again')).toBe('p2 page');
  });

  it("keeps another app's pages and reads through this app's changes, and drops this app's at once", async () => {
    const cache = createMenuCache(60);
    const keep = async () => ({
      pageA: await cache.page('a', 'pa', 'k', async () => `a page ${cache.changes()}`),
      pageB: await cache.page('b', 'pb', 'k', async () => `b page ${cache.changes()}`),
      readA: await cache.read('a', 'k', async () => `a read ${cache.changes()}`),
      readB: await cache.read('b', 'k', async () => `b read ${cache.changes()}`),
    });
    expect(await keep()).toEqual({
      pageA: 'a page 0',
      pageB: 'b page 0',
      readA: 'a read 0',
      readB: 'b read 0',
    });
    cache.catalogueChanged('a');
    expect(await keep()).toEqual({
      pageA: 'a page 1',
      pageB: 'b page 0',
      readA: 'a read 1',
      readB: 'b read 0',
    });
    expect([cache.version('a'), cache.version('b')]).toEqual([1, 0]);
    // An order in one of A's places: that place's pages and A's reads go, B's stay.
    cache.placeChanged('a', 'pa');
    expect(await keep()).toEqual({
      pageA: 'a page 2',
      pageB: 'b page 0',
      readA: 'a read 2',
      readB: 'b read 0',
    });
    expect([cache.version('a'), cache.version('b')]).toEqual([2, 0]);
    // An app's settings or domains: every app's go.
    cache.everythingChanged();
    expect(await keep()).toEqual({
      pageA: 'a page 3',
      pageB: 'b page 3',
      readA: 'a read 3',
      readB: 'b read 3',
    });
    expect([cache.version('a'), cache.version('b'), cache.changes()]).toEqual([3, 3, 3]);
  });

  it('keeps what has no app only until the next change anywhere', async () => {
    const cache = createMenuCache(60);
    expect(await cache.read(undefined, 'k', async () => 'first')).toBe('first');
    expect(await cache.read(undefined, 'k', async () => 'again')).toBe('first');
    cache.placeChanged('b', 'pb');
    expect(await cache.read(undefined, 'k', async () => 'after')).toBe('after');
    expect(cache.version(undefined)).toBe(1);
  });

  it('keeps no failed computation, and nothing at all with 0 seconds', async () => {
    const cache = createMenuCache(60);
    await expect(cache.page('a', 'p1', 'k', () => Promise.reject(new Error('not found')))).rejects.toThrow(
      'not found',
    );
    expect(await cache.page('a', 'p1', 'k', async () => 'found')).toBe('found');

    const off = createMenuCache(0);
    expect(await off.page('a', 'p1', 'k', async () => 'a')).toBe('a');
    expect(await off.page('a', 'p1', 'k', async () => 'b')).toBe('b');
  });

  it('lets a page go after its seconds', async () => {
    // lru-cache reads the clock from the performance object it captured, and refreshes it on a timer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const start = performance.now();
    let elapsed = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => start + elapsed);
    const pass = (ms: number) => {
      elapsed += ms;
      vi.advanceTimersByTime(ms);
    };
    try {
      const cache = createMenuCache(1);
      expect(await cache.page('a', 'p1', 'k', async () => 'old')).toBe('old');
      pass(900);
      expect(await cache.page('a', 'p1', 'k', async () => 'new')).toBe('old');
      pass(200);
      expect(await cache.page('a', 'p1', 'k', async () => 'new')).toBe('new');
    } finally {
      clock.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('menu pages of a running API (MENU_CACHE_SECONDS 60)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { MENU_CACHE_SECONDS: 60 } });
  });
  afterAll(() => t.close());

  const PLACE = 'place-miraflores';
  const stockShown = async () => {
    const res = await t.app.inject({
      url: `/api/v7/places/${PLACE}/products/?search=leche%20de%20tigre`,
      headers: { host: HOST },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return (res.json().results as { uid: string; stock: number }[]).find((p) => p.uid === 'p-leche-de-tigre')
      ?.stock;
  };

  /** The stock as the product's detail and the list of every place's products show it. */
  const stockElsewhere = async () => {
    const detail = await t.app.inject({
      url: `/api/v7/places/${PLACE}/products/p-leche-de-tigre/`,
      headers: { host: HOST },
    });
    const list = await t.app.inject({
      url: `/api/v7/products/?place=${PLACE}&search=leche%20de%20tigre`,
      headers: { host: HOST },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().results as { uid: string; stock: number }[]).find(
      (p) => p.uid === 'p-leche-de-tigre',
    );
    return [detail.json().stock, listed?.stock];
  };

  it("keeps a page until an order or a cancellation moves the place's stock", async () => {
    const token = await demoMemberToken(t.db);
    expect(await stockShown()).toBe(3);
    expect(await stockElsewhere()).toEqual([3, 3]);
    // A change this process did not make (another API process, the import) shows once the page expires.
    await t.db
      .update(placeProducts)
      .set({ stock: 2 })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-leche-de-tigre')));
    expect(await stockShown()).toBe(3);
    expect(await stockElsewhere()).toEqual([3, 3]);

    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v5/places/${PLACE}/orders/`,
      headers: auth(token),
      payload: pickupBody(await firstSlot(t.app), [{ uid: 'p-leche-de-tigre', quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockShown()).toBe(1);
    expect(await stockElsewhere()).toEqual([1, 1]);

    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${placed.json().uid}/`,
      headers: auth(token),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockShown()).toBe(2);
    expect(await stockElsewhere()).toEqual([2, 2]);
  });

  it("keeps another app's menu pages through this app's orders and catalogue notices, and drops its own", async () => {
    const ESPRESSO = '/api/v7/places/multi-place-cafe/products/p-cafe-espresso/';
    const title = async (url: string, host: string) => {
      const res = await t.app.inject({ url, headers: { host } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().title as string;
    };
    const multiTitle = () => title(ESPRESSO, 'multi.localhost');
    // A read of the app (not of one place): its places' names.
    const multiPlaces = async () => {
      const res = await t.app.inject({ url: '/api/v7/places/', headers: { host: 'multi.localhost' } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as { uid: string; name: string }[]).find((p) => p.uid === 'multi-place-cafe')
        ?.name;
    };
    expect([await multiTitle(), await multiPlaces()]).toEqual(['Espresso', 'Parque Kennedy']);
    // Written behind this process's back: only a drop of multi's pages and reads shows it.
    await t.db.update(products).set({ title: 'Espresso doble' }).where(eq(products.uid, 'p-cafe-espresso'));
    await t.db.update(places).set({ name: 'Kennedy' }).where(eq(places.uid, 'multi-place-cafe'));
    try {
      const token = await demoMemberToken(t.db);
      const placed = await t.app.inject({
        method: 'POST',
        url: `/api/v5/places/${PLACE}/orders/`,
        headers: auth(token),
        payload: pickupBody(await firstSlot(t.app), [{ uid: 'p-leche-de-tigre', quantity: 1 }]),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect([await multiTitle(), await multiPlaces()]).toEqual(['Espresso', 'Parque Kennedy']);
      // The demo's admin write, as another process announces it (catalogue_events).
      const demoVersion = t.app.menuCache.version('demo');
      await announceCatalogueChange(t.db, 'demo', 'demo-main');
      await until(() => t.app.menuCache.version('demo') !== demoVersion);
      expect([await multiTitle(), await multiPlaces()]).toEqual(['Espresso', 'Parque Kennedy']);
      expect(t.app.menuCache.version('multi')).toBe(0);
      // Multi's own notice (any of its companies) drops its pages and reads at once.
      await announceCatalogueChange(t.db, 'multi', 'multi-cafe');
      await until(() => t.app.menuCache.version('multi') !== 0);
      expect([await multiTitle(), await multiPlaces()]).toEqual(['Espresso doble', 'Kennedy']);
    } finally {
      await t.db.update(products).set({ title: 'Espresso' }).where(eq(products.uid, 'p-cafe-espresso'));
      await t.db.update(places).set({ name: 'Parque Kennedy' }).where(eq(places.uid, 'multi-place-cafe'));
      t.app.menuCache.catalogueChanged('multi');
    }
  });

  it("never answers one tenant's kept page to another, nor to another host's links", async () => {
    const read = (host: string) =>
      t.app.inject({ url: `/api/v7/places/${PLACE}/products/`, headers: { host } });
    const demo = await read(HOST);
    expect(demo.statusCode).toBe(200);
    expect((await read('multi.localhost')).statusCode).toBe(404);
    // Another of the app's domains gets its own links; www. is the same domain, so the same page.
    expect((await read('127.0.0.1')).json().next).toMatch(/^http:\/\/127\.0\.0\.1\//);
    expect((await read('www.localhost')).json().next).toMatch(/^http:\/\/localhost\//);
  });
});
