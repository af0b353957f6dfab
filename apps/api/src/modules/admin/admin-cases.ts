import type { Database } from '@storefront/db/client';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { memberships, raffleRegistrations, raffles } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { multipartForm, picture } from '../media/image-test-files.ts';
import { auth, demoMemberToken, firstSlot, pickupBody } from '../orders/orders.fixtures.ts';
import type { AdminRouteEntry } from './access/admin-guard.ts';
import { as, COMPANY, dayIn, MEMBER_UID, STAFF_UID } from './admin.fixtures.ts';

const BLOCKED_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0b01';

// One request per admin route that the right role may make, with the answer every kind of caller gets:
// the authorization matrix and the sweeps over every write (admin-sweeps.test.ts) are generated from
// the app's route table and these cases.

/** What a caller gets from a route: a given refusal, or `ok` (a 2xx, or past the guard for a repeat). */
export type Answer = 'ok' | 401 | 403 | 404;
export type Caller =
  | 'anonymous'
  | 'member'
  | 'staff'
  | 'manager'
  | 'owner'
  | 'rivalOwner'
  | 'multiOwner'
  | 'operator';
export type Access = Record<Caller, Answer>;

// The expected answers, written from architecture §9 (managers: catalogue, stock, places, orders,
// promotions; not staff or settings) and never read from the routes' own config: loosening a route's
// role fails the matrix. Another company's owner, of this app or another, learns nothing (404).
const MANAGERS: Access = {
  anonymous: 401,
  member: 403,
  staff: 403,
  manager: 'ok',
  owner: 'ok',
  rivalOwner: 404,
  multiOwner: 404,
  operator: 'ok',
};
const OWNERS: Access = { ...MANAGERS, manager: 403 };
const OPERATORS: Access = {
  anonymous: 401,
  member: 403,
  staff: 403,
  manager: 403,
  owner: 403,
  rivalOwner: 403,
  multiOwner: 403,
  operator: 'ok',
};

export interface Case {
  /** The answer of each caller. */
  access: Access;
  /** Path parameters besides companyUid. */
  params?: Record<string, string>;
  body?: unknown;
  /** A multipart body instead of JSON (an upload). */
  form?: { payload: Buffer; contentType: string };
}

const product = { title: 'Matriz', price: '1.00' };
/** One request per route that the right role may make: `METHOD /api/admin/...` as registered. */
export const CASES: Record<string, Case> = {
  'GET /api/admin/companies/:companyUid/categories/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/categories/': { access: MANAGERS, body: { name: 'Matriz' } },
  'GET /api/admin/companies/:companyUid/categories/:uid/': {
    access: MANAGERS,
    params: { uid: 'pc-entradas' },
  },
  'PATCH /api/admin/companies/:companyUid/categories/:uid/': {
    access: MANAGERS,
    params: { uid: 'pc-entradas' },
    body: { color: '#112233' },
  },
  'DELETE /api/admin/companies/:companyUid/categories/:uid/': {
    access: MANAGERS,
    params: { uid: 'pc-bebidas' },
  },
  'GET /api/admin/companies/:companyUid/products/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/products/': { access: MANAGERS, body: product },
  'GET /api/admin/companies/:companyUid/products/:uid/': {
    access: MANAGERS,
    params: { uid: 'p-causa-limena' },
  },
  'PATCH /api/admin/companies/:companyUid/products/:uid/': {
    access: MANAGERS,
    params: { uid: 'p-causa-limena' },
    body: { price: '19.00' },
  },
  'DELETE /api/admin/companies/:companyUid/products/:uid/': {
    access: MANAGERS,
    params: { uid: 'p-chicha-morada' },
  },
  'POST /api/admin/companies/:companyUid/products/:uid/duplicate/': {
    access: MANAGERS,
    params: { uid: 'p-causa-limena' },
  },
  'GET /api/admin/companies/:companyUid/products/export/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/products/import/': {
    access: MANAGERS,
    form: multipartForm(Buffer.from('title,price\nMatriz importada,1.00\n'), {
      filename: 'productos.csv',
      type: 'text/csv',
    }),
  },
  'GET /api/admin/companies/:companyUid/availability/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/availability/': {
    access: MANAGERS,
    body: { place: 'place-cayma', product: 'p-causa-limena' },
  },
  'GET /api/admin/companies/:companyUid/availability/:uid/': {
    access: MANAGERS,
    params: { uid: 'place-miraflores.p-causa-limena' },
  },
  'PATCH /api/admin/companies/:companyUid/availability/:uid/': {
    access: MANAGERS,
    params: { uid: 'place-miraflores.p-causa-limena' },
    body: { stock: 9 },
  },
  'DELETE /api/admin/companies/:companyUid/availability/:uid/': {
    access: MANAGERS,
    params: { uid: 'place-san-isidro.p-causa-limena' },
  },
  'GET /api/admin/companies/:companyUid/audit-log/': { access: OWNERS },
  'GET /api/admin/companies/:companyUid/orders/': { access: MANAGERS },
  // The order is placed in beforeAll.
  'GET /api/admin/companies/:companyUid/orders/:uid/': { access: MANAGERS },
  'PATCH /api/admin/companies/:companyUid/orders/:uid/': { access: MANAGERS, body: { status: 'ACCEPTED' } },
  'GET /api/admin/companies/:companyUid/staff/': { access: OWNERS },
  'POST /api/admin/companies/:companyUid/staff/': {
    access: OWNERS,
    body: { email: 'matriz@demo.pe', role: 'staff', places: ['place-miraflores'] },
  },
  'GET /api/admin/companies/:companyUid/staff/:uid/': { access: OWNERS, params: { uid: STAFF_UID } },
  'PATCH /api/admin/companies/:companyUid/staff/:uid/': {
    access: OWNERS,
    params: { uid: STAFF_UID },
    body: { places: ['place-miraflores', 'place-cayma'] },
  },
  'DELETE /api/admin/companies/:companyUid/staff/:uid/': { access: OWNERS, params: { uid: STAFF_UID } },
  'GET /api/admin/companies/:companyUid/places/': { access: MANAGERS },
  'GET /api/admin/companies/:companyUid/places/:uid/': { access: MANAGERS, params: { uid: 'place-cayma' } },
  'POST /api/admin/companies/:companyUid/places/': {
    access: MANAGERS,
    body: { name: 'Matriz', city_uid: 'area-lima' },
  },
  'PATCH /api/admin/companies/:companyUid/places/:uid/': {
    access: MANAGERS,
    params: { uid: 'place-cayma' },
    body: { phone: '+51 1 222 3333' },
  },
  'GET /api/admin/companies/:companyUid/cities/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/cities/': {
    access: MANAGERS,
    body: { name: 'Matriz', country_code: 'PE' },
  },
  'GET /api/admin/companies/:companyUid/cities/:uid/': { access: MANAGERS, params: { uid: 'area-lima' } },
  'GET /api/admin/companies/:companyUid/settings/': { access: OWNERS },
  'PATCH /api/admin/companies/:companyUid/settings/': { access: OWNERS, body: { menu_color: '#112233' } },
  'GET /api/admin/companies/:companyUid/payment-provider/': { access: OWNERS },
  'PUT /api/admin/companies/:companyUid/payment-provider/': {
    access: OWNERS,
    body: {
      provider: 'CULQI',
      public_key: 'pk_test_matriz_0001',
      secret_key: 'sk_test_matriz_0001',
      enabled: true,
      transfer: null,
    },
  },
  'GET /api/admin/companies/:companyUid/e-invoicing/': { access: OWNERS },
  'PUT /api/admin/companies/:companyUid/e-invoicing/': {
    access: OWNERS,
    body: {
      enabled: false,
      environment: 'BETA',
      ruc: null,
      legal_name: null,
      address: null,
      igv_percent: '10.5',
      sol_user: null,
    },
  },
  // Its picture is drawn in beforeAll.
  'POST /api/admin/companies/:companyUid/images/': { access: MANAGERS },
  'GET /api/admin/companies/:companyUid/members/': { access: MANAGERS },
  'GET /api/admin/companies/:companyUid/members/:uid/': { access: MANAGERS, params: { uid: MEMBER_UID } },
  'PATCH /api/admin/companies/:companyUid/members/:uid/': {
    access: MANAGERS,
    // A member of its own (made in prepareCases): the others' cases need socio@demo.pe unblocked.
    params: { uid: BLOCKED_UID },
    body: { blocked: true },
  },
  'GET /api/admin/companies/:companyUid/members/:uid/ledger/': {
    access: MANAGERS,
    params: { uid: MEMBER_UID },
  },
  'POST /api/admin/companies/:companyUid/members/:uid/adjustments/': {
    access: MANAGERS,
    params: { uid: MEMBER_UID },
    body: { program: 'demo-club', kind: 'coins', amount: 5, reason: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/programs/': { access: MANAGERS },
  'GET /api/admin/companies/:companyUid/programs/:uid/': { access: MANAGERS, params: { uid: 'demo-club' } },
  'PATCH /api/admin/companies/:companyUid/programs/:uid/': {
    access: MANAGERS,
    params: { uid: 'demo-club' },
    body: { stamp_reward: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/promotions/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/promotions/': {
    access: MANAGERS,
    body: { program: 'demo-club', title: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/promotions/:uid/': {
    access: MANAGERS,
    params: { uid: 'promo-bienvenida' },
  },
  'PATCH /api/admin/companies/:companyUid/promotions/:uid/': {
    access: MANAGERS,
    params: { uid: 'promo-bienvenida' },
    body: { tagged: false },
  },
  'GET /api/admin/companies/:companyUid/coupons/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/coupons/': {
    access: MANAGERS,
    body: { code: 'matriz', discount_type: 'PERCENT', discount_value: '5' },
  },
  'GET /api/admin/companies/:companyUid/coupons/:uid/': {
    access: MANAGERS,
    params: { uid: 'coupon-bienvenida' },
  },
  'PATCH /api/admin/companies/:companyUid/coupons/:uid/': {
    access: MANAGERS,
    params: { uid: 'coupon-bienvenida' },
    body: { influencer: 'matriz' },
  },
  'GET /api/admin/companies/:companyUid/gift-cards/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/gift-cards/': {
    access: MANAGERS,
    body: { program: 'demo-club', amount: '10' },
  },
  'POST /api/admin/companies/:companyUid/gift-cards/batch/': {
    access: MANAGERS,
    body: { program: 'demo-club', amount: '10', count: 2 },
  },
  'GET /api/admin/companies/:companyUid/gift-cards/:uid/': {
    access: MANAGERS,
    params: { uid: 'gift-demo-50' },
  },
  'GET /api/admin/companies/:companyUid/landing-sections/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/landing-sections/': {
    access: MANAGERS,
    body: { type: 'CONTACT', tittle: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/landing-sections/:uid/': {
    access: MANAGERS,
    params: { uid: 'demo-l-welcome' },
  },
  'PATCH /api/admin/companies/:companyUid/landing-sections/:uid/': {
    access: MANAGERS,
    params: { uid: 'demo-l-welcome' },
    body: { tittle: 'Matriz' },
  },
  'DELETE /api/admin/companies/:companyUid/landing-sections/:uid/': {
    access: MANAGERS,
    params: { uid: 'demo-l-contact' },
  },
  'POST /api/admin/companies/:companyUid/landing-sections/:uid/move/': {
    access: MANAGERS,
    params: { uid: 'demo-l-welcome' },
    body: { position: 1 },
  },
  'GET /api/admin/companies/:companyUid/site-content/': { access: MANAGERS },
  'PATCH /api/admin/companies/:companyUid/site-content/': {
    access: MANAGERS,
    body: { faqs: '<p>Matriz</p>' },
  },
  'POST /api/admin/companies/:companyUid/gift-cards/:uid/void/': {
    access: MANAGERS,
    params: { uid: 'gift-demo-20' },
  },
  'GET /api/admin/companies/:companyUid/dashboard/': { access: MANAGERS },
  'GET /api/admin/companies/:companyUid/dashboard/export/': { access: MANAGERS },
  'GET /api/admin/companies/:companyUid/raffles/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/raffles/': {
    access: MANAGERS,
    body: { program: 'demo-club', title: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/raffles/:uid/': {
    access: MANAGERS,
    params: { uid: 'raffle-aniversario' },
  },
  'PATCH /api/admin/companies/:companyUid/raffles/:uid/': {
    access: MANAGERS,
    params: { uid: 'raffle-aniversario' },
    body: { prize: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/raffles/:uid/registrations/': {
    access: MANAGERS,
    params: { uid: 'raffle-aniversario' },
  },
  // A closed raffle with one registration, made in beforeAll (a second draw is a 409).
  'POST /api/admin/companies/:companyUid/raffles/:uid/draw/': {
    access: MANAGERS,
    params: { uid: 'raffle-matriz' },
  },
  'GET /api/admin/companies/:companyUid/polls/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/polls/': {
    access: MANAGERS,
    body: { program: 'demo-club', title: 'Matriz', questions: [{ text: '¿Matriz?', type: 'TEXT' }] },
  },
  'GET /api/admin/companies/:companyUid/polls/:uid/': {
    access: MANAGERS,
    params: { uid: 'poll-satisfaccion' },
  },
  'PATCH /api/admin/companies/:companyUid/polls/:uid/': {
    access: MANAGERS,
    params: { uid: 'poll-satisfaccion' },
    body: { title: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/polls/:uid/results/': {
    access: MANAGERS,
    params: { uid: 'poll-satisfaccion' },
  },
  'GET /api/admin/companies/:companyUid/events/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/events/': {
    access: MANAGERS,
    body: { title: 'Matriz', start_date: dayIn(60) },
  },
  'GET /api/admin/companies/:companyUid/events/:uid/': { access: MANAGERS, params: { uid: 'event-feria' } },
  'PATCH /api/admin/companies/:companyUid/events/:uid/': {
    access: MANAGERS,
    params: { uid: 'event-feria' },
    body: { location: 'Matriz' },
  },
  'DELETE /api/admin/companies/:companyUid/events/:uid/': {
    access: MANAGERS,
    params: { uid: 'event-taller' },
  },
  'GET /api/admin/companies/:companyUid/ads/': { access: MANAGERS },
  'POST /api/admin/companies/:companyUid/ads/': {
    access: MANAGERS,
    body: { program: 'demo-club', title: 'Matriz' },
  },
  'GET /api/admin/companies/:companyUid/ads/:uid/': { access: MANAGERS, params: { uid: 'ad-club-1' } },
  'PATCH /api/admin/companies/:companyUid/ads/:uid/': {
    access: MANAGERS,
    params: { uid: 'ad-club-1' },
    body: { link: '/matriz' },
  },
  'DELETE /api/admin/companies/:companyUid/ads/:uid/': { access: MANAGERS, params: { uid: 'ad-club-2' } },
};

/** The installation operator's routes: one request each that an operator may make. */
export const OPERATOR_CASES: Record<string, Case> = {
  'GET /api/admin/operator/apps/': { access: OPERATORS },
  'POST /api/admin/operator/apps/': { access: OPERATORS, body: { name: 'Matriz', domains: ['matriz.pe'] } },
  'GET /api/admin/operator/apps/:appUid/companies/': { access: OPERATORS, params: { appUid: 'demo' } },
  'POST /api/admin/operator/apps/:appUid/companies/': {
    access: OPERATORS,
    params: { appUid: 'demo' },
    body: { name: 'Matriz' },
  },
  'POST /api/admin/operator/companies/:companyUid/owners/': {
    access: OPERATORS,
    params: { companyUid: 'rival-main' },
    body: { email: 'matriz-owner@demo.pe' },
  },
};

/** The calls outside a company, each with the answers every kind of caller gets. */
export const ACCOUNT_ROUTES = [
  'POST /api/admin/session/',
  'DELETE /api/admin/session/',
  'GET /api/admin/me/',
];

export const nameOf = (route: AdminRouteEntry) => `${route.method} ${route.url}`;

export const caseOf = (route: AdminRouteEntry): Case | undefined =>
  CASES[nameOf(route)] ?? OPERATOR_CASES[nameOf(route)];

/** The case's request of `route` as `token` (on another company with `companyUid`), plus `headers`. */
export function request(
  route: AdminRouteEntry,
  token: string | null,
  companyUid = COMPANY,
  headers: Record<string, string> = {},
): InjectOptions & { url: string } {
  const test: Partial<Case> = caseOf(route) ?? {};
  const values: Record<string, string> = { companyUid, ...test.params };
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? `no-${name}`),
  );
  if (test.form)
    return {
      method: route.method as InjectOptions['method'],
      url,
      headers: { ...as(token), ...headers, 'content-type': test.form.contentType },
      payload: test.form.payload,
    };
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers: { ...as(token), ...headers },
    ...(test.body === undefined ? {} : { payload: test.body as object }),
  };
}

/**
 * What the cases need besides the admin tenant file: an order to move, a picture to upload, a closed
 * raffle with a registration to draw, and a product place-cayma does not sell yet.
 */
export async function prepareCases(t: { app: FastifyInstance; db: Database }): Promise<void> {
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
    CASES[name] = { access: MANAGERS, ...CASES[name], params: { uid: placed.json().uid } };
  const images = 'POST /api/admin/companies/:companyUid/images/';
  CASES[images] = { ...CASES[images], access: MANAGERS, form: multipartForm(await picture('png', 400, 300)) };
  await t.db.insert(raffles).values({
    uid: 'raffle-matriz',
    programUid: 'demo-club',
    title: 'Matriz',
    endsAt: new Date(Date.now() - 60_000),
  });
  await t.db
    .insert(raffleRegistrations)
    .values({ raffleUid: 'raffle-matriz', userUid: MEMBER_UID, status: 'REGISTERED' });
  await t.db.insert(users).values({ uid: BLOCKED_UID, appUid: 'demo', email: 'bloqueo@demo.pe' });
  await t.db.insert(memberships).values({ appUid: 'demo', userUid: BLOCKED_UID, programUid: 'demo-club' });
  // The demo sells every product everywhere: place-cayma stops selling one, which the case offers again.
  await t.db
    .delete(placeProducts)
    .where(and(eq(placeProducts.placeUid, 'place-cayma'), eq(placeProducts.productUid, 'p-causa-limena')));
}
