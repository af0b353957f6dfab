import { ERRORS, type ErrorCode } from '@storefront/contracts/errors';
import { savedAddresses } from '@storefront/db/schema/addresses';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { giftCards, polls, programs, promotions, raffleDraws, raffles } from '@storefront/db/schema/loyalty';
import { coupons } from '@storefront/db/schema/orders';
import { companyPaymentSettings } from '@storefront/db/schema/payments';
import { apps, companies, places } from '@storefront/db/schema/tenancy';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, picture, pngClaiming } from '../modules/media/image-test-files.ts';
import { firstSlot, lomoSaltadoLine, pickupBody } from '../modules/orders/orders.fixtures.ts';
import { billing, cardToken, useProvider } from '../modules/payments/payments.fixtures.ts';
import { DECLINED_CARD } from '../modules/payments/sandbox/fake-providers.ts';
import { startFakeProviders } from '../modules/payments/sandbox/fake-server.ts';
import { issueToken } from '../modules/sessions/sessions.service.ts';
import { createTestApp, demoTenantFile } from '../test/test-app.ts';

// The error-code matrix: for every code of packages/contracts/src/errors.ts, a request that makes the
// API answer it, sent in Spanish and in English, must get the code's status and its exact message (as
// `detail` or in a field's list). A code without a case fails the first test (and the typecheck: the
// table is a Record of every code), so a new code forces a case. The few codes no request can reach are
// listed with the reason, and the second test checks they are really never answered.

const MEMBER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0001';
const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const RIVAL_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0201';
const OWNER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0003';
const OPERATOR_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0005';
const PROGRAM = 'demo-club';
const PLACE = 'place-miraflores';

type Request = InjectOptions & { url: string };
interface Case {
  /** State the request needs (run once, before both languages). */
  prepare?: () => Promise<void>;
  request: () => Request | Promise<Request>;
  /** Puts back what `prepare` changed for the cases after it. */
  restore?: () => Promise<void>;
}
type Unreachable = { unreachable: string };

/** The demo tenant plus a company without a program (with its staff) and two members sharing a phone. */
function tenantFile() {
  const file = demoTenantFile();
  const demo = file.apps[0] as {
    companies: Record<string, unknown>[];
    users: Record<string, unknown>[];
    loyalty_members: Record<string, unknown>[];
  };
  demo.companies.push({
    uid: 'rival-main',
    name: 'Rival',
    places: [{ uid: 'place-rival', name: 'Rival Centro', address: 'Jr. Rival 1', area: 'area-lima' }],
  });
  demo.users.push(
    {
      uid: RIVAL_UID,
      email: 'rival@demo.pe',
      password: 'Demo1234!',
      document_number: '99887766',
      staff: { company: 'rival-main', role: 'STAFF', places: ['place-rival'] },
    },
    {
      email: 'ana@test.pe',
      password: 'Demo1234!',
      document_number: '70000001',
      mobile_number: '+51900111222',
    },
    {
      email: 'beto@test.pe',
      password: 'Demo1234!',
      document_number: '70000002',
      mobile_number: '+52900111222',
    },
  );
  demo.loyalty_members.push(
    { email: 'ana@test.pe', program: PROGRAM },
    { email: 'beto@test.pe', program: PROGRAM },
  );
  return file;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let member: string;
let staff: string;
let rival: string;
let owner: string;
/** The demo raffle's end while RAFFLE_NO_REGISTRATIONS closes it. */
let raffleEnd: Date | null = null;
let operator: string;
let fresh = 0;
let payments: Awaited<ReturnType<typeof startFakeProviders>> | undefined;

beforeAll(async () => {
  t = await createTestApp({ tenantFile: tenantFile() });
  member = await issueToken(t.db, { uid: MEMBER_UID, appUid: 'demo' });
  staff = await issueToken(t.db, { uid: STAFF_UID, appUid: 'demo' });
  rival = await issueToken(t.db, { uid: RIVAL_UID, appUid: 'demo' });
  owner = await issueToken(t.db, { uid: OWNER_UID, appUid: 'demo' });
  operator = await issueToken(t.db, { uid: OPERATOR_UID, appUid: 'demo' });
}, 120_000);
afterAll(() => t?.close());

/** A new member of the demo app (no coins, no uses), signed in. */
async function newMember(): Promise<string> {
  fresh++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/register/',
    payload: {
      first_name: 'Matriz',
      last_name: String(fresh),
      email: `matrix-${fresh}@test.pe`,
      document_number: String(71000000 + fresh),
      mobile_number: String(911000000 + fresh),
      password: 'una-clave-larga',
      accepted_terms_cond: true,
    },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  return res.json().token as string;
}

/** An owner's image upload: the file as a form, or the bytes as they are with another content type. */
function imageUpload(bytes: Buffer, contentType?: string): Request {
  const form = contentType ? { payload: bytes, contentType } : multipartForm(bytes);
  return as(owner, {
    method: 'POST',
    url: '/api/admin/companies/demo-main/images/',
    headers: { host: 'admin.localhost', 'content-type': form.contentType },
    payload: form.payload,
  });
}

/** The products import (decision 022) of a file, as a form's `file` unless told. */
function productImport(bytes: Buffer, contentType?: string): Request {
  const form = contentType
    ? { payload: bytes, contentType }
    : multipartForm(bytes, { filename: 'productos.csv', type: 'text/csv' });
  return as(owner, {
    method: 'POST',
    url: '/api/admin/companies/demo-main/products/import/',
    headers: { host: 'admin.localhost', 'content-type': form.contentType },
    payload: form.payload,
  });
}

const as = (token: string | null, request: Request): Request => ({
  ...request,
  headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...request.headers },
});

async function send(request: Request): Promise<{ status: number; body: string }> {
  const res = await t.app.inject(request);
  return { status: res.statusCode, body: res.body };
}

/** Sends and insists on success: the state a case needs must really be there. */
async function must(request: Request): Promise<unknown> {
  const res = await t.app.inject(request);
  if (res.statusCode >= 300)
    throw new Error(`${request.method ?? 'GET'} ${request.url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const purchase = (promotion: string): Request => ({
  method: 'POST',
  url: `/api/v5/me/programs/${PROGRAM}/promotions/${promotion}/purchase/`,
  payload: {},
});
const order = async (
  products: unknown[],
  extra: Record<string, unknown> = {},
  place = PLACE,
): Promise<Request> => ({
  method: 'POST',
  url: `/api/v5/places/${place}/orders/`,
  payload: pickupBody(await firstSlot(t.app, place), products, extra),
});
const line = (uid: string, more: Record<string, unknown> = {}) => ({
  uid,
  quantity: 1,
  option_groups: [],
  direct_purchase: false,
  ...more,
});
const register = (payload: Record<string, unknown>, host = 'localhost'): Request => ({
  method: 'POST',
  url: '/api/v5/register/',
  headers: { host },
  payload: {
    first_name: 'Ana',
    last_name: 'Paz',
    email: `someone-${Math.random().toString(36).slice(2)}@test.pe`,
    document_number: String(72000000 + Math.floor(Math.random() * 999_999)),
    mobile_number: String(922000000 + Math.floor(Math.random() * 999_999)),
    password: 'una-clave-larga',
    accepted_terms_cond: true,
    ...payload,
  },
});
const adminMember = (method: 'PATCH' | 'POST', path: string, payload: object): Request =>
  as(owner, {
    method,
    url: `/api/admin/companies/demo-main/members/${MEMBER_UID}/${path}`,
    headers: { host: 'admin.localhost' },
    payload,
  });
const adjustment = (kind: string, amount: number) =>
  adminMember('POST', 'adjustments/', { program: PROGRAM, kind, amount, reason: 'Matriz' });
const blockMember = (blocked: boolean) => adminMember('PATCH', '', { blocked });
const retail = (token: string, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object): Request =>
  as(token, { method, url: `/api/v5/retail/${path}`, ...(payload ? { payload } : {}) });
const fare = (place: string, payload: object): Request => ({
  method: 'POST',
  url: `/api/v7/deliveries/places/${place}/fare-estimate/`,
  payload,
});
const setApp = (uid: string, values: Partial<typeof apps.$inferInsert>) =>
  t.db.update(apps).set(values).where(eq(apps.uid, uid));
const pollAnswers = [
  { question: 'poll-q-atencion', option: 'poll-q-atencion-1' },
  { question: 'poll-q-volveria', option: 'poll-q-volveria-si' },
  { question: 'poll-q-comentario', text: 'Todo bien' },
];

const savedAddress = { label: 'Casa', district: 'Miraflores', address: 'Av. Larco 123' };

let token = '';
let orderUid = '';
let subscriptionUid = '';
let causaStock: number | null = null;
const causaAtPlace = and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-causa-limena'));

const CASES: Record<ErrorCode, Case | Unreachable> = {
  UNEXPECTED: {
    // A table gone under the API: the unexpected error is answered in the reader's language, no detail.
    prepare: () =>
      t.db.execute(sql`alter table company_ads rename to company_ads_gone`).then(() => undefined),
    request: () => ({ url: '/api/v5/companies/demo-main/ads' }),
    restore: () =>
      t.db.execute(sql`alter table company_ads_gone rename to company_ads`).then(() => undefined),
  },
  NOT_FOUND: { request: () => ({ url: '/api/v7/places/place-miraflores/products/p-nope/' }) },
  CODE_NOT_FOUND: { request: () => as(member, { url: '/api/v5/companies/demo-main/validate-code/NOPE/' }) },
  CODE_IS_GIFT_CARD: {
    request: () => as(member, { url: '/api/v5/companies/demo-main/validate-code/REGALO-50/' }),
  },
  APP_NOT_FOUND: { request: () => ({ url: '/api/v7/places/', headers: { host: 'nobody.example.com' } }) },
  API_KEY_MISMATCH: { request: () => ({ url: '/api/v7/places/', headers: { 'api-key': 'not-the-key' } }) },
  INVALID_HOST: { request: () => ({ url: '/api/v7/places/', headers: { host: 'localhost:@evil.example' } }) },
  NOT_AUTHENTICATED: { request: () => ({ url: '/api/v5/me/' }) },
  INVALID_TOKEN: { request: () => as('not-a-token', { url: '/api/v5/me/' }) },
  FORBIDDEN: { request: () => retail(member, 'GET', 'places/') },
  VALIDATION: {
    request: () =>
      as(member, {
        method: 'POST',
        url: '/api/v5/me/programs/',
        headers: { 'idempotency-key': 'k'.repeat(300) },
        payload: { program: PROGRAM },
      }),
  },
  MALFORMED_BODY: {
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    }),
  },
  UNSUPPORTED_MEDIA_TYPE: {
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    }),
  },
  PAYLOAD_TOO_LARGE: {
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }),
    }),
  },
  IMAGE_REQUIRED: { request: () => imageUpload(Buffer.from('no es un formulario'), 'text/plain') },
  IMAGE_TOO_LARGE: { request: () => imageUpload(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff)) },
  IMAGE_TYPE_NOT_SUPPORTED: { request: async () => imageUpload(await picture('gif', 20, 20)) },
  IMAGE_UNREADABLE: {
    // A JPEG cut in half.
    request: async () => {
      const jpeg = await picture('jpeg', 400, 400);
      return imageUpload(jpeg.subarray(0, jpeg.length / 2));
    },
  },
  IMAGE_TOO_MANY_PIXELS: { request: async () => imageUpload(await pngClaiming(10_000, 10_000)) },
  IMPORT_FILE_REQUIRED: {
    // A form whose file is not in the field `file`.
    request: () => {
      const form = multipartForm(Buffer.from('title,price\nCausa,1\n'), { field: 'archivo' });
      return productImport(form.payload, form.contentType);
    },
  },
  IMPORT_TOO_LARGE: { request: () => productImport(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41)) },
  IMPORT_FILE_TYPE: { request: async () => productImport(await picture('png', 20, 20)) },
  IMPORT_UNPACKS_TOO_LARGE: {
    // A zip of 201 empty parts: more than an XLSX may hold.
    request: () =>
      productImport(
        Buffer.from(
          zipSync(Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`${i}.xml`, new Uint8Array()]))),
        ),
      ),
  },
  IMPORT_COLUMNS: { request: () => productImport(Buffer.from('title,price,colour\nCausa,1,red\n')) },
  IMPORT_EMPTY: { request: () => productImport(Buffer.from('title,price\n')) },
  IMPORT_TOO_MANY_ROWS: {
    request: () => productImport(Buffer.from(`title,price\n${'Causa,1\n'.repeat(10_001)}`)),
  },
  IMPORT_ROWS_REFUSED: { request: () => productImport(Buffer.from('title,price\nCausa,gratis\n')) },
  STALE_VERSION: {
    // An admin's write made from a version that is no longer the product's.
    request: () =>
      as(owner, {
        method: 'PATCH',
        url: '/api/admin/companies/demo-main/products/p-causa-limena/',
        headers: { 'if-match': '"999"' },
        payload: { title: 'Causa' },
      }),
  },
  LAST_OWNER: {
    // The demo company's only owner revokes their own role.
    request: () => as(owner, { method: 'DELETE', url: `/api/admin/companies/demo-main/staff/${OWNER_UID}/` }),
  },
  APP_SETTINGS_MAIN_ONLY: {
    // The app's colours asked of a company that is not the app's main one.
    request: () =>
      as(operator, {
        method: 'PATCH',
        url: '/api/admin/companies/rival-main/settings/',
        payload: { main_color: '#112233' },
      }),
  },
  RAFFLE_STILL_OPEN: {
    // The demo raffle is still open (its end is years after the import).
    request: () =>
      as(owner, { method: 'POST', url: '/api/admin/companies/demo-main/raffles/raffle-aniversario/draw/' }),
  },
  RAFFLE_NO_REGISTRATIONS: {
    // Closed yesterday, and nobody registered; its own end (the import's, relative to today) comes back.
    prepare: async () => {
      const [raffle] = await t.db.select().from(raffles).where(eq(raffles.uid, 'raffle-aniversario'));
      raffleEnd = raffle?.endsAt ?? null;
      await t.db
        .update(raffles)
        .set({ endsAt: new Date(Date.now() - 86_400_000) })
        .where(eq(raffles.uid, 'raffle-aniversario'));
    },
    request: () =>
      as(owner, { method: 'POST', url: '/api/admin/companies/demo-main/raffles/raffle-aniversario/draw/' }),
    restore: () =>
      t.db
        .update(raffles)
        .set({ endsAt: raffleEnd })
        .where(eq(raffles.uid, 'raffle-aniversario'))
        .then(() => undefined),
  },
  RAFFLE_ALREADY_DRAWN: {
    prepare: () =>
      t.db
        .insert(raffleDraws)
        .values({
          raffleUid: 'raffle-aniversario',
          algorithm: 'sha256-rank-v1',
          seed: '00',
          registrationUids: [],
          winnerUids: [],
        })
        .then(() => undefined),
    request: () =>
      as(owner, { method: 'POST', url: '/api/admin/companies/demo-main/raffles/raffle-aniversario/draw/' }),
    restore: () =>
      t.db
        .delete(raffleDraws)
        .where(eq(raffleDraws.raffleUid, 'raffle-aniversario'))
        .then(() => undefined),
  },
  APP_CONTENT_MAIN_ONLY: {
    // The app's landing asked of a company that is not the app's main one.
    request: () => as(operator, { url: '/api/admin/companies/rival-main/landing-sections/' }),
  },
  METHOD_NOT_ALLOWED: {
    unreachable: 'Fastify answers an unknown method on a known path with 404; no route answers 405',
  },
  RATE_LIMITED: {
    // Five wrong passwords for one account, then the sixth attempt is refused before it is checked.
    prepare: async () => {
      for (let i = 0; i < 5; i++)
        await send({
          method: 'POST',
          url: '/api/v5/login/',
          payload: { email: 'ana@test.pe', password: 'nope' },
        });
    },
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      payload: { email: 'ana@test.pe', password: 'nope' },
    }),
  },
  INVALID_CREDENTIALS: {
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      payload: { email: 'socio@demo.pe', password: 'no-es' },
    }),
  },
  SIGNIN_METHOD_DISABLED: {
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { host: 'doc.localhost' },
      payload: { email: 'socio@demo.pe', password: 'Demo1234!' },
    }),
  },
  SIGNUP_DISABLED: {
    prepare: () => setApp('multi', { allowSignup: false }).then(() => undefined),
    request: () => register({}, 'multi.localhost'),
    restore: () => setApp('multi', { allowSignup: true }).then(() => undefined),
  },
  CAPTCHA_REQUIRED: {
    prepare: () =>
      setApp('multi', { recaptchaSettings: { site_key: 's', secret_key: 'k' } }).then(() => undefined),
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { host: 'multi.localhost' },
      payload: { email: 'a@test.pe', password: 'x' },
    }),
  },
  CAPTCHA_INVALID: {
    // The verifier (unreachable in tests) does not confirm the answer.
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { host: 'multi.localhost' },
      payload: { email: 'a@test.pe', password: 'x', captcha_token: 'answer' },
    }),
    restore: () => setApp('multi', { recaptchaSettings: null }).then(() => undefined),
  },
  SOCIAL_LOGIN_FAILED: {
    prepare: () =>
      setApp('multi', {
        signinMethods: [
          { type: 'EMAIL', settings: {} },
          { type: 'IOS', settings: {} },
        ],
      }).then(() => undefined),
    request: () => ({
      method: 'POST',
      url: '/api/v5/login/mobile/apple/',
      headers: { host: 'multi.localhost' },
      payload: { id_token: 'not.a.jwt' },
    }),
    restore: () =>
      setApp('multi', { signinMethods: [{ type: 'EMAIL', settings: {} }] }).then(() => undefined),
  },
  EMAIL_TAKEN: { request: () => register({ email: 'socio@demo.pe' }) },
  DOCUMENT_TAKEN: { request: () => register({ document_number: '44556677' }) },
  MOBILE_TAKEN: { request: () => register({ mobile_number: '+51987654321' }) },
  INVALID_DNI: { request: () => register({ document_number: '12' }) },
  INVALID_TELEPHONE: { request: () => register({ mobile_number: '12' }) },
  PASSWORDS_DO_NOT_MATCH: {
    request: () =>
      as(member, {
        method: 'POST',
        url: '/api/v5/me/change_password/',
        payload: {
          current_password: 'Demo1234!',
          password: 'otra-clave-1',
          password_confirmation: 'otra-clave-2',
        },
      }),
  },
  WRONG_PASSWORD: {
    request: () =>
      as(member, {
        method: 'POST',
        url: '/api/v5/me/change_password/',
        payload: {
          current_password: 'no-es-esta',
          password: 'otra-clave-1',
          password_confirmation: 'otra-clave-1',
        },
      }),
  },
  LINK_EXPIRED: {
    request: () => ({
      method: 'POST',
      url: `/api/v5/me/reset_password/${MEMBER_UID}/not-the-token/`,
      payload: { password: 'otra-clave-1', password_confirmation: 'otra-clave-1' },
    }),
  },
  EMAIL_NOT_VALIDATED: {
    request: () => ({ url: `/api/v5/verification-email/demo/${MEMBER_UID}/not-the-token/` }),
  },
  NOT_ENOUGH_COINS: {
    prepare: async () => {
      token = await newMember();
    },
    request: () => as(token, purchase('promo-postre-monedas')),
  },
  // An admin's adjustment below zero (issue 18); orders and staff only ever add points and stamps.
  NOT_ENOUGH_POINTS: { request: () => adjustment('points', -1_000_000) },
  NOT_ENOUGH_STAMPS: { request: () => adjustment('stamps', -1_000_000) },
  MEMBER_BLOCKED: {
    // The company's admin blocks the demo member, who then tries to buy a promotion.
    prepare: () => must(blockMember(true)).then(() => undefined),
    request: () => as(member, purchase('promo-08')),
    restore: () => must(blockMember(false)).then(() => undefined),
  },
  NOT_ENOUGH_BALANCE: {
    request: async () =>
      as(await newMember(), await order([line('p-causa-limena')], { payment_type: 'GIFT_CARD' })),
  },
  PRICE_CHANGED: {
    request: async () => as(member, await order([line('p-causa-limena')], { total: '0.20' })),
  },
  GIFT_CARD_AMOUNT_INVALID: {
    request: async () => as(member, await order([line('p-causa-limena')], { gift_card_amount: '999.00' })),
  },
  GIFT_CARD_NOT_FOR_SUBSCRIPTION: {
    request: async () => {
      const body = (await order([line('p-causa-limena')], { payment_type: 'GIFT_CARD' })).payload as Record<
        string,
        unknown
      >;
      return as(member, {
        method: 'POST',
        url: `/api/v5/places/${PLACE}/subscriptions/`,
        payload: { ...body, days: [1] },
      });
    },
  },
  PREPAID_NOT_FOR_SUBSCRIPTION: {
    request: async () => {
      const body = (await order([line('p-causa-limena')], { payment_type: 'TRANSFER' })).payload as Record<
        string,
        unknown
      >;
      return as(member, {
        method: 'POST',
        url: `/api/v5/places/${PLACE}/subscriptions/`,
        payload: { ...body, days: [1] },
      });
    },
  },
  PROMOTION_ALREADY_USED: {
    prepare: async () => {
      token = await newMember();
      await must(as(token, purchase('promo-bienvenida')));
    },
    request: () => as(token, purchase('promo-bienvenida')),
  },
  PROMOTION_NOT_USABLE: {
    // Ended yesterday (relative to now, so the case never goes stale).
    prepare: () =>
      t.db
        .update(promotions)
        .set({ validUntil: new Date(Date.now() - 86_400_000) })
        .where(eq(promotions.uid, 'promo-04'))
        .then(() => undefined),
    request: () => as(member, purchase('promo-04')),
  },
  REDEMPTION_LIMIT_EXCEEDED: {
    prepare: async () => {
      token = await newMember();
      await must(as(token, purchase('promo-01')));
      await must(as(token, purchase('promo-01')));
    },
    request: () => as(token, purchase('promo-01')),
  },
  PROMOTION_STOCK_EXHAUSTED: {
    prepare: async () => {
      token = await newMember();
      await t.db
        .update(promotions)
        .set({ stock: 0, coinPrice: 0 })
        .where(eq(promotions.uid, 'promo-limitada'));
    },
    request: () => as(token, purchase('promo-limitada')),
  },
  PROMOTION_LEVEL_REQUIRED: {
    prepare: async () => {
      token = await newMember();
    },
    request: () => as(token, purchase('promo-oro-ceviche')),
  },
  MANUAL_POINTS_DISABLED: {
    prepare: () =>
      t.db
        .update(programs)
        .set({ allowsManualPoints: false })
        .where(eq(programs.uid, PROGRAM))
        .then(() => undefined),
    request: () =>
      retail(staff, 'POST', 'points/', {
        place: PLACE,
        member: MEMBER_UID,
        program: PROGRAM,
        amount: 5,
        description: 'Visita',
      }),
    restore: () =>
      t.db
        .update(programs)
        .set({ allowsManualPoints: true })
        .where(eq(programs.uid, PROGRAM))
        .then(() => undefined),
  },
  POLL_INCOMPLETE: {
    request: () =>
      as(member, {
        method: 'POST',
        url: '/api/v5/me/polls/poll-satisfaccion/responses/',
        payload: { answers: pollAnswers.slice(0, 1) },
      }),
  },
  POLL_ALREADY_ANSWERED: {
    prepare: async () => {
      token = await newMember();
      await must(
        as(token, {
          method: 'POST',
          url: '/api/v5/me/polls/poll-satisfaccion/responses/',
          payload: { answers: pollAnswers },
        }),
      );
    },
    request: () =>
      as(token, {
        method: 'POST',
        url: '/api/v5/me/polls/poll-satisfaccion/responses/',
        payload: { answers: pollAnswers },
      }),
  },
  POLL_CLOSED: {
    prepare: () =>
      t.db
        .update(polls)
        .set({ validUntil: new Date(Date.now() - 86_400_000) })
        .where(eq(polls.uid, 'poll-satisfaccion'))
        .then(() => undefined),
    request: () =>
      as(member, {
        method: 'POST',
        url: '/api/v5/me/polls/poll-satisfaccion/responses/',
        payload: { answers: pollAnswers },
      }),
    restore: () =>
      t.db
        .update(polls)
        .set({ validUntil: null })
        .where(eq(polls.uid, 'poll-satisfaccion'))
        .then(() => undefined),
  },
  RAFFLE_ALREADY_REGISTERED: {
    prepare: async () => {
      token = await newMember();
      await must(
        as(token, {
          method: 'POST',
          url: `/api/v5/me/programs/${PROGRAM}/raffles/raffle-aniversario/register/`,
          payload: { accepted_terms: true },
        }),
      );
    },
    request: () =>
      as(token, {
        method: 'POST',
        url: `/api/v5/me/programs/${PROGRAM}/raffles/raffle-aniversario/register/`,
        payload: { accepted_terms: true },
      }),
  },
  RAFFLE_CLOSED: {
    prepare: () =>
      t.db
        .update(raffles)
        .set({ endsAt: new Date(Date.now() - 86_400_000) })
        .where(eq(raffles.uid, 'raffle-aniversario'))
        .then(() => undefined),
    request: () =>
      as(member, {
        method: 'POST',
        url: `/api/v5/me/programs/${PROGRAM}/raffles/raffle-aniversario/register/`,
        payload: { accepted_terms: true },
      }),
    restore: () =>
      t.db
        .update(raffles)
        .set({ endsAt: new Date(Date.now() + 365 * 86_400_000) })
        .where(eq(raffles.uid, 'raffle-aniversario'))
        .then(() => undefined),
  },
  TERMS_NOT_ACCEPTED: {
    request: () =>
      as(member, {
        method: 'POST',
        url: `/api/v5/me/programs/${PROGRAM}/raffles/raffle-aniversario/register/`,
        payload: { accepted_terms: false },
      }),
  },
  GIFT_CARD_ALREADY_USED: {
    prepare: async () => {
      await must(
        as(member, { method: 'POST', url: '/api/v5/me/gift-cards/redeem/', payload: { code: 'REGALO-20' } }),
      );
    },
    request: () =>
      as(member, { method: 'POST', url: '/api/v5/me/gift-cards/redeem/', payload: { code: 'REGALO-20' } }),
  },
  GIFT_CARD_VOIDED: {
    prepare: () =>
      t.db
        .update(giftCards)
        .set({ voidedAt: new Date() })
        .where(eq(giftCards.uid, 'gift-demo-50'))
        .then(() => undefined),
    request: () =>
      as(member, { method: 'POST', url: '/api/v5/me/gift-cards/redeem/', payload: { code: 'regalo-50' } }),
    restore: () =>
      t.db
        .update(giftCards)
        .set({ voidedAt: null })
        .where(eq(giftCards.uid, 'gift-demo-50'))
        .then(() => undefined),
  },
  IDEMPOTENCY_KEY_REUSED: {
    prepare: async () => {
      token = await newMember();
      await must(
        as(token, {
          method: 'POST',
          url: '/api/v5/me/programs/',
          headers: { 'idempotency-key': 'matrix-key' },
          payload: { program: PROGRAM },
        }),
      );
    },
    request: () => as(token, { ...purchase('promo-08'), headers: { 'idempotency-key': 'matrix-key' } }),
  },
  PRODUCT_NOT_AVAILABLE: { request: async () => as(member, await order([line('p-nope')])) },
  OPTION_NOT_AVAILABLE: {
    request: async () =>
      as(member, await order([line('p-lomo-saltado', { option_groups: [{ uid: 'og-nope', options: [] }] })])),
  },
  OPTIONS_BELOW_MINIMUM: { request: async () => as(member, await order([line('p-lomo-saltado')])) },
  OPTIONS_ABOVE_MAXIMUM: {
    request: async () =>
      as(
        member,
        await order([
          {
            ...lomoSaltadoLine,
            option_groups: [
              lomoSaltadoLine.option_groups[0],
              {
                uid: 'og-lomo-extras',
                options: [
                  { uid: 'og-lomo-extras-huevo-frito' },
                  { uid: 'og-lomo-extras-platano-frito' },
                  { uid: 'og-lomo-extras-porcion-de-arroz' },
                ],
              },
            ],
          },
        ]),
      ),
  },
  ADDRESS_LIMIT_REACHED: {
    prepare: () =>
      t.db
        .insert(savedAddresses)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            appUid: 'demo',
            userUid: MEMBER_UID,
            label: `Casa ${i}`,
            district: 'Miraflores',
            address: 'Av. Larco 123',
          })),
        )
        .then(() => undefined),
    request: () => as(member, { method: 'POST', url: '/api/v5/me/addresses/', payload: savedAddress }),
    restore: () =>
      t.db
        .delete(savedAddresses)
        .where(eq(savedAddresses.userUid, MEMBER_UID))
        .then(() => undefined),
  },
  MAP_POINT_INCOMPLETE: {
    request: () =>
      as(member, {
        method: 'POST',
        url: '/api/v5/me/addresses/',
        payload: { ...savedAddress, latitude: -12.12 },
      }),
  },
  PRODUCT_OUT_OF_STOCK: {
    prepare: async () => {
      const [row] = await t.db.select().from(placeProducts).where(causaAtPlace);
      causaStock = row?.stock ?? null;
      await t.db.update(placeProducts).set({ stock: 0 }).where(causaAtPlace);
    },
    request: async () => as(member, await order([line('p-causa-limena')])),
    restore: () =>
      t.db
        .update(placeProducts)
        .set({ stock: causaStock })
        .where(causaAtPlace)
        .then(() => undefined),
  },
  STORE_OUT_OF_STOCK: {
    unreachable: 'never thrown: a short stock answers PRODUCT_OUT_OF_STOCK naming the product',
  },
  ECOMMERCE_DISABLED: {
    prepare: () =>
      t.db
        .update(companies)
        .set({ ecommerceEnabled: false })
        .where(eq(companies.uid, 'demo-main'))
        .then(() => undefined),
    request: async () => as(member, await order([line('p-causa-limena')])),
    restore: () =>
      t.db
        .update(companies)
        .set({ ecommerceEnabled: true })
        .where(eq(companies.uid, 'demo-main'))
        .then(() => undefined),
  },
  SUBSCRIPTIONS_DISABLED: {
    prepare: () =>
      t.db
        .update(companies)
        .set({ subscriptionEnabled: false })
        .where(eq(companies.uid, 'demo-main'))
        .then(() => undefined),
    request: async () => {
      const body = (await order([line('p-causa-limena')])).payload as Record<string, unknown>;
      return as(member, {
        method: 'POST',
        url: `/api/v5/places/${PLACE}/subscriptions/`,
        payload: { ...body, days: [1] },
      });
    },
    restore: () =>
      t.db
        .update(companies)
        .set({ subscriptionEnabled: true })
        .where(eq(companies.uid, 'demo-main'))
        .then(() => undefined),
  },
  REDEEMABLE_NOT_SUBSCRIBABLE: {
    request: async () => {
      const body = (await order([line('p-chicha-morada-de-regalo')])).payload as Record<string, unknown>;
      return as(member, {
        method: 'POST',
        url: `/api/v5/places/${PLACE}/subscriptions/`,
        payload: { ...body, days: [1] },
      });
    },
  },
  CARD_NOT_PROCESSED: {
    // A card the provider (a local fake of Culqi) declines; the provider's own words follow the spec's.
    prepare: async () => {
      payments = await startFakeProviders();
      Object.assign(t.app.config, { CULQI_API_URL: payments.culqiUrl });
      await useProvider(t.db, 'CULQI');
    },
    request: async () =>
      as(
        member,
        await order([line('p-causa-limena')], {
          payment_type: 'ONLINE_CARD',
          payment_token: await cardToken(payments?.base ?? '', 'CULQI', DECLINED_CARD),
          billing,
        }),
      ),
    restore: async () => {
      await payments?.close();
    },
  },
  PAYMENT_PROVIDER_REQUIRED: {
    prepare: async () => {
      await t.db
        .update(companyPaymentSettings)
        .set({ enabled: false })
        .where(eq(companyPaymentSettings.companyUid, 'demo-main'));
    },
    request: () =>
      as(owner, {
        method: 'PATCH',
        url: '/api/admin/companies/demo-main/places/place-cayma/',
        headers: { host: 'admin.localhost' },
        payload: { payment_methods: ['CASH', 'ONLINE_CARD'] },
      }),
    restore: async () => {
      await t.db
        .update(companyPaymentSettings)
        .set({ enabled: true })
        .where(eq(companyPaymentSettings.companyUid, 'demo-main'));
    },
  },
  CARD_PAYMENTS_NOT_ACCEPTED: {
    request: async () =>
      as(member, await order([line('p-causa-limena')], { payment_type: 'CARD_ON_DELIVERY' }, 'place-cayma')),
  },
  PAYMENT_METHOD_NOT_ACCEPTED: {
    request: async () =>
      as(member, await order([line('p-causa-limena')], { payment_type: 'COINS' }, 'place-cayma')),
  },
  COINS_ONLY_FOR_REDEEMABLES: {
    request: async () => as(member, await order([line('p-causa-limena')], { payment_type: 'COINS' })),
  },
  NO_SHIPPING_METHODS: {
    request: () => fare('place-cayma', { address: 'Av. Ejército 900', district: 'Cayma' }),
  },
  DELIVERY_AREA_REQUIRED: {
    request: async () =>
      as(member, await order([line('p-causa-limena')], { order_type: 'DELIVERY', address: 'Av. Larco 100' })),
  },
  INVALID_DELIVERY_ADDRESS: { request: () => fare(PLACE, { address: 'Av. Faucett 1', district: 'Callao' }) },
  DELIVERY_SERVICE_ERROR: {
    prepare: () =>
      t.db
        .update(places)
        .set({ usesCountryDeliveryService: true })
        .where(eq(places.uid, 'place-cayma'))
        .then(() => undefined),
    request: () => fare('place-cayma', { address: 'Av. Ejército 900', district: 'Cayma' }),
    restore: () =>
      t.db
        .update(places)
        .set({ usesCountryDeliveryService: false })
        .where(eq(places.uid, 'place-cayma'))
        .then(() => undefined),
  },
  INVALID_TIME_SLOT: {
    request: async () =>
      as(member, await order([line('p-causa-limena')], { start_time: '03:00', end_time: '03:30' })),
  },
  COUPON_NOT_STARTED: {
    prepare: () =>
      t.db
        .update(coupons)
        .set({ validFrom: new Date(Date.now() + 86_400_000) })
        .where(eq(coupons.code, 'FUTURO'))
        .then(() => undefined),
    request: () => as(member, { url: '/api/v5/companies/demo-main/validate-code/FUTURO/' }),
  },
  COUPON_EXPIRED: {
    prepare: () =>
      t.db
        .update(coupons)
        .set({ validUntil: new Date(Date.now() - 86_400_000) })
        .where(eq(coupons.code, 'VENCIDO'))
        .then(() => undefined),
    request: () => as(member, { url: '/api/v5/companies/demo-main/validate-code/VENCIDO/' }),
  },
  COUPON_EXHAUSTED: {
    prepare: () =>
      t.db
        .update(coupons)
        .set({ usesCount: 5 })
        .where(eq(coupons.code, 'ULTIMO'))
        .then(() => undefined),
    request: () => as(member, { url: '/api/v5/companies/demo-main/validate-code/ULTIMO/' }),
  },
  COUPON_MINIMUM_NOT_MET: {
    request: () => as(member, { url: '/api/v5/companies/demo-main/validate-code/BIENVENIDA/?amount=10.00' }),
  },
  COUPON_ALREADY_REDEEMED: {
    prepare: async () => {
      token = await newMember();
      await must(
        as(
          token,
          await order([line('p-lomo-saltado', lomoSaltadoLine), line('p-causa-limena')], {
            coupon_code: 'BIENVENIDA',
          }),
        ),
      );
    },
    request: () => as(token, { url: '/api/v5/companies/demo-main/validate-code/BIENVENIDA/' }),
  },
  ORDER_STATUS_NOT_ALLOWED: {
    prepare: async () => {
      const created = (await must(as(member, await order([line('p-causa-limena')])))) as { uid: string };
      orderUid = created.uid;
    },
    request: () => retail(staff, 'PATCH', `orders/${orderUid}/`, { status: 'DELIVERED' }),
  },
  CUSTOMER_NOT_FOUND: {
    request: () => retail(staff, 'GET', 'customers/?search_type=NATIONAL_ID&value=12345678'),
  },
  MULTIPLE_USERS_FOR_PHONE: {
    request: () => retail(staff, 'GET', 'customers/?search_type=MOBILE_PHONE&value=900111222'),
  },
  POINTS_AMOUNT_INVALID: {
    request: () =>
      retail(staff, 'POST', 'points/', {
        place: PLACE,
        member: MEMBER_UID,
        program: PROGRAM,
        amount: 0,
        description: 'x',
      }),
  },
  POINTS_DESCRIPTION_REQUIRED: {
    request: () =>
      retail(staff, 'POST', 'points/', {
        place: PLACE,
        member: MEMBER_UID,
        program: PROGRAM,
        amount: 5,
        description: '',
      }),
  },
  POINTS_ERROR: {
    unreachable:
      'answered only with the per-field messages (POINTS_AMOUNT_INVALID, POINTS_DESCRIPTION_REQUIRED): its own message is never shown',
  },
  CREATE_USER_NEEDS_PROGRAM: {
    request: () =>
      retail(rival, 'POST', 'users/', {
        place: 'place-rival',
        document_number: '70999999',
        first_name: 'Nuevo',
        last_name: 'Cliente',
        email: 'nuevo-cliente@test.pe',
      }),
  },
  RECORDS_FILTER_REQUIRED: { request: () => retail(staff, 'GET', `redemptions/?place=${PLACE}`) },
  SUBSCRIPTION_NOT_ACTIVE: {
    prepare: async () => {
      const body = (await order([line('p-causa-limena')])).payload as Record<string, unknown>;
      const created = (await must(
        as(member, {
          method: 'POST',
          url: `/api/v5/places/${PLACE}/subscriptions/`,
          payload: { ...body, days: [1] },
        }),
      )) as { uid: string };
      subscriptionUid = created.uid;
      await must(
        as(member, {
          method: 'PATCH',
          url: `/api/v5/subscriptions/${subscriptionUid}/`,
          payload: { status: 'CANCELED_BY_USER' },
        }),
      );
    },
    request: () =>
      as(member, {
        method: 'PATCH',
        url: `/api/v5/subscriptions/${subscriptionUid}/`,
        payload: { status: 'CANCELED_BY_USER' },
      }),
  },
};

/** Every message an error body carries: `detail`, and each field's list (non_field_errors included). */
function messagesOf(body: string): string[] {
  const json = JSON.parse(body) as Record<string, unknown>;
  return Object.values(json).flatMap((value) =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.filter((v) => typeof v === 'string')
        : [],
  );
}

describe('error-code matrix', () => {
  it('has a case, or a reason it cannot be reached, for every code of errors.ts', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ERRORS).sort());
  });

  it('answers each code with its status and exact message, in Spanish and in English', async () => {
    const failures: string[] = [];
    for (const [code, entry] of Object.entries(CASES) as [ErrorCode, Case | Unreachable][]) {
      if ('unreachable' in entry) continue;
      const { status, es, en } = ERRORS[code];
      try {
        await entry.prepare?.();
        const request = await entry.request();
        for (const [language, message] of [
          ['es', es],
          ['en', en],
        ] as const) {
          const got = await send({
            ...request,
            headers: { ...request.headers, 'accept-language': language },
          });
          const messages = got.status === status ? messagesOf(got.body) : [];
          if (got.status !== status || !messages.includes(message))
            failures.push(
              `${code} (${language}): want ${status} "${message}", got ${got.status} ${got.body.slice(0, 200)}`,
            );
        }
      } catch (error) {
        failures.push(`${code}: ${(error as Error).message}`);
      } finally {
        await entry.restore?.();
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
