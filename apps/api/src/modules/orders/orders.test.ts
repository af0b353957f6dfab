import { placeProducts } from '@storefront/db/schema/catalogue';
import { coupons, orders, stockMovements } from '@storefront/db/schema/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { auth, createMembers, demoMemberToken, firstSlot, pickupBody } from './orders.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let slot: Awaited<ReturnType<typeof firstSlot>>;

const stockOf = async (product: string, place = 'place-miraflores') => {
  const [row] = await t.db
    .select({ stock: placeProducts.stock })
    .from(placeProducts)
    .where(and(eq(placeProducts.placeUid, place), eq(placeProducts.productUid, product)));
  return row?.stock;
};
const order = (
  body: unknown,
  tok = token,
  headers: Record<string, string> = {},
  place = 'place-miraflores',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v5/places/${place}/orders/`,
    headers: auth(tok, headers),
    payload: body as object,
  });
const lomo = (quantity = 1) => ({
  uid: 'p-lomo-saltado',
  quantity,
  option_groups: [
    { uid: 'og-lomo-termino', options: [{ uid: 'og-lomo-termino-a-punto' }] },
    { uid: 'og-lomo-extras', options: [{ uid: 'og-lomo-extras-huevo-frito' }] },
  ],
  direct_purchase: false,
});
const countOrders = async () => (await t.db.select({ uid: orders.uid }).from(orders)).length;

beforeAll(async () => {
  t = await createTestApp();
  token = await demoMemberToken(t.db);
  slot = await firstSlot(t.app);
});
afterAll(() => t.close());

describe('orders', () => {
  it('prices an order from the catalogue, numbers it and clears the cart', async () => {
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/shopping-cart/',
      headers: auth(token),
      payload: { place: 'place-miraflores', products: [{ id: 'p-lomo-saltado_0', ...lomo(2) }] },
    });
    expect(cart.statusCode).toBe(200);
    const res = await order(pickupBody(slot, [lomo(2)]));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'RECEIVED',
      number: 1,
      subtotal: '75.00',
      price: '75.00',
      coins: 0,
    });
    expect(body.products[0]).toMatchObject({
      name: 'Lomo saltado',
      quantity: 2,
      unit_price: '37.50',
      price: '75.00',
    });
    const saved = await t.app.inject({
      url: '/api/v5/me/shopping-cart/?place_uid=place-miraflores',
      headers: auth(token),
    });
    expect(saved.json().products).toEqual([]);
    const next = await order(pickupBody(slot, [lomo(1)]));
    expect(next.json().number).toBe(2);
  });

  it('refuses options out of limits and inactive options', async () => {
    const before = await countOrders();
    const noTermino = { ...lomo(), option_groups: [] };
    expect((await order(pickupBody(slot, [noTermino]))).statusCode).toBe(400);
    const inactive = {
      ...lomo(),
      option_groups: [
        { uid: 'og-lomo-termino', options: [{ uid: 'og-lomo-termino-a-punto' }] },
        { uid: 'og-lomo-extras', options: [{ uid: 'og-lomo-extras-papas-nativas' }] },
      ],
    };
    const res = await order(pickupBody(slot, [inactive]));
    expect(res.statusCode).toBe(400);
    expect(res.json()['products.0']).toBeDefined();
    expect(await countOrders()).toBe(before);
  });

  it('50 concurrent buyers of a product with stock 3 get exactly 3 orders', async () => {
    const tokens = await createMembers(t.db, 50);
    const line = { uid: 'p-leche-de-tigre', quantity: 1, option_groups: [], direct_purchase: false };
    const results = await Promise.all(tokens.map((tok) => order(pickupBody(slot, [line]), tok)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(47);
    const refused = results.find((r) => r.statusCode === 400);
    expect(refused?.json().non_field_errors).toEqual(['Este producto está agotado']);
    expect(await stockOf('p-leche-de-tigre')).toBe(0);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productUid, 'p-leche-de-tigre'));
    expect(moves.reduce((sum, m) => sum + m.quantity, 0)).toBe(-3);
  });

  it('50 concurrent buyers of a coupon with one use left: exactly 1 gets it', async () => {
    const tokens = await createMembers(t.db, 50, 'coupon');
    const results = await Promise.all(
      tokens.map((tok) => order(pickupBody(slot, [lomo(1)], { coupon_code: 'ultimo' }), tok)),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json()).toMatchObject({ discount: '3.00', price: '34.50', coupon_code: 'ULTIMO' });
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(49);
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.uid, 'coupon-ultimo'));
    expect(coupon?.usesCount).toBe(5);
  });

  it('replays an order sent twice with one Idempotency-Key and refuses the key with another body', async () => {
    const key = { 'idempotency-key': 'order-attempt-1' };
    const body = pickupBody(slot, [lomo(1)]);
    const before = await countOrders();
    const [a, b] = await Promise.all([order(body, token, key), order(body, token, key)]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().uid).toBe(a.json().uid);
    const again = await order(body, token, key);
    expect(again.json().uid).toBe(a.json().uid);
    expect(await countOrders()).toBe(before + 1);
    const other = await order(pickupBody(slot, [lomo(3)]), token, key);
    expect(other.statusCode).toBe(422);
    expect(await countOrders()).toBe(before + 1);
  });

  it('cancels while RECEIVED, giving back stock, coins and the coupon use, and refuses illegal moves', async () => {
    const [tok] = await createMembers(t.db, 1, 'cancel');
    const stockBefore = await stockOf('p-leche-de-tigre', 'place-san-isidro');
    const leche = { uid: 'p-leche-de-tigre', quantity: 2, option_groups: [], direct_purchase: false };
    const placed = await order(
      pickupBody(await firstSlot(t.app, 'place-san-isidro'), [leche, lomo(1)], { coupon_code: 'DESCUENTO5' }),
      tok as string,
      {},
      'place-san-isidro',
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf('p-leche-de-tigre', 'place-san-isidro')).toBe((stockBefore ?? 0) - 2);
    const uid = placed.json().uid;
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${uid}/`,
      headers: auth(tok as string),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('CANCELED_BY_USER');
    expect(cancel.json().history.map((h: { to: string }) => h.to)).toEqual(['RECEIVED', 'CANCELED_BY_USER']);
    expect(await stockOf('p-leche-de-tigre', 'place-san-isidro')).toBe(stockBefore);
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.uid, 'coupon-descuento5'));
    expect(coupon?.usesCount).toBe(0);
    const twice = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${uid}/`,
      headers: auth(tok as string),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(twice.statusCode).toBe(400);
    const accept = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${uid}/`,
      headers: auth(tok as string),
      payload: { status: 'ACCEPTED' },
    });
    expect(accept.statusCode).toBe(400);
  });

  it('30 concurrent buyers of two products with stock 10, lines in either order: 10 orders, numbered without gaps', async () => {
    const setStock = (product: string, stock: number | null) =>
      t.db
        .update(placeProducts)
        .set({ stock })
        .where(and(eq(placeProducts.placeUid, 'place-miraflores'), eq(placeProducts.productUid, product)));
    await setStock('p-causa-limena', 10);
    await setStock('p-lomo-saltado', 10);
    const causa = { uid: 'p-causa-limena', quantity: 1, option_groups: [], direct_purchase: false };
    const tokens = await createMembers(t.db, 30, 'pair');
    const results = await Promise.all(
      tokens.map((tok, i) => order(pickupBody(slot, i % 2 ? [causa, lomo(1)] : [lomo(1), causa]), tok)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    expect(await stockOf('p-causa-limena')).toBe(0);
    expect(await stockOf('p-lomo-saltado')).toBe(0);
    const numbers = (
      await t.db.select({ number: orders.number }).from(orders).where(eq(orders.companyUid, 'demo-main'))
    )
      .map((row) => row.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    await setStock('p-causa-limena', null);
    await setStock('p-lomo-saltado', null);
  });
});
