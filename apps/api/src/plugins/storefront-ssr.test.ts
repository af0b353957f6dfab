import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { products } from '@storefront/db/schema/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantFile } from '../test/test-app.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

// The real build (npm run build makes apps/web/dist and dist-ssr): the pages as React renders them on
// the server, read as raw HTML, as a browser without JavaScript or a link preview reads them.
const dist = resolve('apps/web/dist');
const built = existsSync(resolve('apps/web/dist-ssr/entry-server.js'));

describe('server-rendered pages', () => {
  it('runs on the built renderer (npm run build)', () => expect(built).toBe(true));

  // `npm start` runs without NODE_ENV: a React resolved from node_modules at run time would be its
  // development build (slower, and warnings in the server log). The renderer carries production React.
  it('renders with the production build of React, bundled into the renderer', () => {
    const dir = resolve('apps/web/dist-ssr');
    const files = ['entry-server.js', ...readdirSync(`${dir}/assets`).map((f) => `assets/${f}`)];
    const code = files.map((f) => readFileSync(`${dir}/${f}`, 'utf8')).join('\n');
    expect(code).not.toMatch(/from ["']react(-dom)?(\/[a-z-]+)?["']/);
    expect(code).not.toContain('.development.js');
    expect(code).toContain('react-dom-server.node.production');
  });
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());
  const page = (url: string, host = 'localhost', cookie = '') =>
    t.app.inject({ url, headers: { host, ...(cookie && { cookie }) } });

  it('/carta carries the first place, its products with prices and images, and its head', async () => {
    const res = await page('/carta');
    expect(res.statusCode).toBe(200);
    const body = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(body).toContain('Leche de tigre');
    expect(body).toMatch(/S\/ \d+\.\d\d/);
    expect(body).toMatch(/<img[^>]+src="\/demo\/products\//);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost(:\d+)?\/carta">/);
    expect(res.body).toContain('<meta property="og:image"');
    const ld = JSON.parse(
      res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    const menu = ld['@graph'].find((node: { '@type': string }) => node['@type'] === 'Menu');
    expect(menu.hasMenuItem[0].offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'PEN' });
    expect(res.body).toContain('id="page-state"');
  });

  it('reads without JavaScript: /carta lists every product of the first page with its price and picture', async () => {
    const res = await page('/carta');
    const state = JSON.parse(
      res.body.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    const products = state.queries.queries.find(
      (q: { queryKey: unknown[] }) => q.queryKey[0] === 'place-products',
    );
    const first: { title: string; unit_price: string; image: string | null; is_redeemable: boolean }[] =
      products.state.data.pages[0].results;
    expect(first.length).toBeGreaterThan(3);
    // The markup, not the page state: what a browser without JavaScript shows.
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('id="page-state"'));
    for (const product of first) {
      expect(root).toContain(escapeHtml(product.title));
      // Redeemable products are priced in coins.
      if (!product.is_redeemable) expect(root).toContain(`S/ ${Number(product.unit_price).toFixed(2)}`);
      if (product.image) expect(root).toMatch(new RegExp(`<img[^>]+src="${product.image}"`));
    }
  });

  it("reads without JavaScript: a visitor's program page shows its promotions, fetched once on the server", async () => {
    const res = await page('/program/demo-club');
    expect(res.statusCode).toBe(200);
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('id="page-state"'));
    for (const title of ['Chicha morada de bienvenida', 'Postre por 100 monedas', 'Ceviche 2x1 nivel Oro'])
      expect(root).toContain(title);
    // The promotions travel in the page state, so hydration asks for them no second time.
    const state = JSON.parse(
      res.body.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    const promotions = state.queries.queries.find(
      (q: { queryKey: unknown[] }) => q.queryKey[0] === 'promotions' && q.queryKey[2] === 'public',
    );
    expect(promotions.state.status).toBe('success');
    expect(promotions.state.data.results.map((p: { title: string }) => p.title)).toContain(
      'Chicha morada de bienvenida',
    );
  });

  // A path's next render first fetches what its last one asked (ssr/query-plans.ts). Another address of
  // the same path asks for other queries: the page is its own, and the plan's queries stay out of it.
  it('renders an address of a path as itself after another address of that path', async () => {
    const publicPromotions = async (url: string) => {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const state = JSON.parse(
        res.body.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)?.[1] ?? '{}',
      );
      return state.queries.queries
        .filter((q: { queryKey: unknown[] }) => q.queryKey[0] === 'promotions' && q.queryKey[2] === 'public')
        .map((q: { queryKey: unknown[] }) => q.queryKey[3]);
    };
    for (const ordering of ['-rate_discount', 'rate_discount', '-rate_discount'])
      expect(await publicPromotions(`/program/demo-club?ordering=${ordering}`)).toEqual([
        { page: 1, tagged: false, ordering },
      ]);
    expect(await publicPromotions('/program/demo-club?tagged=true')).toEqual([
      { page: 1, tagged: true, ordering: '-rate_discount' },
    ]);
  });

  it("publishes each place's address, phone and weekly opening hours as schema.org JSON-LD", async () => {
    const res = await page(
      '/carta',
      'localhost',
      'selectedAreaUid=area-lima; selectedPlaceUid=place-miraflores',
    );
    const ld = JSON.parse(
      res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    const place = ld['@graph'].find((node: { '@id': string }) =>
      node['@id'].endsWith('#place-place-miraflores'),
    );
    expect(place['@type']).toBe('Restaurant');
    expect(place.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: 'Av. Larco 345, Miraflores',
    });
    expect(place.telephone).toBe('+51 1 445 2310');
    // The demo's week: 11:00 to 22:00 Monday to Thursday, to 23:00 on Friday and Saturday, 12:00 to 16:00 on Sunday.
    expect(place.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
        opens: '11:00',
        closes: '22:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Friday', 'Saturday'],
        opens: '11:00',
        closes: '23:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '12:00', closes: '16:00' },
    ]);
  });

  it('shows, with no city chosen yet, the city of the place it shows (nothing jumps as the page starts)', async () => {
    const res = await page('/carta');
    const selected = [...res.body.matchAll(/<option value="([^"]*)" selected="">/g)].map((m) => m[1]);
    expect(selected).toEqual(expect.arrayContaining(['area-arequipa', 'place-cayma']));
  });

  it('renders in the language of the lang cookie', async () => {
    const res = await page('/carta', 'localhost', 'lang=en');
    expect(res.body).toContain('<html lang="en">');
  });

  it('answers the router redirects of spec §2 as HTTP redirects, and unknown paths with 404', async () => {
    const landing = await page('/landing');
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/');
    const home = await page('/');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/carta');
    // A client that does not follow redirects (a health check reading /) still gets a page with the link.
    expect(home.body).toContain('<a href="/carta">');
    expect((await page('/no/such/page')).statusCode).toBe(404);
  });

  // Before hydration the browser would submit a form itself, as a GET with the password in the address.
  it('renders the submit buttons of the password forms disabled, for the browser to enable once hydrated', async () => {
    for (const path of ['/login', '/register', '/reset-password/some-user/some-token']) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      const root = res.body.slice(res.body.indexOf('<div id="root">'));
      expect(root, path).toContain('type="password"');
      const submits = root.match(/<button type="submit"[^>]*>/g) ?? [];
      expect(submits.length, path).toBeGreaterThan(0);
      for (const tag of submits) expect(tag, path).toContain('disabled=""');
    }
  });

  it('writes every boundary in place: no inline script, no late segment to reveal (the CSP allows none)', async () => {
    for (const path of ['/carta', '/program/demo-club', '/events', '/products']) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      for (const tag of res.body.match(/<script\b[^>]*>/g) ?? [])
        expect(tag, path).toMatch(/type="application\/(json|ld\+json)"|type="module"/);
      expect(res.body, path).not.toMatch(/<template id="B:|<div hidden id="S:|<!--\$\?-->/);
    }
  });

  it('keeps the XSS corpus inert in the raw HTML: no handler, script or break-out', async () => {
    for (const path of ['/faqs', '/terms-and-conditions', '/politics', '/landing']) {
      const res = await page(path, 'xss.localhost');
      const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
      // Only the data blocks and the entry module.
      for (const tag of scripts) expect(tag).toMatch(/type="application\/(json|ld\+json)"|type="module"/);
      const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('id="page-state"'));
      expect(root).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
      expect(root).not.toMatch(/<(iframe|object|embed|base|meta)\b/i);
    }
  });
});

describe('server-rendered pages of a tenant without signup', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const file = demoTenantFile();
    const landing = file.apps.find((app) => app.name === 'Landing Demo');
    t = await createTestApp({
      tenantFile: { ...file, apps: [{ ...landing, allow_signup: false }] },
      config: { WEB_DIST: dist },
    });
  });
  afterAll(() => t.close());

  it('redirects /register to /login over HTTP (spec §2), before any JavaScript runs', async () => {
    const res = await t.app.inject({ url: '/register', headers: { host: 'landing.localhost' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    const login = await t.app.inject({ url: '/login', headers: { host: 'landing.localhost' } });
    expect(login.statusCode).toBe(200);
  });
});

// A render from the very same data reuses the last one (ssr/page-renders.ts): data that moved shows at
// once, even with no event to drop a cache (the caches are off here: every visit renders).
describe('a page rendered again', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist, MENU_CACHE_SECONDS: 0 } });
  });
  afterAll(() => t.close());
  const root = async () => {
    const res = await t.app.inject({ url: '/carta', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    return res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('id="page-state"'));
  };

  it('is the same page while its data is the same, and shows a product renamed in the database at once', async () => {
    const first = await root();
    expect(first).toContain('Leche de tigre');
    expect(await root()).toBe(first);
    expect(await root()).toBe(first);
    await t.db
      .update(products)
      .set({ title: 'Leche de tigre del día' })
      .where(eq(products.title, 'Leche de tigre'));
    expect(await root()).toContain('Leche de tigre del día');
  });
});

describe('a product without a picture', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('renders on the server with its initials picture in the company colours', async () => {
    await t.db.update(products).set({ image: null });
    const res = await t.app.inject({ url: '/carta', headers: { host: 'localhost' } });
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('id="page-state"'));
    expect(root).toContain('<header class="header">');
    expect(root).toMatch(/<img[^>]+src="data:image\/svg\+xml,[^"]+"[^>]+data-fallback=""/);
  });
});
