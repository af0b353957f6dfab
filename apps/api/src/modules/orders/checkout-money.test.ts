import { idempotencyKeys } from '@storefront/db/schema/idempotency';
import { ledgerEntries, memberships } from '@storefront/db/schema/loyalty';
import { orders } from '@storefront/db/schema/orders';
import { users } from '@storefront/db/schema/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { ledgerSums } from '../loyalty/ledger.repository.ts';
import { loadBalance } from '../loyalty/ledger.service.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { auth, firstSlot, lomoSaltadoLine, pickupBody } from './orders.fixtures.ts';

// Issue 14 items 2 and 3: the quote prices a checkout with the order's own pricing, the order is
// refused when the confirmed total is no longer the price, and the gift balance pays an order in whole
// or in part, atomically, given back on cancellation, never overdrawn.

const PLACE = 'place-miraflores';
const ORDERS = `/api/v5/places/${PLACE}/orders/`;
const QUOTE = `${ORDERS}quote/`;

let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;

const post = (url: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: auth(token, headers), payload: body as object });

/** A new member of the demo program with `soles` of gift balance loaded. */
async function memberWithGift(soles: number) {
  const [user] = await t.db
    .insert(users)
    .values({ appUid: 'demo', email: `gift-${Date.now()}-${Math.random()}@test.pe` })
    .returning({ uid: users.uid, appUid: users.appUid });
  if (!user) throw new Error('no user');
  const member = { appUid: 'demo', userUid: user.uid, programUid: 'demo-club' };
  if (soles > 0)
    await t.db.transaction((tx) =>
      loadBalance(tx, member, { amountCents: soles * 100, reference: { type: 'gift_card', id: user.uid } }),
    );
  return { token: await issueToken(t.db, user), userUid: user.uid };
}

async function balanceOf(userUid: string) {
  const [m] = await t.db.select().from(memberships).where(eq(memberships.userUid, userUid));
  if (!m) return { cached: 0, ledger: 0 };
  return { cached: m.balanceCents, ledger: (await ledgerSums(t.db, m.uid)).balance };
}

const ordersOf = async (userUid: string) =>
  (await t.db.select().from(orders).where(eq(orders.userUid, userUid))).length;

beforeAll(async () => {
  t = await createTestApp();
  slot = await firstSlot(t.app);
});
afterAll(() => t.close());

describe('quote', () => {
  it('prices lines, fare, discount and total as the order does, and writes nothing', async () => {
    const { token, userUid } = await memberWithGift(0);
    const body = pickupBody(slot, [lomoSaltadoLine, { ...lomoSaltadoLine, quantity: 2 }], {
      order_type: 'DELIVERY',
      district: 'Miraflores',
      address: 'Av. Larco 123',
      coupon_code: 'DESCUENTO5',
    });
    const quote = await post(QUOTE, token, body);
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json();
    // Lomo saltado S/ 35 + fried egg, ×3; Miraflores zone S/ 5; DESCUENTO5 S/ 5 off.
    expect(q.products.map((p: { quantity: number }) => p.quantity)).toEqual([1, 2]);
    expect(q).toMatchObject({ delivery_price: '5.00', discount: '5.00', gift_card_amount: '0.00' });
    expect(Number(q.price)).toBe(Number(q.subtotal));
    expect(await ordersOf(userUid)).toBe(0);

    const placed = await post(ORDERS, token, { ...body, total: q.price });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ price: q.price, subtotal: q.subtotal, amount_due: q.price });
  });

  it('quotes a delivery without its fare until the address is given, and needs no slot or customer', async () => {
    const { token } = await memberWithGift(0);
    const res = await post(QUOTE, token, { order_type: 'DELIVERY', products: [lomoSaltadoLine] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ delivery_price: null, extras: [] });
    const outside = await post(QUOTE, token, {
      order_type: 'DELIVERY',
      products: [lomoSaltadoLine],
      district: 'Cusco',
      address: 'Plaza de Armas',
    });
    expect(outside.statusCode).toBe(400);
    expect((await post(QUOTE, token, { order_type: 'PICKUP', products: [] })).statusCode).toBe(400);
    expect(
      (await post(QUOTE, token, { order_type: 'PICKUP', products: [lomoSaltadoLine], x: 1 })).statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: QUOTE,
      headers: { host: 'localhost' },
      payload: { order_type: 'PICKUP', products: [lomoSaltadoLine] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an order whose confirmed total is not the price, in es and en, writing nothing', async () => {
    const { token, userUid } = await memberWithGift(0);
    const body = pickupBody(slot, [lomoSaltadoLine], { total: '0.20' });
    const keysBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys))[0]?.n;
    const es = await post(ORDERS, token, body, { 'idempotency-key': 'price-changed-1' });
    expect(es.statusCode).toBe(400);
    expect(es.json().non_field_errors).toEqual([
      'El precio de tu pedido cambió. Revisa el resumen y vuelve a confirmar.',
    ]);
    expect(es.json().quote.price).toMatch(/^\d+\.\d{2}$/);
    const en = await post(ORDERS, token, body, { 'accept-language': 'en' });
    expect(en.json().non_field_errors).toEqual([
      'The price of your order has changed. Check the summary and confirm again.',
    ]);
    expect(await ordersOf(userUid)).toBe(0);
    const keysAfter = (await t.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys))[0]?.n;
    expect(keysAfter).toBe(keysBefore);
    // The same key with the right total then places the order.
    const right = await post(
      ORDERS,
      token,
      { ...body, total: es.json().quote.price },
      { 'idempotency-key': 'price-changed-1' },
    );
    expect(right.statusCode, right.body).toBe(201);
  });
});

describe('gift balance', () => {
  it('pays a whole order, and a cancellation gives it back', async () => {
    const { token, userUid } = await memberWithGift(50);
    const body = pickupBody(slot, [lomoSaltadoLine], { payment_type: 'GIFT_CARD' });
    const quote = (await post(QUOTE, token, body)).json();
    expect(quote).toMatchObject({ gift_balance: '50.00', amount_due: '0.00' });
    expect(quote.gift_card_amount).toBe(quote.price);
    const placed = await post(ORDERS, token, { ...body, total: quote.price });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ payment_type: 'GIFT_CARD', gift_card_amount: quote.price });
    const left = 5000 - Math.round(Number(quote.price) * 100);
    expect(await balanceOf(userUid)).toEqual({ cached: left, ledger: left });

    const canceled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${placed.json().uid}/`,
      headers: auth(token),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await balanceOf(userUid)).toEqual({ cached: 5000, ledger: 5000 });
  });

  it('pays part of an order, the rest in cash; bad amounts and short balances change nothing', async () => {
    const { token, userUid } = await memberWithGift(30);
    const part = pickupBody(slot, [lomoSaltadoLine], { gift_card_amount: '20.00' });
    const quote = (await post(QUOTE, token, part)).json();
    expect(quote.gift_card_amount).toBe('20.00');
    expect(Number(quote.amount_due)).toBeCloseTo(Number(quote.price) - 20, 2);
    const placed = await post(ORDERS, token, { ...part, total: quote.price });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      payment_type: 'CASH',
      gift_card_amount: '20.00',
      amount_due: quote.amount_due,
    });
    expect(await balanceOf(userUid)).toEqual({ cached: 1000, ledger: 1000 });

    const refused: [unknown, string][] = [
      [{ ...part, gift_card_amount: '0.00' }, 'GIFT'],
      [{ ...part, gift_card_amount: '999.00' }, 'GIFT'],
      [{ ...part, gift_card_amount: '-1' }, 'SCHEMA'],
      [{ ...part, payment_type: 'GIFT_CARD', gift_card_amount: '1.00' }, 'GIFT'],
      [{ ...part, gift_card_amount: '15.00' }, 'BALANCE'],
      [pickupBody(slot, [lomoSaltadoLine], { payment_type: 'GIFT_CARD' }), 'BALANCE'],
      [{ ...part, gift_card_amount: '5.00', days: [1] }, 'SUBSCRIPTION'],
    ];
    for (const [body, why] of refused) {
      const url = why === 'SUBSCRIPTION' ? `/api/v5/places/${PLACE}/subscriptions/` : ORDERS;
      const res = await post(url, token, body);
      expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
      if (why === 'BALANCE') expect(res.json().non_field_errors).toEqual(['No tienes saldo suficiente']);
      if (why === 'GIFT') expect(res.json().gift_card_amount).toHaveLength(1);
      if (why === 'SUBSCRIPTION')
        expect(res.json().non_field_errors).toEqual([
          'El saldo de regalo no se puede usar en una suscripción',
        ]);
    }
    expect(await ordersOf(userUid)).toBe(1);
    expect(await balanceOf(userUid)).toEqual({ cached: 1000, ledger: 1000 });
  });

  it('10 concurrent orders spending one balance never overdraw it', async () => {
    const { token, userUid } = await memberWithGift(50);
    const body = pickupBody(slot, [lomoSaltadoLine], { gift_card_amount: '20.00' });
    const results = await Promise.all(Array.from({ length: 10 }, () => post(ORDERS, token, body)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of results.filter((r) => r.statusCode === 400))
      expect(r.json().non_field_errors).toEqual(['No tienes saldo suficiente']);
    expect(await ordersOf(userUid)).toBe(2);
    expect(await balanceOf(userUid)).toEqual({ cached: 1000, ledger: 1000 });
  });

  it('an Idempotency-Key replays a gift-paid order and charges the balance once', async () => {
    const { token, userUid } = await memberWithGift(50);
    const body = pickupBody(slot, [lomoSaltadoLine], { gift_card_amount: '10.00' });
    const headers = { 'idempotency-key': 'gift-once' };
    const results = await Promise.all(Array.from({ length: 5 }, () => post(ORDERS, token, body, headers)));
    const again = await post(ORDERS, token, body, headers);
    const uids = new Set([...results, again].map((r) => r.json().uid));
    expect([...results, again].every((r) => r.statusCode === 201)).toBe(true);
    expect(uids.size).toBe(1);
    expect(await ordersOf(userUid)).toBe(1);
    expect(await balanceOf(userUid)).toEqual({ cached: 4000, ledger: 4000 });
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userUid, userUid));
    const spent = await t.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.membershipUid} = ${m?.uid} and ${ledgerEntries.reason} = 'SPEND_ORDER'`);
    expect(spent).toHaveLength(1);
  });
});
