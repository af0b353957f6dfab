import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL } from '../modules/media/media.routes.ts';
import { PUBLIC_CACHE_CONTROL } from '../plugins/http-cache.ts';
import { apiRoutes, fillPath, fixtureKey, routeName } from './route-table.ts';
import { createWorld, fixtureValue, type World } from './world.ts';

// Every GET of the route table, asked with tenant A's own ids, by a member (staff on retail routes) and
// by nobody: only the anonymous catalogue and content reads may be kept by a shared cache; everything
// else, and anything asked with a session, is private.

const PUBLIC_ROUTES = [
  'GET /api/v5/companies/{company_uid}/events',
  'GET /api/v5/events/{event_uid}',
  'GET /api/v5/programs/{program_id}/promotions',
  'GET /api/v5/programs/{uid}',
  'GET /api/v5/push/key/',
  'GET /api/v7/apps/',
  'GET /api/v7/apps/{uid_app}',
  'GET /api/v7/apps/{uid_app}/allowed-companies/',
  'GET /api/v7/apps/{uid_app}/landing/',
  'GET /api/v7/areas/',
  'GET /api/v7/categories/',
  'GET /api/v7/company/{company_uid}/product-categories/',
  'GET /api/v7/places/',
  'GET /api/v7/places/{place_uid}/product-categories/',
  'GET /api/v7/places/{place_uid}/products/',
  'GET /api/v7/places/{place_uid}/products/redeemables/',
  'GET /api/v7/places/{place_uid}/products/{product_uid}/',
  'GET /api/v7/products/',
];

/** Uploaded images' files: their address names their content, so anyone may keep them for good. */
const IMMUTABLE_ROUTES = ['GET /media/{uid}/{file}'];

/** The shop's installable-app files: the same for everyone on its domain, kept for an hour or a day. */
const APP_FILE_ROUTES: Record<string, string> = {
  'GET /manifest.webmanifest': 'public, max-age=3600',
  'GET /app-icons/192.png': 'public, max-age=86400',
  'GET /app-icons/512.png': 'public, max-age=86400',
};

/** The two lists that need a query to answer at all: the app by its domain, the categories by app. */
const requiredQuery = (path: string) =>
  ({
    '/api/v7/apps/': `?domain=${world.a.tenant.host}`,
    '/api/v7/categories/': `?app=${world.a.tenant.uid}`,
  })[path];

let world: World;
beforeAll(async () => {
  world = await createWorld();
});
afterAll(() => world?.close());

describe('Cache-Control of every GET route', () => {
  it('is public only on anonymous catalogue and content reads, private and unstored on the rest', async () => {
    const publicAnonymous: string[] = [];
    const leaks: string[] = [];
    for (const route of apiRoutes(world.t.app).filter((r) => r.method === 'GET')) {
      const values = Object.fromEntries(
        route.pathParams.map((name) => {
          const key = fixtureKey(route.path, name, world.fixtures);
          const fixture = key ? world.fixtures[key] : undefined;
          return [name, fixture ? fixtureValue(fixture.a, route.path) : 'x'];
        }),
      );
      const url = fillPath(route.path, values) + (requiredQuery(route.path) ?? '');
      const token = route.path.includes('/retail/') ? world.a.staff : world.a.member;
      const headers = { host: world.a.tenant.host };
      const signedIn = await world.t.app.inject({
        url,
        headers: { ...headers, authorization: `Token ${token}` },
      });
      if (IMMUTABLE_ROUTES.includes(routeName(route))) {
        for (const res of [signedIn, await world.t.app.inject({ url, headers })])
          if (res.statusCode !== 200 || res.headers['cache-control'] !== IMMUTABLE_CACHE_CONTROL)
            leaks.push(`${routeName(route)}: ${res.statusCode} ${res.headers['cache-control']}`);
        continue;
      }
      const appFile = APP_FILE_ROUTES[routeName(route)];
      if (appFile) {
        for (const res of [signedIn, await world.t.app.inject({ url, headers })])
          if (res.statusCode !== 200 || res.headers['cache-control'] !== appFile)
            leaks.push(`${routeName(route)}: ${res.statusCode} ${res.headers['cache-control']}`);
        continue;
      }
      if (signedIn.headers['cache-control'] !== 'private, no-store')
        leaks.push(
          `${routeName(route)} signed in: ${signedIn.statusCode} ${signedIn.headers['cache-control']}`,
        );
      const anonymous = await world.t.app.inject({ url, headers });
      const cacheControl = anonymous.headers['cache-control'];
      if (cacheControl === PUBLIC_CACHE_CONTROL && anonymous.statusCode === 200)
        publicAnonymous.push(routeName(route));
      else if (
        cacheControl !== 'private, no-store' &&
        !String(anonymous.headers['content-type']).includes('event-stream')
      )
        leaks.push(`${routeName(route)} anonymous: ${anonymous.statusCode} ${cacheControl}`);
    }
    expect(leaks).toEqual([]);
    expect(publicAnonymous.sort()).toEqual(PUBLIC_ROUTES);
  }, 60_000);
});

describe('ETag of a public read', () => {
  const place = () => world.a.tenant.id('place-miraflores');
  const menu = (ifNoneMatch?: string) =>
    world.t.app.inject({
      url: `/api/v7/places/${place()}/products/?page_size=100`,
      headers: { host: world.a.tenant.host, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    });

  it('is strong, answers 304 with no body while it matches, and changes when stock moves', async () => {
    const first = await menu();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers.vary).toContain('Accept-Language');

    const again = await menu(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await menu(`"other", ${etag}`)).statusCode).toBe(304);

    // An order takes one of the place's stocked units: the menu's stock, so its ETag, changes at once.
    const order = await world.t.app.inject({
      method: 'POST',
      url: `/api/v5/places/${place()}/orders/`,
      headers: { host: world.a.tenant.host, authorization: `Token ${world.a.member}` },
      payload: {
        ...world.a.order,
        products: [
          {
            uid: world.a.tenant.id('p-leche-de-tigre'),
            quantity: 1,
            option_groups: [],
            direct_purchase: false,
          },
        ],
      },
    });
    expect(order.statusCode).toBe(201);
    const after = await menu(etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });
});
