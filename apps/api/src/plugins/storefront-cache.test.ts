import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deletionLinkPath } from '../test/deletion-link.ts';
import { createTestApp } from '../test/test-app.ts';

// The rendered-page cache of the storefront (decision 015) on the real build (npm run build): what is
// kept, under which key, and how it is sent. Apart from storefront-ssr.test.ts, so that mutation testing
// of the cache (npm run test:mutation -- page-cache) re-runs these tests only.
const dist = resolve('apps/web/dist');

describe('the menu cache off', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist, MENU_CACHE_SECONDS: 0 } });
  });
  afterAll(() => t.close());

  it('keeps no page with the menu cache off (MENU_CACHE_SECONDS=0): each visit renders anew', async () => {
    for (let visit = 0; visit < 2; visit++) {
      const inject = vi.spyOn(t.app, 'inject');
      try {
        expect(
          (await t.app.inject({ url: '/carta?uncached', headers: { host: 'localhost' } })).statusCode,
        ).toBe(200);
        expect(inject.mock.calls.length, `visit ${visit}`).toBeGreaterThan(1);
      } finally {
        inject.mockRestore();
      }
    }
  });

  it('renders each visitor of a burst apart with the cache off: no render is shared', async () => {
    const callsOf = async (visitors: number) => {
      const inject = vi.spyOn(t.app, 'inject');
      try {
        const answers = await Promise.all(
          Array.from({ length: visitors }, () =>
            t.app.inject({ url: '/program/demo-club?uncached', headers: { host: 'localhost' } }),
          ),
        );
        for (const res of answers) expect(res.body).toContain('Postre por 100 monedas');
        return inject.mock.calls.length - visitors;
      } finally {
        inject.mockRestore();
      }
    };
    const one = await callsOf(1);
    expect(one).toBeGreaterThan(0);
    expect(await callsOf(4)).toBe(4 * one);
  });
});

describe('the rendered-page cache', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist, MENU_CACHE_SECONDS: 60, TENANT_CACHE_SECONDS: 60 } });
  });
  afterAll(() => t.close());

  /** The page at `url`, how many API calls the server made to render it, and how many database reads. */
  async function render(url: string, headers: Record<string, string> = {}) {
    const inject = vi.spyOn(t.app, 'inject');
    const reads = vi.spyOn(t.db, 'select');
    try {
      const res = await t.app.inject({ url, headers: { host: 'localhost', ...headers } });
      return {
        body: res.body,
        raw: res.rawPayload,
        type: res.headers['content-type'],
        encoding: res.headers['content-encoding'],
        apiCalls: inject.mock.calls.length - 1,
        reads: reads.mock.calls.length,
      };
    } finally {
      inject.mockRestore();
      reads.mockRestore();
    }
  }

  it('keeps a page built from public answers only: /carta is rendered once, and then read from nowhere', async () => {
    const first = await render('/carta');
    expect(first.apiCalls).toBeGreaterThan(0);
    expect(first.reads).toBeGreaterThan(0);
    // Not even the app record is built again for a kept page.
    expect(await render('/carta')).toMatchObject({ apiCalls: 0, reads: 0 });
  });

  it('renders an address not kept from kept reads only, opening hours included, until an admin write drops them', async () => {
    const cookie = 'selectedAreaUid=area-lima; selectedPlaceUid=place-miraflores';
    await render('/carta?visit=1', { cookie });
    const again = await render('/carta?visit=2', { cookie });
    expect(again.apiCalls).toBeGreaterThan(0);
    expect(again.body).toContain('"opens":"11:00"');
    expect(again.reads).toBe(0);
    t.app.menuCache.catalogueChanged('demo');
    expect((await render('/carta?visit=3', { cookie })).reads).toBeGreaterThan(0);
  });

  it("keeps another app's rendered page through this app's changes, and renders this app's again at once", async () => {
    const multi = { host: 'multi.localhost' };
    const first = await render('/carta?apps', multi);
    expect(first.apiCalls).toBeGreaterThan(0);
    expect(first.body).toContain('Pan francés (bolsa de 10)');
    expect((await render('/carta?apps')).apiCalls).toBeGreaterThan(0);
    // An order in one of the demo's places, then an admin write of the demo's catalogue.
    t.app.menuCache.placeChanged('demo', 'place-miraflores');
    t.app.menuCache.catalogueChanged('demo');
    const kept = await render('/carta?apps', multi);
    expect(kept).toMatchObject({ apiCalls: 0, reads: 0 });
    expect(kept.body).toBe(first.body);
    expect((await render('/carta?apps')).apiCalls).toBeGreaterThan(0);
    // Multi's own change renders its page anew.
    t.app.menuCache.catalogueChanged('multi');
    expect((await render('/carta?apps', multi)).apiCalls).toBeGreaterThan(0);
  });

  it('keeps the app record of pages not kept, and builds it again once an admin write drops the menu', async () => {
    const recordReads = async () => (await render('/me/delete/x/y')).reads;
    t.app.menuCache.catalogueChanged('demo');
    const first = await recordReads();
    // The deletion check is asked anew, not the record.
    const kept = await recordReads();
    expect(kept).toBeLessThan(first);
    t.app.menuCache.catalogueChanged('demo');
    expect(await recordReads()).toBeGreaterThan(kept);
  });

  it('never sends a page kept for one host to another: each links to its own origin (issue 28 item 6)', async () => {
    const canonicalOf = async (host: string) => {
      const res = await t.app.inject({ url: '/carta?hosts', headers: { host } });
      expect(res.statusCode).toBe(200);
      return /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1];
    };
    expect(await canonicalOf('localhost:6666')).toBe('http://localhost:6666/carta');
    expect(await canonicalOf('localhost')).toBe('http://localhost/carta');
    // Another of the app's domains.
    expect(await canonicalOf('127.0.0.1')).toBe('http://127.0.0.1/carta');
    expect(await canonicalOf('localhost:6666')).toBe('http://localhost:6666/carta');
  });

  it('renders a page not kept yet once for a burst of visitors, and sends each the whole page', async () => {
    const single = await render('/program/demo-club');
    const inject = vi.spyOn(t.app, 'inject');
    try {
      const burst = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.app.inject({ url: '/program/demo-club?burst', headers: { host: 'localhost' } }),
        ),
      );
      // Eight page requests, and the API calls of one render.
      expect(inject.mock.calls.length - burst.length).toBe(single.apiCalls);
      for (const res of burst) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('Postre por 100 monedas');
      }
    } finally {
      inject.mockRestore();
    }
  });

  it('sends a kept page compressed as each browser asks, the same page every way', async () => {
    const plain = await render('/carta?encodings');
    expect(plain.encoding).toBeUndefined();
    for (const round of [1, 2])
      for (const [asked, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const kept = await render('/carta?encodings', { 'accept-encoding': asked });
        expect(kept.apiCalls, `${asked} ${round}`).toBe(0);
        expect(kept.encoding).toBe(encoding);
        expect(kept.type).toBe('text/html; charset=utf-8');
        expect(decode(kept.raw).toString()).toBe(plain.body);
      }
    const identity = await render('/carta?encodings', { 'accept-encoding': 'identity' });
    expect(identity).toMatchObject({ apiCalls: 0, encoding: undefined, body: plain.body });
  });

  it('keys a kept page by the cookies that shape it, in any order, and by no other cookie', async () => {
    const url = '/carta?cookies';
    const english = await render(url, { cookie: 'lang=en; selectedPlaceUid=place-cayma' });
    expect(english.apiCalls).toBeGreaterThan(0);
    expect(english.body).toContain('<html lang="en">');
    // The same mirrored keys written the other way round, with an analytics cookie: the kept page.
    const again = await render(url, { cookie: '_ga=GA1.1.42; selectedPlaceUid=place-cayma;lang=en' });
    expect(again).toMatchObject({ apiCalls: 0, body: english.body });
    // Spaces around names and values, and a name again (the first counts): the page they render, kept.
    for (const cookie of [
      ' lang = en ;selectedPlaceUid =place-cayma ',
      'lang=en; selectedPlaceUid=place-cayma; lang=es',
    ])
      expect(await render(url, { cookie }), cookie).toMatchObject({ apiCalls: 0, body: english.body });
    // Each mirrored key, and the visit cookie, makes a page of its own.
    for (const cookie of [
      'lang=en',
      'lang=en; selectedPlaceUid=place-miraflores',
      'lang=en; selectedPlaceUid=place-cayma; selectedAreaUid=area-lima',
      'lang=en; selectedPlaceUid=place-cayma; selectedCompanyUid=company-x',
      'lang=en; selectedPlaceUid=place-cayma; sectionSearchProduct=causa',
      'lang=en; selectedPlaceUid=place-cayma; cookie_ga=1',
      'lang=en; selectedPlaceUid=place-cayma; cookie_guid=1',
      'lang=en; selectedPlaceUid=place-cayma; _guid=abc',
    ])
      expect((await render(url, { cookie })).apiCalls, cookie).toBeGreaterThan(0);
    // A visit cookie's value is not part of the key, only its presence.
    expect(
      (await render(url, { cookie: 'lang=en; selectedPlaceUid=place-cayma; _guid=other' })).apiCalls,
    ).toBe(0);
  });

  it('renders for a host of no tenant, and keeps nothing for it', async () => {
    for (let visit = 0; visit < 2; visit++) {
      const res = await t.app.inject({ url: '/carta?nobody', headers: { host: 'nobody.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).not.toContain('id="app-record"');
    }
  });

  it('keys a kept page by its address and its language', async () => {
    await render('/carta?address');
    expect((await render('/carta?address')).apiCalls).toBe(0);
    expect((await render('/carta?address=2')).apiCalls).toBeGreaterThan(0);
    expect((await render('/carta?address', { 'accept-language': 'en' })).apiCalls).toBeGreaterThan(0);
  });

  it('renders a used deletion link anew: the second visit shows the link expired', async () => {
    const path = await deletionLinkPath(t.app);
    const before = await render(path);
    expect(before.body).toContain('Eliminar mi cuenta');
    const [, , , , userUid, token] = path.split('/');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v5/me/delete/${userUid}/${token}/` });
    expect(deleted.statusCode).toBe(200);

    const after = await render(path);
    expect(after.body).toContain('El link ha expirado.');
    expect(after.body).not.toContain('Eliminar mi cuenta');
  });
});
