import { placeProducts } from '@storefront/db/schema/catalogue';
import { raffleRegistrations, raffles } from '@storefront/db/schema/loyalty';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../proofs/route-table.ts';
import { createTestApp } from '../../test/test-app.ts';
import { multipartForm, picture } from '../media/image-test-files.ts';
import { auth, demoMemberToken, firstSlot, pickupBody } from '../orders/orders.fixtures.ts';
import type { AdminRouteEntry } from './access/admin-guard.ts';
import {
  type AdminTokens,
  adminTenantFile,
  adminTokens,
  as,
  COMPANY,
  MEMBER_UID,
  STAFF_UID,
} from './admin.fixtures.ts';

// The admin authorization matrix, generated from the route table (every route registered under
// /api/admin/, collected by adminRouteTablePlugin): on each company-scoped route an anonymous caller gets
// 401, a member and a staff user 403, a manager 403 where the route is the owner's, the owner of another
// company of the same app and of a company of another app 404; the owner (and the manager where allowed)
// get through. A route without a case here, or without `config.adminRole`, fails the first test.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let table: AdminRouteEntry[];

interface Case {
  /** Path parameters besides companyUid. */
  params?: Record<string, string>;
  body?: unknown;
  /** A multipart body instead of JSON (an upload). */
  form?: { payload: Buffer; contentType: string };
}

const product = { title: 'Matriz', price: '1.00' };
/** One request per route that the right role may make: `METHOD /api/admin/...` as registered. */
const CASES: Record<string, Case> = {
  'GET /api/admin/companies/:companyUid/categories/': {},
  'POST /api/admin/companies/:companyUid/categories/': { body: { name: 'Matriz' } },
  'GET /api/admin/companies/:companyUid/categories/:uid/': { params: { uid: 'pc-entradas' } },
  'PATCH /api/admin/companies/:companyUid/categories/:uid/': {
    params: { uid: 'pc-entradas' },
    body: { color: '#112233' },
  },
  'DELETE /api/admin/companies/:companyUid/categories/:uid/': { params: { uid: 'pc-bebidas' } },
  'GET /api/admin/companies/:companyUid/products/': {},
  'POST /api/admin/companies/:companyUid/products/': { body: product },
  'GET /api/admin/companies/:companyUid/products/:uid/': { params: { uid: 'p-causa-limena' } },
  'PATCH /api/admin/companies/:companyUid/products/:uid/': {
    params: { uid: 'p-causa-limena' },
    body: { price: '19.00' },
  },
  'DELETE /api/admin/companies/:companyUid/products/:uid/': { params: { uid: 'p-chicha-morada' } },
  'POST /api/admin/companies/:companyUid/products/:uid/duplicate/': { params: { uid: 'p-causa-limena' } },
  'GET /api/admin/companies/:companyUid/products/export/': {},
  'POST /api/admin/companies/:companyUid/products/import/': {
    form: multipartForm(Buffer.from('title,price\nMatriz importada,1.00\n'), {
      filename: 'productos.csv',
      type: 'text/csv',
    }),
  },
  'GET /api/admin/companies/:companyUid/availability/': {},
  'POST /api/admin/companies/:companyUid/availability/': {
    body: { place: 'place-cayma', product: 'p-causa-limena' },
  },
  'GET /api/admin/companies/:companyUid/availability/:uid/': {
    params: { uid: 'place-miraflores.p-causa-limena' },
  },
  'PATCH /api/admin/companies/:companyUid/availability/:uid/': {
    params: { uid: 'place-miraflores.p-causa-limena' },
    body: { stock: 9 },
  },
  'DELETE /api/admin/companies/:companyUid/availability/:uid/': {
    params: { uid: 'place-san-isidro.p-causa-limena' },
  },
  'GET /api/admin/companies/:companyUid/audit-log/': {},
  'GET /api/admin/companies/:companyUid/orders/': {},
  // The order is placed in beforeAll.
  'GET /api/admin/companies/:companyUid/orders/:uid/': {},
  'PATCH /api/admin/companies/:companyUid/orders/:uid/': { body: { status: 'ACCEPTED' } },
  'GET /api/admin/companies/:companyUid/staff/': {},
  'POST /api/admin/companies/:companyUid/staff/': {
    body: { email: 'matriz@demo.pe', role: 'staff', places: ['place-miraflores'] },
  },
  'GET /api/admin/companies/:companyUid/staff/:uid/': { params: { uid: STAFF_UID } },
  'PATCH /api/admin/companies/:companyUid/staff/:uid/': {
    params: { uid: STAFF_UID },
    body: { places: ['place-miraflores', 'place-cayma'] },
  },
  'DELETE /api/admin/companies/:companyUid/staff/:uid/': { params: { uid: STAFF_UID } },
  'GET /api/admin/companies/:companyUid/places/': {},
  'GET /api/admin/companies/:companyUid/places/:uid/': { params: { uid: 'place-cayma' } },
  'POST /api/admin/companies/:companyUid/places/': { body: { name: 'Matriz', city_uid: 'area-lima' } },
  'PATCH /api/admin/companies/:companyUid/places/:uid/': {
    params: { uid: 'place-cayma' },
    body: { phone: '+51 1 222 3333' },
  },
  'GET /api/admin/companies/:companyUid/cities/': {},
  'POST /api/admin/companies/:companyUid/cities/': { body: { name: 'Matriz', country_code: 'PE' } },
  'GET /api/admin/companies/:companyUid/cities/:uid/': { params: { uid: 'area-lima' } },
  'GET /api/admin/companies/:companyUid/settings/': {},
  'PATCH /api/admin/companies/:companyUid/settings/': { body: { menu_color: '#112233' } },
  'GET /api/admin/companies/:companyUid/payment-provider/': {},
  'PUT /api/admin/companies/:companyUid/payment-provider/': {
    body: {
      provider: 'CULQI',
      public_key: 'pk_test_matriz_0001',
      secret_key: 'sk_test_matriz_0001',
      enabled: true,
      transfer: null,
    },
  },
  // Its picture is drawn in beforeAll.
  'POST /api/admin/companies/:companyUid/images/': {},
  'GET /api/admin/companies/:companyUid/members/': {},
  'GET /api/admin/companies/:companyUid/members/:uid/': { params: { uid: MEMBER_UID } },
  'PATCH /api/admin/companies/:companyUid/members/:uid/': {
    params: { uid: MEMBER_UID },
    body: { blocked: false },
  },
  'GET /api/admin/companies/:companyUid/members/:uid/ledger/': { params: { uid: MEMBER_UID } },
  'POST /api/admin/companies/:companyUid/members/:uid/adjustments/': {
    params: { uid: MEMBER_UID },
    body: { program: 'demo-club', kind: 'coins', amount: 5, reason: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/programs/': {},
  'GET /api/admin/companies/:companyUid/programs/:uid/': { params: { uid: 'demo-club' } },
  'PATCH /api/admin/companies/:companyUid/programs/:uid/': {
    params: { uid: 'demo-club' },
    body: { stamp_reward: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/promotions/': {},
  'POST /api/admin/companies/:companyUid/promotions/': { body: { program: 'demo-club', title: 'Matriz' } },
  'GET /api/admin/companies/:companyUid/promotions/:uid/': { params: { uid: 'promo-bienvenida' } },
  'PATCH /api/admin/companies/:companyUid/promotions/:uid/': {
    params: { uid: 'promo-bienvenida' },
    body: { tagged: true },
  },
  'GET /api/admin/companies/:companyUid/coupons/': {},
  'POST /api/admin/companies/:companyUid/coupons/': {
    body: { code: 'matriz', discount_type: 'PERCENT', discount_value: '5' },
  },
  'GET /api/admin/companies/:companyUid/coupons/:uid/': { params: { uid: 'coupon-bienvenida' } },
  'PATCH /api/admin/companies/:companyUid/coupons/:uid/': {
    params: { uid: 'coupon-bienvenida' },
    body: { influencer: 'matriz' },
  },
  'GET /api/admin/companies/:companyUid/gift-cards/': {},
  'POST /api/admin/companies/:companyUid/gift-cards/': { body: { program: 'demo-club', amount: '10' } },
  'POST /api/admin/companies/:companyUid/gift-cards/batch/': {
    body: { program: 'demo-club', amount: '10', count: 2 },
  },
  'GET /api/admin/companies/:companyUid/gift-cards/:uid/': { params: { uid: 'gift-demo-50' } },
  'GET /api/admin/companies/:companyUid/landing-sections/': {},
  'POST /api/admin/companies/:companyUid/landing-sections/': { body: { type: 'CONTACT', tittle: 'Matriz' } },
  'GET /api/admin/companies/:companyUid/landing-sections/:uid/': { params: { uid: 'demo-l-welcome' } },
  'PATCH /api/admin/companies/:companyUid/landing-sections/:uid/': {
    params: { uid: 'demo-l-welcome' },
    body: { tittle: 'Matriz' },
  },
  'DELETE /api/admin/companies/:companyUid/landing-sections/:uid/': { params: { uid: 'demo-l-contact' } },
  'POST /api/admin/companies/:companyUid/landing-sections/:uid/move/': {
    params: { uid: 'demo-l-welcome' },
    body: { position: 1 },
  },
  'GET /api/admin/companies/:companyUid/site-content/': {},
  'PATCH /api/admin/companies/:companyUid/site-content/': { body: { faqs: '<p>Matriz</p>' } },
  'POST /api/admin/companies/:companyUid/gift-cards/:uid/void/': { params: { uid: 'gift-demo-20' } },
  'GET /api/admin/companies/:companyUid/dashboard/': {},
  'GET /api/admin/companies/:companyUid/dashboard/export/': {},
  'GET /api/admin/companies/:companyUid/raffles/': {},
  'POST /api/admin/companies/:companyUid/raffles/': { body: { program: 'demo-club', title: 'Matriz' } },
  'GET /api/admin/companies/:companyUid/raffles/:uid/': { params: { uid: 'raffle-aniversario' } },
  'PATCH /api/admin/companies/:companyUid/raffles/:uid/': {
    params: { uid: 'raffle-aniversario' },
    body: { prize: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/raffles/:uid/registrations/': {
    params: { uid: 'raffle-aniversario' },
  },
  // A closed raffle with one registration, made in beforeAll (a second draw is a 409).
  'POST /api/admin/companies/:companyUid/raffles/:uid/draw/': { params: { uid: 'raffle-matriz' } },
  'GET /api/admin/companies/:companyUid/polls/': {},
  'POST /api/admin/companies/:companyUid/polls/': {
    body: { program: 'demo-club', title: 'Matriz', questions: [{ text: '¿Matriz?', type: 'TEXT' }] },
  },
  'GET /api/admin/companies/:companyUid/polls/:uid/': { params: { uid: 'poll-satisfaccion' } },
  'PATCH /api/admin/companies/:companyUid/polls/:uid/': {
    params: { uid: 'poll-satisfaccion' },
    body: { title: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/polls/:uid/results/': { params: { uid: 'poll-satisfaccion' } },
  'GET /api/admin/companies/:companyUid/events/': {},
  'POST /api/admin/companies/:companyUid/events/': { body: { title: 'Matriz', start_date: '2027-01-01' } },
  'GET /api/admin/companies/:companyUid/events/:uid/': { params: { uid: 'event-feria' } },
  'PATCH /api/admin/companies/:companyUid/events/:uid/': {
    params: { uid: 'event-feria' },
    body: { location: 'Matriz' },
  },
  'DELETE /api/admin/companies/:companyUid/events/:uid/': { params: { uid: 'event-taller' } },
  'GET /api/admin/companies/:companyUid/ads/': {},
  'POST /api/admin/companies/:companyUid/ads/': { body: { program: 'demo-club', title: 'Matriz' } },
  'GET /api/admin/companies/:companyUid/ads/:uid/': { params: { uid: 'ad-club-1' } },
  'PATCH /api/admin/companies/:companyUid/ads/:uid/': {
    params: { uid: 'ad-club-1' },
    body: { link: '/matriz' },
  },
  'DELETE /api/admin/companies/:companyUid/ads/:uid/': { params: { uid: 'ad-club-2' } },
};

/** The installation operator's routes: one request each that an operator may make. */
const OPERATOR_CASES: Record<string, Case> = {
  'GET /api/admin/operator/apps/': {},
  'POST /api/admin/operator/apps/': { body: { name: 'Matriz', domains: ['matriz.pe'] } },
  'GET /api/admin/operator/apps/:appUid/companies/': { params: { appUid: 'demo' } },
  'POST /api/admin/operator/apps/:appUid/companies/': {
    params: { appUid: 'demo' },
    body: { name: 'Matriz' },
  },
  'POST /api/admin/operator/companies/:companyUid/owners/': {
    params: { companyUid: 'rival-main' },
    body: { email: 'matriz-owner@demo.pe' },
  },
};

/** The calls outside a company, each with the answers every kind of caller gets. */
const ACCOUNT_ROUTES = ['POST /api/admin/session/', 'DELETE /api/admin/session/', 'GET /api/admin/me/'];

const nameOf = (route: AdminRouteEntry) => `${route.method} ${route.url}`;

function request(route: AdminRouteEntry, token: string | null, companyUid = COMPANY): InjectOptions {
  const test = CASES[nameOf(route)] ?? OPERATOR_CASES[nameOf(route)] ?? {};
  const values: Record<string, string> = { companyUid, ...test.params };
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? `no-${name}`),
  );
  if (test.form)
    return {
      method: route.method as InjectOptions['method'],
      url,
      headers: { ...as(token), 'content-type': test.form.contentType },
      payload: test.form.payload,
    };
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers: as(token),
    ...(test.body === undefined ? {} : { payload: test.body as object }),
  };
}

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  table = t.app.adminRoutes;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v5/places/place-miraflores/orders/',
    headers: auth(await demoMemberToken(t.db)),
    payload: pickupBody(await firstSlot(t.app), [
      { uid: 'p-causa-limena', quantity: 1, option_groups: [], direct_purchase: false },
    ]),
  });
  if (placed.statusCode !== 201) throw new Error(placed.body);
  for (const name of ['GET', 'PATCH'].map((m) => `${m} /api/admin/companies/:companyUid/orders/:uid/`))
    CASES[name] = { ...CASES[name], params: { uid: placed.json().uid } };
  CASES['POST /api/admin/companies/:companyUid/images/'] = {
    form: multipartForm(await picture('png', 400, 300)),
  };
  await t.db.insert(raffles).values({
    uid: 'raffle-matriz',
    programUid: 'demo-club',
    title: 'Matriz',
    endsAt: new Date(Date.now() - 60_000),
  });
  await t.db
    .insert(raffleRegistrations)
    .values({ raffleUid: 'raffle-matriz', userUid: MEMBER_UID, status: 'REGISTERED' });
  // The demo sells every product everywhere: place-cayma stops selling one, which the case offers again.
  await t.db
    .delete(placeProducts)
    .where(and(eq(placeProducts.placeUid, 'place-cayma'), eq(placeProducts.productUid, 'p-causa-limena')));
});
afterAll(() => t.close());

describe('admin authorization matrix', () => {
  it('has a case and a role for every admin route, and every admin route is in the OpenAPI document', () => {
    const scoped = table.filter((route) => route.companyScoped);
    expect(scoped.length).toBeGreaterThanOrEqual(17);
    const missing = scoped.filter((route) => !(nameOf(route) in CASES)).map(nameOf);
    expect(missing, 'add a case for these routes to CASES').toEqual([]);
    const roleless = scoped.filter((route) => !route.adminRole).map(nameOf);
    expect(roleless, "give these routes config: { adminRole: 'owner' | 'manager' }").toEqual([]);
    const operatorRoutes = table.filter((route) => route.operatorOnly);
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(5);
    expect(
      operatorRoutes.filter((route) => !(nameOf(route) in OPERATOR_CASES)).map(nameOf),
      'add a case for these routes to OPERATOR_CASES',
    ).toEqual([]);
    expect(
      operatorRoutes.filter((route) => route.adminRole !== 'operator').map(nameOf),
      "give these routes config: { adminRole: 'operator' }",
    ).toEqual([]);
    const other = table.filter((route) => !route.companyScoped && !route.operatorOnly).map(nameOf);
    expect(other.sort(), 'add a case for these routes to ACCOUNT_ROUTES').toEqual([...ACCOUNT_ROUTES].sort());
    expect(Object.keys(CASES).filter((name) => !scoped.some((route) => nameOf(route) === name))).toEqual([]);
    // The document names parameters {companyUid}; the route table :companyUid.
    const documented = new Set(
      apiRoutes(t.app)
        .filter((route) => route.path.startsWith('/api/admin/'))
        .map((route) => `${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(table.map(nameOf).filter((name) => !documented.has(name))).toEqual([]);
  });

  it('refuses every company route to the wrong callers, and lets the right ones through', async () => {
    const failures: string[] = [];
    const expectStatus = async (
      label: string,
      route: AdminRouteEntry,
      options: InjectOptions,
      want: number,
    ) => {
      const res = await t.app.inject(options);
      if (res.statusCode !== want)
        failures.push(`${nameOf(route)} ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    const scoped = table.filter((route) => route.companyScoped);
    for (const route of scoped) {
      await expectStatus('anonymous', route, request(route, null), 401);
      await expectStatus('bad token', route, request(route, 'nope'), 401);
      await expectStatus('member', route, request(route, tokens.member), 403);
      await expectStatus('staff', route, request(route, tokens.staff), 403);
      if (route.adminRole === 'owner')
        await expectStatus('manager', route, request(route, tokens.manager), 403);
      await expectStatus("another company's owner", route, request(route, tokens.rivalOwner), 404);
      await expectStatus("another app's owner", route, request(route, tokens.multiOwner), 404);
      await expectStatus('an unknown company', route, request(route, tokens.owner, 'no-such-company'), 404);
    }
    // Controls, reads before writes before deletions: the right role gets an answer that is not a refusal.
    const order = (route: AdminRouteEntry) =>
      route.method === 'GET' ? 0 : route.method === 'DELETE' ? 2 : 1;
    for (const route of [...scoped].sort((x, y) => order(x) - order(y))) {
      const callers =
        route.adminRole === 'manager'
          ? [tokens.manager, tokens.owner, tokens.operator]
          : [tokens.owner, tokens.operator];
      // The first succeeds; the others get past the guard (a second delete finds nothing, a second offer exists).
      for (const [i, token] of callers.entries()) {
        const res = await t.app.inject(request(route, token));
        const refused = [401, 403].includes(res.statusCode) || res.statusCode >= 500;
        const failed =
          i === 0 ? res.statusCode >= 300 : refused || (res.statusCode === 404 && route.method !== 'DELETE');
        if (failed) failures.push(`${nameOf(route)} right role: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every operator route to anyone but an installation operator', async () => {
    const failures: string[] = [];
    for (const route of table.filter((r) => r.operatorOnly)) {
      const callers: [string, string | null, number][] = [
        ['anonymous', null, 401],
        ['bad token', 'nope', 401],
        ['member', tokens.member, 403],
        ['staff', tokens.staff, 403],
        ['manager', tokens.manager, 403],
        ['owner', tokens.owner, 403],
        ["another app's owner", tokens.multiOwner, 403],
      ];
      for (const [label, token, want] of callers) {
        const res = await t.app.inject(request(route, token));
        if (res.statusCode !== want) failures.push(`${nameOf(route)} ${label}: ${res.statusCode}`);
      }
      const res = await t.app.inject(request(route, tokens.operator));
      if (res.statusCode >= 300)
        failures.push(`${nameOf(route)} operator: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers the account calls by caller', async () => {
    const session = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/session/', headers: as(null), payload });
    expect((await session({ email: 'socio@demo.pe', password: 'Demo1234!' })).statusCode).toBe(400);
    expect((await session({ email: 'tienda@demo.pe', password: 'Demo1234!' })).statusCode).toBe(400);
    expect((await session({ email: 'dueno@demo.pe', password: 'Demo1234!' })).statusCode).toBe(200);
    for (const method of ['GET', 'DELETE'] as const) {
      const url = method === 'GET' ? '/api/admin/me/' : '/api/admin/session/';
      const status = async (token: string | null) =>
        (await t.app.inject({ method, url, headers: as(token) })).statusCode;
      expect(await status(null), `${method} ${url}`).toBe(401);
      expect(await status(tokens.member)).toBe(403);
      expect(await status(tokens.staff)).toBe(403);
    }
  });
});
