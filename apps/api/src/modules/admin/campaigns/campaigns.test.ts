import { adminAuditLog } from '@storefront/db/schema/admin';
import { giftCards, memberships, programs, promotions } from '@storefront/db/schema/loyalty';
import { coupons, couponUses, orders } from '@storefront/db/schema/orders';
import { and, count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { multipartForm, picture } from '../../media/image-test-files.ts';
import {
  auth,
  createMembers,
  demoMemberToken,
  firstSlot,
  lomoSaltadoLine,
  pickupBody,
} from '../../orders/orders.fixtures.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  as,
  inDays,
  OWNER_UID,
} from '../admin.fixtures.ts';

// The admin's campaigns (issue 18): promotions, coupons and gift cards, each as the storefront then
// sees and enforces it.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let member: string;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const storefront = (options: InjectOptions & { token?: string }) =>
  t.app.inject({
    ...options,
    headers: { ...(options.token ? auth(options.token) : { host: 'localhost' }), ...options.headers },
  });
const n = async (table: typeof promotions | typeof coupons | typeof giftCards | typeof adminAuditLog) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
/** What a refused write must leave as it was. */
const snapshot = async () => ({
  promotions: await n(promotions),
  coupons: await n(coupons),
  giftCards: await n(giftCards),
  audit: await n(adminAuditLog),
  promotionRows: await t.db.select().from(promotions).orderBy(promotions.uid),
  couponRows: await t.db.select().from(coupons).orderBy(coupons.uid),
  giftCardRows: await t.db.select().from(giftCards).orderBy(giftCards.uid),
});
const auditOf = (uid: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, uid)).orderBy(adminAuditLog.id);
const buy = (token: string, promotion: string) =>
  storefront({
    method: 'POST',
    url: `/api/v5/me/programs/demo-club/promotions/${promotion}/purchase/`,
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    payload: {},
  });
const publicPromotions = async (search: string) => {
  const res = await storefront({ url: `/api/v5/programs/demo-club/promotions/?search=${search}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { uid: string; title: string; stock: number | null; tagged: boolean }[];
};
const redeemGift = (token: string, code: string) =>
  storefront({
    method: 'POST',
    url: '/api/v5/me/gift-cards/redeem/',
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    payload: { code },
  });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile(), config: { MENU_CACHE_SECONDS: 60 } });
  tokens = await adminTokens(t.db);
  member = await demoMemberToken(t.db);
  // The rival company's own program, promotion, coupon and gift card: never reachable from demo-main.
  await t.db
    .insert(programs)
    .values({ uid: 'rival-club', appUid: 'demo', companyUid: 'rival-main', name: 'R' });
  await t.db.insert(promotions).values({ uid: 'rival-promo', programUid: 'rival-club', title: 'Rival' });
  await t.db.insert(coupons).values({
    uid: 'rival-coupon',
    appUid: 'demo',
    companyUid: 'rival-main',
    code: 'RIVAL',
    discountType: 'PERCENT',
    discountValue: 5,
  });
  await t.db.insert(giftCards).values({
    uid: 'rival-gift',
    appUid: 'demo',
    programUid: 'rival-club',
    code: 'RIVAL-1',
    balanceCents: 100,
  });
});
afterAll(() => t.close());

describe('admin promotions', () => {
  it('creates a promotion with every field, audited, and the storefront shows it at once', async () => {
    // Valid until a year from the test's own now: the storefront shows it whatever the date.
    const validUntil = inDays(365);
    const body = {
      program: 'demo-club',
      title: 'Martes de anticuchos',
      description: 'Dos por uno los martes.',
      rate_discount: 50,
      coin_price: 30,
      tagged: true,
      valid_from: '2026-01-01T00:00:00Z',
      valid_until: validUntil,
      total_stock: 20,
      per_member_limit: 2,
      levels: ['level-plata', 'level-oro'],
      places: ['place-miraflores', 'place-miraflores'],
    };
    const res = await call(tokens.manager, 'POST', 'promotions/', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const promotion = res.json();
    expect(promotion).toMatchObject({
      ...body,
      valid_from: '2026-01-01T00:00:00.000Z',
      valid_until: validUntil,
      places: ['place-miraflores'],
      stock: 20,
      used: 0,
      version: 1,
    });
    const [line] = await auditOf(promotion.uid);
    expect(line).toMatchObject({ objectType: 'promotion', action: 'create', after: { title: body.title } });
    expect((await publicPromotions('martes')).find((p) => p.uid === promotion.uid)).toMatchObject({
      title: body.title,
      stock: 20,
      tagged: true,
    });
    const listed = await call(
      tokens.manager,
      'GET',
      'promotions/?search=martes%20de&active=true&program=demo-club',
    );
    expect(listed.json()).toMatchObject({ count: 1, results: [{ uid: promotion.uid }] });
    const inactive = await call(tokens.manager, 'GET', 'promotions/?search=martes%20de&active=false');
    expect(inactive.json().count).toBe(0);
    // Another company's promotion is never listed.
    const all = await call(tokens.owner, 'GET', 'promotions/?page_size=100');
    expect(all.json().results.some((p: { uid: string }) => p.uid === 'rival-promo')).toBe(false);
  });

  it('lists in the order asked, either way, pages by it, and takes a search’s wildcards literally', async () => {
    const titles = async (query: string) =>
      (
        (await call(tokens.manager, 'GET', `promotions/?page_size=100&${query}`)).json().results as {
          title: string;
        }[]
      ).map((p) => p.title);
    const byTitle = await titles('ordering=title');
    expect(byTitle.length).toBeGreaterThan(2);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await titles('ordering=-title')).toEqual([...byTitle].reverse());
    const second = await call(tokens.manager, 'GET', 'promotions/?ordering=title&page_size=2&page=2');
    expect(second.json()).toMatchObject({ count: byTitle.length });
    expect(second.json().results.map((p: { title: string }) => p.title)).toEqual(byTitle.slice(2, 4));
    // "%" and "_" are the characters themselves, not LIKE's wildcards.
    expect((await titles('search=con')).length).toBeGreaterThan(2);
    expect(await titles('search=con%25de')).toEqual([]);
    expect(await titles('search=con_')).toEqual([]);
    expect(await titles('ordering=title&search=5%25%20de')).toEqual(
      byTitle.filter((title) => title.includes('5% de')),
    );
  });

  it('changes a promotion with If-Match; a stale version is a 409; the storefront and every process follow at once', async () => {
    const other = await buildApp({ config: t.app.config, db: t.db });
    await other.ready();
    try {
      const uid = 'promo-postre-monedas';
      const current = (await call(tokens.manager, 'GET', `promotions/${uid}/`)).json();
      expect(await publicPromotions('suspiro')).toHaveLength(0);
      const otherVersion = other.menuCache.version('demo');
      const ok = await call(
        tokens.manager,
        'PATCH',
        `promotions/${uid}/`,
        { title: 'Suspiro por 80 monedas', coin_price: 80 },
        { 'if-match': `"${current.version}"` },
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ coin_price: 80, version: current.version + 1 });
      expect(await publicPromotions('suspiro')).toMatchObject([{ uid, title: 'Suspiro por 80 monedas' }]);
      // The other process's rendered pages are keyed by this version: NOTIFY moves it within moments.
      await until(() => other.menuCache.version('demo') !== otherVersion);
      expect(other.menuCache.version('demo')).not.toBe(otherVersion);
      const stale = await call(
        tokens.owner,
        'PATCH',
        `promotions/${uid}/`,
        { coin_price: 1 },
        { 'if-match': `"${current.version}"` },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ coin_price: 80, version: current.version + 1 });
      const [, line] = await auditOf(uid).then((lines) => [lines.length, lines.at(-1)] as const);
      expect(line).toMatchObject({
        action: 'update',
        before: { coin_price: 100 },
        after: { coin_price: 80 },
      });
      // A save that changes nothing keeps the version.
      const same = await call(tokens.manager, 'PATCH', `promotions/${uid}/`, { coin_price: 80 });
      expect(same.json().version).toBe(current.version + 1);
    } finally {
      await other.close();
    }
  });

  it("shows an uploaded picture of the company's as the promotion's image; another company's is a 400", async () => {
    const form = multipartForm(await picture('png', 640, 320));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies/demo-main/images/',
      headers: { ...as(tokens.manager), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json().uid as string;
    const res = await call(tokens.manager, 'PATCH', 'promotions/promo-oro-ceviche/', { image_uid: image });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().image).toMatch(new RegExp(`/media/${image}/\\d+\\.webp$`));
    const [shown] = await t.db.select().from(promotions).where(eq(promotions.uid, 'promo-oro-ceviche'));
    expect(shown?.image).toBe(res.json().image);
    const rival = multipartForm(await picture('png', 64, 64));
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies/rival-main/images/',
      headers: { ...as(tokens.rivalOwner), 'content-type': rival.contentType },
      payload: rival.payload,
    });
    const refused = await call(tokens.manager, 'PATCH', 'promotions/promo-oro-ceviche/', {
      image_uid: theirs.json().uid,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['image_uid']);
  });

  it('never lowers the total stock below the units taken, even while members buy', async () => {
    const created = await call(tokens.owner, 'POST', 'promotions/', {
      program: 'demo-club',
      title: 'Stock contado',
      total_stock: 3,
    });
    const uid = created.json().uid as string;
    const first = await buy(member, uid);
    expect(first.statusCode, first.body).toBe(201);
    const taken = (await call(tokens.owner, 'GET', `promotions/${uid}/`)).json();
    expect(taken).toMatchObject({ total_stock: 3, stock: 2, used: 1 });
    const before = await snapshot();
    const refused = await call(tokens.owner, 'PATCH', `promotions/${uid}/`, { total_stock: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      total_stock: ['Ya se tomaron 1 unidades: el stock total no puede ser menor.'],
    });
    const english = await call(
      tokens.owner,
      'PATCH',
      `promotions/${uid}/`,
      { total_stock: 0 },
      {
        'accept-language': 'en',
      },
    );
    expect(english.json().total_stock).toEqual([
      '1 units were already taken: the total stock cannot be lower.',
    ]);
    expect(await snapshot()).toEqual(before);
    // Members buying while the stock is set to what they leave: the stock always equals total - taken.
    const buyers = await createMembers(t.db, 6, 'stock');
    const answers = await Promise.all([
      ...buyers.map((token) => buy(token, uid)),
      call(tokens.owner, 'PATCH', `promotions/${uid}/`, { total_stock: 5 }),
    ]);
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    const after = (await call(tokens.owner, 'GET', `promotions/${uid}/`)).json();
    const bought = answers.slice(0, -1).filter((res) => res.statusCode === 201).length;
    expect(after.used).toBe(1 + bought);
    expect(after.stock + after.used).toBe(after.total_stock);
    expect(after.stock).toBeGreaterThanOrEqual(0);
  });

  it('refuses bad input with field errors, and changes nothing', async () => {
    const before = await snapshot();
    const bad: [string, InjectOptions['method'], unknown, string][] = [
      ['promotions/', 'POST', { program: 'demo-club' }, 'title'],
      ['promotions/', 'POST', { program: 'rival-club', title: 'x' }, 'program'],
      ['promotions/', 'POST', { program: 'demo-club', title: 'x', rate_discount: 101 }, 'rate_discount'],
      [
        'promotions/',
        'POST',
        {
          program: 'demo-club',
          title: 'x',
          valid_from: '2027-01-02T00:00:00Z',
          valid_until: '2027-01-01T00:00:00Z',
        },
        'valid_until',
      ],
      ['promotions/', 'POST', { program: 'demo-club', title: 'x', places: ['place-rival'] }, 'places'],
      ['promotions/', 'POST', { program: 'demo-club', title: 'x', levels: ['no-level'] }, 'levels'],
      ['promotions/', 'POST', { program: 'demo-club', title: 'x', featured: true }, 'featured'],
      [
        'promotions/promo-bienvenida/',
        'PATCH',
        { valid_until: '2020-01-01T00:00:00Z', valid_from: '2021-01-01T00:00:00Z' },
        'valid_until',
      ],
      ['promotions/promo-bienvenida/', 'PATCH', { total_stock: -1 }, 'total_stock'],
      ['promotions/promo-bienvenida/', 'PATCH', { program: 'demo-club' }, 'program'],
      ['coupons/', 'POST', { code: 'con espacio', discount_type: 'PERCENT', discount_value: '5' }, 'code'],
      ['coupons/', 'POST', { code: 'bienvenida', discount_type: 'PERCENT', discount_value: '5' }, 'code'],
      [
        'coupons/',
        'POST',
        { code: 'MUCHO', discount_type: 'PERCENT', discount_value: '150' },
        'discount_value',
      ],
      [
        'coupons/',
        'POST',
        { code: 'MEDIO', discount_type: 'PERCENT', discount_value: '5.5' },
        'discount_value',
      ],
      ['coupons/', 'POST', { code: 'CERO', discount_type: 'AMOUNT', discount_value: '0' }, 'discount_value'],
      ['coupons/coupon-ultimo/', 'PATCH', { max_uses: 3 }, 'max_uses'],
      ['coupons/coupon-ultimo/', 'PATCH', { code: 'descuento5' }, 'code'],
      ['coupons/coupon-ultimo/', 'PATCH', { influencer: 'con espacio' }, 'influencer'],
      ['gift-cards/', 'POST', { program: 'demo-club', amount: '0' }, 'amount'],
      ['gift-cards/', 'POST', { program: 'demo-club', amount: '10', code: 'regalo-50' }, 'code'],
      ['gift-cards/', 'POST', { program: 'rival-club', amount: '10' }, 'program'],
      ['gift-cards/batch/', 'POST', { program: 'demo-club', amount: '10', count: 501 }, 'count'],
    ];
    for (const [path, method, body, field] of bad) {
      const res = await call(tokens.owner, method, path, body);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    const english = await call(
      tokens.owner,
      'POST',
      'coupons/',
      { code: 'Bienvenida', discount_type: 'AMOUNT', discount_value: '1' },
      { 'accept-language': 'en' },
    );
    expect(english.json()).toEqual({ code: ['It already exists.'] });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another company's promotion, coupon or gift card, and changes nothing", async () => {
    const before = await snapshot();
    for (const [path, write] of [
      ['promotions/rival-promo/', { method: 'PATCH', body: { title: 'x' } }],
      ['coupons/rival-coupon/', { method: 'PATCH', body: { is_active: false } }],
      ['gift-cards/rival-gift/', null],
    ] as const) {
      expect((await call(tokens.owner, 'GET', path)).statusCode).toBe(404);
      if (write) expect((await call(tokens.owner, write.method, path, write.body)).statusCode).toBe(404);
    }
    expect((await call(tokens.owner, 'POST', 'gift-cards/rival-gift/void/')).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin coupons', () => {
  it('creates a code in upper case with its links; the storefront validates it in any case and counts its uses', async () => {
    const res = await call(tokens.manager, 'POST', 'coupons/', {
      code: 'verano-26',
      discount_type: 'AMOUNT',
      discount_value: '4.5',
      minimum_order: '20',
      max_uses: 10,
      influencer: 'lucia',
    });
    expect(res.statusCode, res.body).toBe(201);
    const coupon = res.json();
    expect(coupon).toMatchObject({
      code: 'VERANO-26',
      discount_value: '4.50',
      minimum_order: '20.00',
      uses_count: 0,
      influencer_orders: 0,
      version: 1,
    });
    expect(coupon.link).toMatch(/^http:\/\/localhost(:\d+)?\/company\/demo-main\/code\/VERANO-26\/$/);
    expect(coupon.influencer_link).toMatch(/^http:\/\/localhost(:\d+)?\/in\/lucia\/$/);
    expect((await auditOf(coupon.uid))[0]).toMatchObject({ objectType: 'coupon', action: 'create' });
    const valid = await storefront({ url: '/api/v5/companies/demo-main/validate-code/Verano-26/' });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toMatchObject({ code: 'VERANO-26', remaining_uses: 10 });

    // An order through the influencer's link with the code: one use, one influencer order.
    const order = await storefront({
      method: 'POST',
      url: '/api/v5/places/place-miraflores/orders/',
      token: member,
      payload: pickupBody(await firstSlot(t.app), [lomoSaltadoLine], {
        coupon_code: 'verano-26',
        influencer_uid: 'lucia',
      }),
    });
    expect(order.statusCode, order.body).toBe(201);
    const counted = (await call(tokens.manager, 'GET', `coupons/${coupon.uid}/`)).json();
    expect(counted).toMatchObject({ uses_count: 1, influencer_orders: 1 });
    const uses = await t.db
      .select({ n: count() })
      .from(couponUses)
      .where(eq(couponUses.couponUid, coupon.uid));
    expect(uses[0]?.n).toBe(1);
    expect(
      (await t.db.select().from(orders).where(eq(orders.influencerUid, 'lucia'))).map((o) => o.couponCode),
    ).toEqual(['VERANO-26']);

    // Switched off, the storefront no longer accepts it; a stale version is a 409.
    const off = await call(
      tokens.manager,
      'PATCH',
      `coupons/${coupon.uid}/`,
      { is_active: false },
      { 'if-match': '"1"' },
    );
    expect(off.statusCode, off.body).toBe(200);
    const stale = await call(
      tokens.owner,
      'PATCH',
      `coupons/${coupon.uid}/`,
      { is_active: true },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ is_active: false, version: 2 });
    expect(
      (await storefront({ url: '/api/v5/companies/demo-main/validate-code/VERANO-26/' })).statusCode,
    ).toBe(404);
    const list = await call(tokens.manager, 'GET', 'coupons/?search=lucia&is_active=false');
    expect(list.json()).toMatchObject({ count: 1, results: [{ uid: coupon.uid }] });
  });

  it('gives a code to one of two admins creating it at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(tokens.owner, 'POST', 'coupons/', {
          code: 'CARRERA',
          discount_type: 'PERCENT',
          discount_value: '5',
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    expect(answers.find((res) => res.statusCode === 400)?.json()).toEqual({ code: ['Ya existe.'] });
  });
});

describe('admin gift cards', () => {
  it('issues one card or a batch, each code unique even when batches run at once', async () => {
    const one = await call(tokens.manager, 'POST', 'gift-cards/', {
      program: 'demo-club',
      amount: '25',
      code: 'cumple-ana',
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({
      code: 'CUMPLE-ANA',
      amount: '25.00',
      status: 'ACTIVE',
      history: [{ event: 'ISSUED' }],
    });
    const batches = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(tokens.manager, 'POST', 'gift-cards/batch/', {
          program: 'demo-club',
          amount: '10',
          count: 40,
          prefix: 'nav',
        }),
      ),
    );
    const codes = batches.flatMap((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().results as { code: string }[]).map((card) => card.code);
    });
    expect(codes).toHaveLength(240);
    expect(new Set(codes).size).toBe(240);
    expect(codes.every((code) => /^NAV-[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(code))).toBe(true);
    const lines = await t.db
      .select({ n: count() })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.objectType, 'gift_card'), eq(adminAuditLog.action, 'create')));
    expect(lines[0]?.n).toBe(241);
    const listed = await call(tokens.manager, 'GET', 'gift-cards/?search=NAV-&status=ACTIVE&page_size=5');
    expect(listed.json().count).toBe(240);
  });

  it("shows a loaded card's member and history, voids one not loaded, and a voided card cannot be used", async () => {
    expect((await redeemGift(member, 'regalo-50')).statusCode).toBe(200);
    const loaded = (await call(tokens.owner, 'GET', 'gift-cards/gift-demo-50/')).json();
    expect(loaded).toMatchObject({ status: 'REDEEMED', redeemed_by: 'socio@demo.pe' });
    expect(loaded.history.map((h: { event: string }) => h.event)).toEqual(['ISSUED', 'REDEEMED']);
    const late = await call(tokens.owner, 'POST', 'gift-cards/gift-demo-50/void/');
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json()).toEqual({ non_field_errors: ['Esta tarjeta de regalo ya fue usada'] });

    const stale = await call(tokens.owner, 'POST', 'gift-cards/gift-demo-20/void/', undefined, {
      'if-match': '"7"',
    });
    expect(stale.statusCode).toBe(409);
    const voided = await call(tokens.owner, 'POST', 'gift-cards/gift-demo-20/void/', undefined, {
      'if-match': '"1"',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'VOIDED', version: 2 });
    expect((await auditOf('gift-demo-20')).at(-1)).toMatchObject({
      userUid: OWNER_UID,
      before: { status: 'ACTIVE' },
      after: { status: 'VOIDED' },
    });
    const refused = await redeemGift(member, 'REGALO-20');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['Esta tarjeta de regalo fue anulada'] });
  });

  it('a card voided while members load it ends loaded or voided, never both', async () => {
    const batch = await call(tokens.owner, 'POST', 'gift-cards/batch/', {
      program: 'demo-club',
      amount: '7',
      count: 12,
    });
    const cards = batch.json().results as { uid: string; code: string }[];
    const members = await createMembers(t.db, cards.length, 'gift');
    const answers = await Promise.all(
      cards.flatMap((card, i) => [
        redeemGift(members[i] as string, card.code),
        call(tokens.owner, 'POST', `gift-cards/${card.uid}/void/`),
      ]),
    );
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    for (const [i, card] of cards.entries()) {
      const [redeem, voiding] = [answers[2 * i], answers[2 * i + 1]];
      const [row] = await t.db.select().from(giftCards).where(eq(giftCards.uid, card.uid));
      expect(Boolean(row?.redeemedAt) !== Boolean(row?.voidedAt), card.code).toBe(true);
      expect(redeem?.statusCode === 200).toBe(Boolean(row?.redeemedAt));
      expect(voiding?.statusCode === 200).toBe(Boolean(row?.voidedAt));
    }
    // Only the loaded cards reached a balance: 7.00 each.
    const loaded = cards.filter((_, i) => answers[2 * i]?.statusCode === 200).length;
    const [sum] = await t.db
      .select({ cents: sql<number>`coalesce(sum(${memberships.balanceCents}), 0)::int` })
      .from(memberships)
      .where(sql`${memberships.userUid} in (select uid from users where email like 'gift%@test.pe')`);
    expect(sum?.cents).toBe(loaded * 700);
  });
});
