import { adminAuditLog } from '@storefront/db/schema/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
} from '../admin.fixtures.ts';

// The campaign rules at their bounds, as campaigns.test.ts's journeys do not reach them: a coupon's
// percent and amount, dates, use limit and type; what a coupon, a gift card and a promotion show and
// audit; a save or a void that changes nothing.

// Dates a year from the test's own now, on a whole second: in the future whenever it runs.
const DAY = 86_400_000;
const startMs = Math.floor(Date.now() / 1000) * 1000 + 365 * DAY;
const at = (ms: number) => new Date(startMs + ms).toISOString();
// As a client may write it, without milliseconds; the API answers it with them (at(0)).
const START = at(0).replace('.000Z', 'Z');

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const auditOf = (uid: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, uid)).orderBy(adminAuditLog.id);
const coupon = (code: string, fields: Record<string, unknown> = {}) =>
  call(tokens.owner, 'POST', 'coupons/', { code, discount_type: 'PERCENT', discount_value: '5', ...fields });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('coupon rules', () => {
  it('takes a whole percent from 1 to 100 and an amount from one cent, and refuses either side', async () => {
    for (const [code, type, value, shown] of [
      ['CIEN', 'PERCENT', '100', '100'],
      ['UNO', 'PERCENT', '1', '1'],
      ['CENTIMO', 'AMOUNT', '0.01', '0.01'],
    ] as const) {
      const res = await coupon(code, { discount_type: type, discount_value: value });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ code, discount_type: type, discount_value: shown });
    }
    for (const [type, value] of [
      ['PERCENT', '0'],
      ['PERCENT', '101'],
      ['AMOUNT', '0.00'],
    ] as const) {
      const res = await coupon('NUNCA', { discount_type: type, discount_value: value });
      expect(res.statusCode, `${type} ${value}`).toBe(400);
      expect(res.json()).toEqual({
        discount_value: [
          type === 'PERCENT' ? 'Ingresa un porcentaje entero de 1 a 100.' : 'El valor es demasiado pequeño.',
        ],
      });
    }
  });

  it('ends after it starts, even by a millisecond, and names every refusal at once', async () => {
    const same = await coupon('MISMO', {
      valid_from: START,
      valid_until: START,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ valid_until: ['Debe ser posterior a la fecha de inicio.'] });
    const later = await coupon('MILISEGUNDO', {
      valid_from: START,
      valid_until: at(1),
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toMatchObject({
      valid_from: at(0),
      valid_until: at(1),
    });
    const all = await coupon('bienvenida', {
      discount_value: '150',
      valid_from: at(DAY),
      valid_until: START,
    });
    expect(all.json()).toEqual({
      discount_value: ['Ingresa un porcentaje entero de 1 a 100.'],
      valid_until: ['Debe ser posterior a la fecha de inicio.'],
      code: ['Ya existe.'],
    });
  });

  it('shows and audits every field it keeps', async () => {
    const res = await coupon('completo', {
      discount_value: '15',
      minimum_order: '12.5',
      valid_from: START,
      valid_until: at(31 * DAY),
      max_uses: 7,
      per_member_limit: 2,
      is_active: false,
      influencer: 'rosa',
    });
    expect(res.statusCode, res.body).toBe(201);
    const fields = {
      code: 'COMPLETO',
      discount_type: 'PERCENT',
      discount_value: '15',
      minimum_order: '12.50',
      valid_from: at(0),
      valid_until: at(31 * DAY),
      max_uses: 7,
      per_member_limit: 2,
      is_active: false,
      influencer: 'rosa',
    };
    expect(res.json()).toMatchObject({ ...fields, uses_count: 0, influencer_orders: 0, version: 1 });
    const [line] = await auditOf(res.json().uid);
    expect(line).toMatchObject({ objectType: 'coupon', action: 'create', before: null, after: fields });
    // The demo's coupons as stored: no dates, a limit per member, no influencer.
    const welcome = (await call(tokens.owner, 'GET', 'coupons/coupon-bienvenida/')).json();
    expect(welcome).toMatchObject({
      code: 'BIENVENIDA',
      discount_value: '10',
      minimum_order: '30.00',
      valid_from: null,
      valid_until: null,
      max_uses: null,
      per_member_limit: 1,
      is_active: true,
      influencer: null,
      influencer_link: null,
    });
    expect((await call(tokens.owner, 'GET', 'coupons/no-such-coupon/')).statusCode).toBe(404);
  });

  it('lets the use limit reach the uses counted, not go below them, and be lifted', async () => {
    // ULTIMO was used 4 times of 5.
    const below = await call(tokens.owner, 'PATCH', 'coupons/coupon-ultimo/', { max_uses: 3 });
    expect(below.json()).toEqual({
      max_uses: ['Este código ya se usó 4 veces: el límite no puede ser menor.'],
    });
    const at = await call(tokens.owner, 'PATCH', 'coupons/coupon-ultimo/', { max_uses: 4 });
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json()).toMatchObject({ max_uses: 4, version: 2 });
    const lifted = await call(tokens.owner, 'PATCH', 'coupons/coupon-ultimo/', { max_uses: null });
    expect(lifted.json()).toMatchObject({ max_uses: null, version: 3 });
  });

  it('needs a value when the type changes, keeps its own code, and writes nothing when nothing changes', async () => {
    const untyped = await call(tokens.owner, 'PATCH', 'coupons/coupon-descuento5/', {
      discount_type: 'PERCENT',
    });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json()).toEqual({ discount_value: ['Este campo es requerido'] });
    const typed = await call(tokens.owner, 'PATCH', 'coupons/coupon-descuento5/', {
      discount_type: 'PERCENT',
      discount_value: '15',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ discount_type: 'PERCENT', discount_value: '15', version: 2 });
    // Another field of a percent coupon: its percent is checked and kept as it is.
    const minimum = await call(tokens.owner, 'PATCH', 'coupons/coupon-descuento5/', { minimum_order: '40' });
    expect(minimum.json()).toMatchObject({ discount_value: '15', minimum_order: '40.00', version: 3 });
    const lines = (await auditOf('coupon-descuento5')).length;
    const same = await call(tokens.owner, 'PATCH', 'coupons/coupon-descuento5/', {
      code: 'DESCUENTO5',
      discount_type: 'PERCENT',
      valid_until: null,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ code: 'DESCUENTO5', version: 3 });
    expect(await auditOf('coupon-descuento5')).toHaveLength(lines);
    // VENCIDO has an end and no start (the demo loader places its end; read, not written here).
    const { valid_until: end } = (await call(tokens.owner, 'GET', 'coupons/coupon-vencido/')).json();
    const start = new Date(Date.parse(end) - 30 * 86_400_000).toISOString();
    const dated = await call(tokens.owner, 'PATCH', 'coupons/coupon-vencido/', {
      valid_from: start,
      per_member_limit: 3,
      influencer: 'mario',
      is_active: false,
    });
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json()).toMatchObject({
      valid_from: start,
      valid_until: end,
      per_member_limit: 3,
      influencer: 'mario',
      is_active: false,
    });
    expect((await auditOf('coupon-vencido')).at(-1)).toMatchObject({
      action: 'update',
      before: { valid_from: null, per_member_limit: null, influencer: null, is_active: true },
      after: { valid_from: start, per_member_limit: 3, influencer: 'mario' },
    });
    // Its start moved to its end: refused on the dates it would have.
    const late = await call(tokens.owner, 'PATCH', 'coupons/coupon-vencido/', { valid_from: end });
    expect(late.json()).toEqual({ valid_until: ['Debe ser posterior a la fecha de inicio.'] });
  });
});

describe('gift card rules', () => {
  it('draws codes of three groups of four without look-alike characters, audited as issued', async () => {
    const res = await call(tokens.manager, 'POST', 'gift-cards/batch/', {
      program: 'demo-club',
      amount: '12.5',
      count: 20,
    });
    expect(res.statusCode, res.body).toBe(201);
    const cards = res.json().results as { uid: string; code: string; amount: string; status: string }[];
    expect(cards).toHaveLength(20);
    for (const card of cards) {
      expect(card.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expect(card).toMatchObject({ amount: '12.50', status: 'ACTIVE' });
    }
    const first = cards[0] as (typeof cards)[number];
    expect(
      (await auditOf(first.uid)).map(({ action, before, after }) => ({ action, before, after })),
    ).toEqual([
      {
        action: 'create',
        before: null,
        after: { program: 'demo-club', code: first.code, amount: '12.50', status: 'ACTIVE' },
      },
    ]);
    const one = await call(tokens.manager, 'POST', 'gift-cards/', { program: 'demo-club', amount: '3' });
    expect(one.json().code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect((await call(tokens.manager, 'GET', 'gift-cards/no-such-card/')).statusCode).toBe(404);
  });

  it('shows a voided card with its void in the history; voiding it again changes nothing', async () => {
    const voided = await call(tokens.owner, 'POST', 'gift-cards/gift-demo-50/void/');
    expect(voided.statusCode, voided.body).toBe(200);
    const card = voided.json();
    expect(card).toMatchObject({
      code: 'REGALO-50',
      amount: '50.00',
      status: 'VOIDED',
      redeemed_at: null,
      redeemed_by: null,
      version: 2,
    });
    expect(card.voided_at).toEqual(expect.any(String));
    expect(card.history).toEqual([
      { at: card.created_at, event: 'ISSUED', by: null },
      { at: card.voided_at, event: 'VOIDED', by: null },
    ]);
    const lines = (await auditOf('gift-demo-50')).length;
    const again = await call(tokens.owner, 'POST', 'gift-cards/gift-demo-50/void/');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(card);
    expect(await auditOf('gift-demo-50')).toHaveLength(lines);
    const listed = await call(tokens.owner, 'GET', 'gift-cards/?status=VOIDED&program=demo-club');
    expect(listed.json()).toMatchObject({ count: 1, results: [{ uid: 'gift-demo-50', status: 'VOIDED' }] });
  });
});

describe('promotion rules', () => {
  it('shows and audits what it keeps: no stock is no limit, a stock at the units taken is kept', async () => {
    const res = await call(tokens.manager, 'POST', 'promotions/', {
      program: 'demo-club',
      title: 'Sin límite',
      valid_from: START,
      valid_until: at(1),
      places: ['place-miraflores'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const promotion = res.json();
    expect(promotion).toMatchObject({
      title: 'Sin límite',
      total_stock: null,
      stock: null,
      used: 0,
      levels: [],
      places: ['place-miraflores'],
      valid_until: at(1),
    });
    const [line] = await auditOf(promotion.uid);
    const { uid: _, image: __, stock: ___, used: ____, version: _____, ...fields } = promotion;
    expect(line?.after).toEqual(fields);
    const same = await call(tokens.manager, 'POST', 'promotions/', {
      program: 'demo-club',
      title: 'Un instante',
      valid_from: START,
      valid_until: START,
    });
    expect(same.json()).toEqual({ valid_until: ['Debe ser posterior a la fecha de inicio.'] });
    const zero = await call(tokens.manager, 'PATCH', `promotions/${promotion.uid}/`, { total_stock: 0 });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json()).toMatchObject({ total_stock: 0, stock: 0, used: 0 });
    const unlimited = await call(tokens.manager, 'PATCH', `promotions/${promotion.uid}/`, {
      total_stock: null,
    });
    expect(unlimited.json()).toMatchObject({ total_stock: null, stock: null });
    expect((await call(tokens.manager, 'GET', 'promotions/no-such-promotion/')).statusCode).toBe(404);
    expect(
      (await call(tokens.manager, 'PATCH', 'promotions/no-such-promotion/', { title: 'x' })).statusCode,
    ).toBe(404);
  });
});
