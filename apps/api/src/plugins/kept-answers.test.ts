import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { placeProducts, products } from '@storefront/db/schema/catalogue';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auth,
  createMembers,
  demoMemberToken,
  firstSlot,
  pickupBody,
} from '../modules/orders/orders.fixtures.ts';
import { deletionLinkPath } from '../test/deletion-link.ts';
import { createTestApp } from '../test/test-app.ts';

// The front door (plugins/kept-answers.ts) over a real socket: app.inject goes round it.
const dist = resolve('apps/web/dist');
const PLACE = 'place-miraflores';
const DETAIL = `/api/v7/places/${PLACE}/products/p-leche-de-tigre/`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The request log's lines, as the server wrote them. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

async function startApp(config: Record<string, unknown>) {
  const log = logLines();
  const t = await createTestApp({
    config: { WEB_DIST: dist, TENANT_CACHE_SECONDS: 60, ...config },
    logger: { level: 'info', stream: log.stream },
  });
  const { port } = (await t.app
    .listen({ port: 0, host: '127.0.0.1' })
    .then(() => t.app.server.address())) as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((done, fail) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', path, headers: { host: 'localhost', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on('error', fail);
      req.end();
    });
  /** Whether the request log's last line for `url` says it was answered from a kept answer. */
  const lastWasKept = (url: string) => log.lines.filter((line) => line.url === url).at(-1)?.kept === true;
  return { ...t, get, lastWasKept, log: log.lines };
}

/** The headers a response carries for itself, without those of the connection. */
const ownHeaders = ({ date: _date, connection: _c, 'keep-alive': _k, ...rest }: IncomingHttpHeaders) => rest;

describe('answers kept at the front door (MENU_CACHE_SECONDS 60)', () => {
  let t: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    t = await startApp({ MENU_CACHE_SECONDS: 60 });
  });
  afterAll(() => t.close());

  it("answers a visitor's next read with the very status, headers and bytes of the first, and logs and counts it", async () => {
    const first = await t.get(DETAIL);
    expect(first.status).toBe(200);
    expect(t.lastWasKept(DETAIL)).toBe(false);
    const second = await t.get(DETAIL);
    expect(t.lastWasKept(DETAIL)).toBe(true);
    expect(ownHeaders(second.headers)).toEqual(ownHeaders(first.headers));
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(second.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    expect(t.log.filter((line) => line.url === DETAIL).at(-1)).toMatchObject({
      method: 'GET',
      route: '/api/v7/places/:place_uid/products/:product_uid/',
      status: 200,
      tenant: 'demo',
      ip: '127.0.0.1',
      msg: 'request',
    });
    const metrics = (await t.get('/api/metrics')).body;
    expect(metrics).toContain(
      'http_requests_total{method="GET",route="/api/v7/places/:place_uid/products/:product_uid/",status="200"} 2',
    );
  });

  it('answers a kept read 304 to a browser that holds it, without a body', async () => {
    const { headers } = await t.get(`${DETAIL}?etag`);
    await t.get(`${DETAIL}?etag`);
    const again = await t.get(`${DETAIL}?etag`, { 'if-none-match': headers.etag as string });
    expect(t.lastWasKept(`${DETAIL}?etag`)).toBe(true);
    expect(again).toMatchObject({ status: 304, body: '' });
    expect(again.headers.etag).toBe(headers.etag);
    const other = await t.get(`${DETAIL}?etag`, { 'if-none-match': '"another"' });
    expect(other.status).toBe(200);
    expect(other.body).toContain('p-leche-de-tigre');
  });

  it("shows a place's stock as an order and its cancellation move it, and what another process wrote once dropped", async () => {
    const stock = async () => JSON.parse((await t.get(DETAIL)).body).stock as number;
    const token = await demoMemberToken(t.db);
    expect(await stock()).toBe(3);
    // Written behind this process's back (another process, an import): the kept answer still says 3.
    await t.db
      .update(placeProducts)
      .set({ stock: 2 })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-leche-de-tigre')));
    expect(await stock()).toBe(3);
    expect(t.lastWasKept(DETAIL)).toBe(true);

    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v5/places/${PLACE}/orders/`,
      headers: auth(token),
      payload: pickupBody(await firstSlot(t.app), [{ uid: 'p-leche-de-tigre', quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stock()).toBe(1);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${placed.json().uid}/`,
      headers: auth(token),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stock()).toBe(2);
    // An admin write drops every kept answer (the menu cache's catalogueChanged).
    t.app.menuCache.catalogueChanged('demo');
    await t.get(DETAIL);
    expect(t.lastWasKept(DETAIL)).toBe(false);
  });

  it("keeps another app's answers through this app's orders and writes, and drops this app's at once", async () => {
    const multi = { host: 'multi.localhost' };
    const MULTI = '/api/v7/places/multi-place-cafe/products/p-cafe-espresso/?apps';
    const OWN = `${DETAIL}?apps`;
    const PAGE = '/carta?apps';
    // Asked until kept: an answer, and a page once the page cache holds it.
    const keepAll = async () => {
      for (let visit = 0; visit < 3; visit++) {
        await t.get(MULTI, multi);
        await t.get(PAGE, multi);
        await t.get(OWN);
      }
      expect([t.lastWasKept(MULTI), t.lastWasKept(PAGE), t.lastWasKept(OWN)]).toEqual([true, true, true]);
    };
    await keepAll();
    const [answer, page] = [await t.get(MULTI, multi), await t.get(PAGE, multi)];
    expect(answer.body).toContain('"title":"Espresso"');
    expect(page.body).toContain('Pan francés (bolsa de 10)');
    const token = await demoMemberToken(t.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v5/places/${PLACE}/orders/`,
      headers: auth(token),
      payload: pickupBody(await firstSlot(t.app), [{ uid: 'p-leche-de-tigre', quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    /** Multi's answers go out kept, the very bytes; the demo's own goes through Fastify. */
    const afterDemoChange = async () => {
      const kept = [await t.get(MULTI, multi), await t.get(PAGE, multi)];
      expect([t.lastWasKept(MULTI), t.lastWasKept(PAGE)]).toEqual([true, true]);
      expect(kept.map((one) => one.body)).toEqual([answer.body, page.body]);
      await t.get(OWN);
      expect(t.lastWasKept(OWN)).toBe(false);
    };
    await afterDemoChange();
    await keepAll();
    // The demo's admin write (this process's; another's arrives as catalogue_events).
    t.app.menuCache.catalogueChanged('demo');
    await afterDemoChange();
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${placed.json().uid}/`,
      headers: auth(token),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Multi's own change drops its answer and its page at once.
    t.app.menuCache.catalogueChanged('multi');
    await t.get(MULTI, multi);
    await t.get(PAGE, multi);
    expect([t.lastWasKept(MULTI), t.lastWasKept(PAGE)]).toEqual([false, false]);
  });

  /** The next menu page computation waits, once it has begun (`entered`), until `release()`. */
  function holdNextPage() {
    let release = () => {};
    const entered = new Promise<void>((entering) => {
      const page = t.app.menuCache.page;
      vi.spyOn(t.app.menuCache, 'page').mockImplementationOnce(async (...args) => {
        entering();
        await new Promise<void>((go) => {
          release = go;
        });
        return page(...args);
      });
    });
    return { entered, release: () => release() };
  }

  it('never serves an answer whose computation began before a change of its app', async () => {
    const path = `${DETAIL}?race`;
    const { entered, release } = holdNextPage();
    const before = t.get(path);
    await entered;
    t.app.menuCache.catalogueChanged('demo');
    release();
    expect((await before).status).toBe(200);
    await t.get(path);
    expect(t.lastWasKept(path)).toBe(false);
    await t.get(path);
    expect(t.lastWasKept(path)).toBe(true);
  });

  it('serves an answer past its time while one request computes it again, then the new one', async () => {
    const path = `${DETAIL}?expiry`;
    const stock = (answer: Answer) => JSON.parse(answer.body).stock as number;
    const before = stock(await t.get(path));
    await t.get(path);
    expect(t.lastWasKept(path)).toBe(true);
    await t.db
      .update(placeProducts)
      .set({ stock: before + 5 })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-leche-de-tigre')));
    // MENU_CACHE_SECONDS later (the front door, the menu cache and lru-cache read performance.now()).
    const now = performance.now.bind(performance);
    const later = vi.spyOn(performance, 'now').mockImplementation(() => now() + 61_000);
    try {
      // The request let through waits in the menu cache until the other has been answered.
      const { entered, release } = holdNextPage();
      const refreshing = t.get(path);
      await entered;
      expect(stock(await t.get(path))).toBe(before);
      expect(t.lastWasKept(path)).toBe(true);
      release();
      expect(stock(await refreshing)).toBe(before + 5);
      expect(stock(await t.get(path))).toBe(before + 5);
      expect(t.lastWasKept(path)).toBe(true);
      // Twice MENU_CACHE_SECONDS on, nothing is kept of it.
      later.mockImplementation(() => now() + 183_000);
      await t.get(path);
      expect(t.lastWasKept(path)).toBe(false);
    } finally {
      later.mockRestore();
      await t.db
        .update(placeProducts)
        .set({ stock: before })
        .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-leche-de-tigre')));
      t.app.menuCache.placeChanged('demo', PLACE);
    }
  });

  it('never answers a read kept for one visitor to a member, another host, language, encoding or proxy', async () => {
    const path = `${DETAIL}?who`;
    await t.get(path);
    await t.get(path);
    expect(t.lastWasKept(path)).toBe(true);
    const token = await demoMemberToken(t.db);
    const variants: Record<string, string>[] = [
      auth(token),
      { host: '127.0.0.1' },
      { host: 'localhost:6666' },
      { 'accept-language': 'en' },
      { 'accept-encoding': 'gzip' },
      { 'x-forwarded-host': 'elsewhere.example' },
      { 'x-forwarded-proto': 'https' },
      { 'api-key': 'not-a-key' },
      { cookie: 'selectedPlaceUid=place-cayma' },
    ];
    for (const headers of variants) {
      await t.get(path, headers);
      expect(t.lastWasKept(path), JSON.stringify(headers)).toBe(false);
    }
    // Another tenant's host, asked twice, is its own answer: never the demo's product.
    for (let visit = 0; visit < 2; visit++)
      expect((await t.get(path, { host: 'multi.localhost' })).status).toBe(404);
    // Cookies that do not shape an answer (analytics) share the kept one.
    await t.get(path, { cookie: '_ga=GA1.1.42' });
    expect(t.lastWasKept(path)).toBe(true);
  });

  it('keeps a server-rendered page from its first render, each host with its own links', async () => {
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    for (let visit = 0; visit < 2; visit++) {
      expect(canonical((await t.get('/carta?front')).body)).toBe('http://localhost/carta');
      expect(t.lastWasKept('/carta?front')).toBe(visit > 0);
      expect(canonical((await t.get('/carta?front', { host: '127.0.0.1' })).body)).toBe(
        'http://127.0.0.1/carta',
      );
      expect(t.lastWasKept('/carta?front')).toBe(visit > 0);
    }
    const english = await t.get('/carta?front', { cookie: 'lang=en' });
    expect(english.body).toContain('<html lang="en">');
    expect(t.lastWasKept('/carta?front')).toBe(false);
  });

  it('gives each visitor the page its own cookies render, however the visitor before spelled theirs', async () => {
    const path = '/carta?spellings';
    // The page as the visitor sees it, the moments its queries were answered aside.
    const page = (html: string) =>
      html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
    const visit = async (cookie?: string) =>
      page((await t.get(path, cookie === undefined ? {} : { cookie })).body);
    /** The page these cookies get with nothing kept for the app: rendered for them. */
    const alone = (cookie?: string) => {
      t.app.menuCache.catalogueChanged('demo');
      return visit(cookie);
    };
    const clean = await alone();
    expect(clean).toContain('<html lang="es">');
    expect(clean).toContain('"selectedPlaceUid":null');
    expect(clean).toContain('id="cookie-banner-title"');
    expect(await alone('lang =en')).toContain('<html lang="en">');
    // The first visitor's cookies, whose page is kept, and the next visitor's.
    const visitors: [string, string | undefined][] = [
      ['lang =en', undefined],
      ['lang\t= en ', undefined],
      ['selectedAreaUid =area-arequipa; selectedPlaceUid =place-cayma', undefined],
      ['cookie_ga =false; cookie_guid =false', undefined],
      ['LANG=en; Lang=en', undefined],
      ['%6Cang=en; lang%20=en', undefined],
      ['lang=%65n', undefined],
      ['_ga=GA1.1.42; lang =en', '_ga=GA1.1.42'],
      ['lang=es; lang=en', 'lang=en; lang=es'],
      ['lang=en; lang=es', 'lang=es; lang=en'],
    ];
    for (const [first, next] of visitors) {
      const own = next === undefined ? clean : await alone(next);
      await alone(first);
      expect(await visit(next), `${first}, then ${next ?? 'no cookie'}`).toBe(own);
    }
  });

  it('keeps the page a refresh rendered once the page cache had let it go too', async () => {
    const path = '/carta?refresh';
    const renamed = 'Leche de tigre de la casa';
    const rename = (title: string) =>
      t.db.update(products).set({ title }).where(eq(products.uid, 'p-leche-de-tigre'));
    await t.get(path);
    expect((await t.get(path)).body).not.toContain(renamed);
    expect(t.lastWasKept(path)).toBe(true);
    // Written behind the process's back: only the expiry of everything kept can show it.
    await rename(renamed);
    const now = performance.now.bind(performance);
    const later = vi.spyOn(performance, 'now').mockImplementation(() => now() + 61_000);
    try {
      // The request let through renders anew (the page cache and the menu cache expired with it).
      await t.get(path);
      expect(t.lastWasKept(path)).toBe(false);
      const next = await t.get(path);
      expect(t.lastWasKept(path)).toBe(true);
      expect(next.body).toContain(renamed);
    } finally {
      later.mockRestore();
      await rename('Leche de tigre');
      t.app.menuCache.catalogueChanged('demo');
    }
  });

  it('never keeps a page whose render read a private answer: a used deletion link shows it expired', async () => {
    // A member of this test's own: the other tests keep the demo member.
    const [member] = await createMembers(t.db, 1, 'kept-deletion');
    const path = await deletionLinkPath(t.app, member);
    await t.get(path);
    expect((await t.get(path)).body).toContain('Eliminar mi cuenta');
    expect(t.lastWasKept(path)).toBe(false);
    const [, , , , userUid, token] = path.split('/');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v5/me/delete/${userUid}/${token}/` });
    expect(deleted.statusCode).toBe(200);
    expect((await t.get(path)).body).toContain('El link ha expirado.');
  });

  it('lets a HEAD request through to Fastify', async () => {
    await t.get('/carta?head');
    await t.get('/carta?head');
    await new Promise<void>((done, fail) => {
      const { port } = t.app.server.address() as AddressInfo;
      httpRequest(
        { port, host: '127.0.0.1', method: 'HEAD', path: '/carta?head', headers: { host: 'localhost' } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.resume().on('end', done);
        },
      )
        .on('error', fail)
        .end();
    });
    expect(t.log.filter((line) => line.url === '/carta?head').at(-1)).toMatchObject({ method: 'HEAD' });
    expect(t.lastWasKept('/carta?head')).toBe(false);
  });
});

describe('the front door with the menu cache off (MENU_CACHE_SECONDS 0)', () => {
  let t: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    t = await startApp({ MENU_CACHE_SECONDS: 0 });
  });
  afterAll(() => t.close());

  it('keeps nothing: every read goes through Fastify', async () => {
    for (let visit = 0; visit < 3; visit++) {
      expect((await t.get(DETAIL)).status).toBe(200);
      expect(t.lastWasKept(DETAIL)).toBe(false);
    }
  });
});
