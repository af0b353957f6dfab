import { placeProducts } from '@storefront/db/schema/catalogue';
import { memberships } from '@storefront/db/schema/loyalty';
import { carts, orders, stockMovements, subscriptions } from '@storefront/db/schema/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { transitionOrder } from './order-status.service.ts';
import {
  auth,
  createMembers,
  DEMO_MEMBER_UID,
  demoMemberToken,
  firstSlot,
  pickupBody,
  userData,
} from './orders.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let slot: Awaited<ReturnType<typeof firstSlot>>;

const post = (url: string, body: unknown, tok = token) =>
  t.app.inject({ method: 'POST', url, headers: auth(tok), payload: body as object });
const get = (url: string, tok = token) => t.app.inject({ url, headers: auth(tok) });
const causa = (quantity = 1) => ({
  uid: 'p-causa-limena',
  quantity,
  option_groups: [],
  direct_purchase: false,
});
const coinsOf = async (userUid = DEMO_MEMBER_UID) => {
  const [row] = await t.db
    .select({ coins: memberships.coins })
    .from(memberships)
    .where(eq(memberships.userUid, userUid));
  return row?.coins ?? 0;
};
/** Everything an order touches, to prove a refused body changed nothing. */
const snapshot = async () => ({
  orders: (await t.db.select().from(orders)).length,
  moves: (await t.db.select().from(stockMovements)).length,
  stock: (await t.db.select().from(placeProducts)).map((r) => r.stock).join(','),
  coins: await coinsOf(),
});

beforeAll(async () => {
  t = await createTestApp();
  token = await demoMemberToken(t.db);
  slot = await firstSlot(t.app);
});
afterAll(() => t.close());

describe('bad bodies', () => {
  const valid = () => pickupBody(slot, [causa()]);
  const cases: [string, unknown][] = [
    ['empty object', {}],
    ['null', null],
    ['an array', [valid()]],
    ['a string', 'hola'],
    ['missing products', { ...valid(), products: undefined }],
    ['empty products', { ...valid(), products: [] }],
    ['negative quantity', pickupBody(slot, [causa(-1)])],
    ['zero quantity', pickupBody(slot, [causa(0)])],
    ['huge quantity', pickupBody(slot, [causa(1e12)])],
    ['fractional quantity', pickupBody(slot, [causa(1.5)])],
    ['quantity as text', pickupBody(slot, [{ ...causa(), quantity: '2' }])],
    ['unknown product', pickupBody(slot, [{ ...causa(), uid: 'p-no-existe' }])],
    ['product of another company', pickupBody(slot, [{ ...causa(), uid: 'p-cafe-capuchino' }])],
    [
      'unknown option group',
      pickupBody(slot, [{ ...causa(), option_groups: [{ uid: 'og-x', options: [] }] }]),
    ],
    ['a client price', pickupBody(slot, [{ ...causa(), unit_price: '0.01' }])],
    ['unknown field', { ...valid(), hack: true }],
    ['wrong order type', { ...valid(), order_type: 'DRONE' }],
    ['payment as number', { ...valid(), payment_type: 1 }],
    ['user_data null', { ...valid(), user_data: null }],
    ['bad email', { ...valid(), user_data: { ...userData, email: 'x' } }],
    ['bad date', { ...valid(), pickup_date: '2025-02-30' }],
    ['bad time', { ...valid(), start_time: '25:00' }],
    ['a slot the place does not offer', { ...valid(), start_time: '03:00', end_time: '03:30' }],
    ['a past date', { ...valid(), pickup_date: '2020-01-01' }],
    ['products as object', { ...valid(), products: { uid: 'p-causa-limena' } }],
    ['option_groups null', pickupBody(slot, [{ ...causa(), option_groups: null }])],
  ];
  it.each(cases)('%s answers 400 in the DRF shape and changes nothing', async (_name, body) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/places/place-miraflores/orders/',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(400);
    const json = res.json();
    expect(typeof json).toBe('object');
    for (const messages of Object.values(json)) expect(Array.isArray(messages)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad carts with 400 and unknown places with 404', async () => {
    expect(
      (await post('/api/v5/me/shopping-cart/', { place: 'place-miraflores', products: [causa(-3)] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post('/api/v5/me/shopping-cart/', {
          place: 'place-miraflores',
          products: [{ ...causa(), uid: 'p-no' }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await post('/api/v5/me/shopping-cart/', { place: 'nowhere', products: [] })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/v5/places/multi-place-cafe/orders/', pickupBody(slot, [causa()]))).statusCode,
    ).toBe(404);
    expect((await t.db.select().from(carts)).length).toBe(0);
  });
});

describe('cart', () => {
  it('keeps regular and subscription carts apart, and an empty cart removes its entry', async () => {
    const line = { id: 'p-causa-limena_0', ...causa(2) };
    await post('/api/v5/me/shopping-cart/', { place: 'place-miraflores', products: [line] });
    await post('/api/v5/me/shopping-cart/', {
      place: 'place-miraflores',
      type: 'SUBSCRIPTION',
      products: [causa(1)],
    });
    const regular = await get('/api/v5/me/shopping-cart/?place_uid=place-miraflores');
    expect(regular.json()).toMatchObject({ place: 'place-miraflores', type: 'REGULAR', products: [line] });
    const sub = await get('/api/v5/me/shopping-cart/?place_uid=place-miraflores&type=SUBSCRIPTION');
    expect(sub.json().products[0].quantity).toBe(1);
    await post('/api/v5/me/shopping-cart/', { place: 'place-miraflores', products: [] });
    expect((await get('/api/v5/me/shopping-cart/?place_uid=place-miraflores')).json().products).toEqual([]);
    expect(
      (
        await t.app.inject({
          url: '/api/v5/me/shopping-cart/?place_uid=place-miraflores',
          headers: { host: 'localhost' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('payments, delivery and coupons', () => {
  it('refuses card payments where the place takes none, and delivery without shipping methods', async () => {
    const cayma = await firstSlot(t.app, 'place-cayma');
    const card = await post(
      '/api/v5/places/place-cayma/orders/',
      pickupBody(cayma, [causa()], { payment_type: 'CARD_ON_DELIVERY' }),
    );
    expect(card.json().non_field_errors).toEqual(['El negocio no acepta pagos con tarjeta']);
    const delivery = await post(
      '/api/v5/places/place-cayma/orders/',
      pickupBody(cayma, [causa()], {
        order_type: 'DELIVERY',
        address: 'Av. Ejército 100',
        district: 'Cayma',
      }),
    );
    expect(delivery.json().non_field_errors).toEqual(['La tienda no tiene métodos de envío']);
  });

  it('estimates fares by zone and by distance, and refuses addresses outside them', async () => {
    const fare = (place: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v7/deliveries/places/${place}/fare-estimate/`,
        headers: { host: 'localhost' },
        payload: body as object,
      });
    const zone = await fare('place-miraflores', { address: 'Av. Larco 123', district: 'BARRANCO' });
    expect(zone.json()).toEqual({ fare: '8.00', currency: 'S/', eta_minutes: 40 });
    const outside = await fare('place-miraflores', { address: 'Av. Lima 1', district: 'Ate' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().non_field_errors[0]).toMatch(/dirección/);
    const near = await fare('place-san-isidro', {
      address: 'Calle 1',
      district: 'San Isidro',
      latitude: -12.0977,
      longitude: -77.0465,
    });
    expect(near.statusCode).toBe(200);
    expect(Number(near.json().fare)).toBeGreaterThan(4);
    const far = await fare('place-san-isidro', {
      address: 'Calle 1',
      district: 'Ancón',
      latitude: -11.77,
      longitude: -77.17,
    });
    expect(far.statusCode).toBe(400);
    expect((await fare('place-cayma', { address: 'x', district: 'Cayma' })).json().non_field_errors).toEqual([
      'La tienda no tiene métodos de envío',
    ]);
    expect((await fare('place-miraflores', { address: 'x' })).statusCode).toBe(400);
  });

  it("lists a place's delivery districts by zone, and says what an empty fare request misses", async () => {
    const zones = await t.app.inject({
      url: '/api/v7/deliveries/places/place-miraflores/zones/',
      headers: { host: 'localhost' },
    });
    expect(zones.statusCode).toBe(200);
    expect(zones.json().results).toEqual([
      {
        uid: 'zone-miraflores',
        name: 'Miraflores',
        districts: ['Miraflores'],
        fare: '5.00',
        eta_minutes: 30,
      },
      {
        uid: 'zone-miraflores-norte',
        name: 'San Isidro y Lince',
        districts: ['San Isidro', 'Lince'],
        fare: '9.00',
        eta_minutes: 45,
      },
      {
        uid: 'zone-miraflores-sur',
        name: 'Barranco y Surquillo',
        districts: ['Barranco', 'Surquillo'],
        fare: '8.00',
        eta_minutes: 40,
      },
    ]);
    const byDistance = await t.app.inject({
      url: '/api/v7/deliveries/places/place-san-isidro/zones/',
      headers: { host: 'localhost' },
    });
    expect(byDistance.json()).toEqual({ results: [] });
    const unknown = await t.app.inject({
      url: '/api/v7/deliveries/places/nope/zones/',
      headers: { host: 'localhost' },
    });
    expect(unknown.statusCode).toBe(404);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v7/deliveries/places/place-miraflores/fare-estimate/',
      headers: { host: 'localhost' },
      payload: { address: '', district: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      address: ['Este campo es requerido'],
      district: ['Este campo es requerido'],
    });
  });

  it('adds the zone fare to a delivery order', async () => {
    const res = await post(
      '/api/v5/places/place-miraflores/orders/',
      pickupBody(slot, [causa(2)], {
        order_type: 'DELIVERY',
        address: 'Av. Larco 123',
        district: 'Miraflores',
        reference: 'Frente al parque',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ subtotal: '36.00', delivery_price: '5.00', price: '41.00' });
    // The zone's delivery time is kept with the order, for its page (issue 30 item 5); a pickup has none.
    expect(res.json().eta_minutes).toBe(30);
    const kept = await get(`/api/v5/me/orders/${res.json().uid}/`);
    expect(kept.json().eta_minutes).toBe(30);
    const pickup = await post('/api/v5/places/place-miraflores/orders/', pickupBody(slot, [causa(1)]));
    expect(pickup.json().eta_minutes).toBeNull();
  });

  it('validates codes with the spec answers', async () => {
    const [tok] = (await createMembers(t.db, 1, 'codes')) as [string];
    const check = (uid: string, code: string, query = '', tk = tok) =>
      get(`/api/v5/companies/${uid}/validate-code/${code}/${query}`, tk);
    const ok = await check('demo-main', 'bienvenida', '?amount=40.00');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      code: 'BIENVENIDA',
      discount_type: 'PERCENT',
      discount_value: '10',
      discount: '4.00',
    });
    expect((await check('place-miraflores', 'BIENVENIDA')).statusCode).toBe(200);
    const missing = await check('demo-main', 'NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Este código no existe' });
    const expired = await check('demo-main', 'VENCIDO');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().coupon.code).toBe('VENCIDO');
    expect((await check('demo-main', 'FUTURO')).statusCode).toBe(400);
    expect((await check('demo-main', 'BIENVENIDA', '?amount=10.00')).statusCode).toBe(400);
    const placed = await post(
      '/api/v5/places/place-miraflores/orders/',
      pickupBody(slot, [causa(2)], { coupon_code: 'BIENVENIDA' }),
      tok,
    );
    expect(placed.json()).toMatchObject({ discount: '3.60', price: '32.40' });
    const again = await check('demo-main', 'BIENVENIDA', '', tok);
    expect(again.statusCode).toBe(406);
    expect(again.json()).toMatchObject({
      non_field_errors: ['Ya canjeaste este código de descuento'],
      coupon: { code: 'BIENVENIDA' },
    });
    const en = await t.app.inject({
      url: '/api/v5/companies/demo-main/validate-code/BIENVENIDA/',
      headers: auth(tok, { 'accept-language': 'en' }),
    });
    expect(en.json().non_field_errors).toEqual(['Discount code already redeemed']);
    const second = await post(
      '/api/v5/places/place-miraflores/orders/',
      pickupBody(slot, [causa(2)], { coupon_code: 'BIENVENIDA' }),
      tok,
    );
    expect(second.statusCode).toBe(406);
  });

  it('says a gift card typed as a discount code is one, and where it goes, in es and en (issue 28)', async () => {
    const [tok] = (await createMembers(t.db, 1, 'gift-code')) as [string];
    const asCoupon = await get('/api/v5/companies/demo-main/validate-code/regalo-20/?amount=40.00', tok);
    expect(asCoupon.statusCode).toBe(404);
    expect(asCoupon.json()).toEqual({
      detail:
        'Este código es de una tarjeta de regalo, no de descuento. Cárgalo en «Tarjeta de regalo», en la página de tu programa, y paga con tu saldo.',
      gift_card: { program: 'demo-club' },
    });
    const en = await t.app.inject({
      url: '/api/v5/companies/place-miraflores/validate-code/REGALO-20/',
      headers: auth(tok, { 'accept-language': 'en' }),
    });
    expect(en.json().detail).toBe(
      'This is a gift card code, not a discount code. Load it under “Gift card” on your program’s page, then pay with your balance.',
    );
    // In an order's body the same; nothing is taken, and the card can still be loaded.
    const placed = await post(
      '/api/v5/places/place-miraflores/orders/',
      pickupBody(slot, [causa()], { coupon_code: 'REGALO-20' }),
      tok,
    );
    expect(placed.statusCode).toBe(404);
    expect(placed.json().gift_card).toEqual({ program: 'demo-club' });
    const loaded = await post('/api/v5/me/gift-cards/redeem/', { code: 'REGALO-20' }, tok);
    expect(loaded.statusCode).toBe(200);
    // An unknown code is still just unknown.
    expect((await get('/api/v5/companies/demo-main/validate-code/NOPE-0000/', tok)).json()).toEqual({
      detail: 'Este código no existe',
    });
  });
});

describe('coins, status moves and subscriptions', () => {
  it('debits coins for a redeemable order, refuses when short, refunds on cancel', async () => {
    const before = await coinsOf();
    const chicha = {
      uid: 'p-chicha-morada-de-regalo',
      quantity: 1,
      option_groups: [],
      direct_purchase: false,
    };
    const res = await post(
      '/api/v5/places/place-miraflores/orders/',
      pickupBody(slot, [chicha], { payment_type: 'COINS' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ coins: 150, price: '0.00' });
    expect(await coinsOf()).toBe(before - 150);
    const many = await post(
      '/api/v5/places/place-miraflores/orders/',
      pickupBody(slot, [{ ...chicha, quantity: 999 }], { payment_type: 'COINS' }),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().non_field_errors).toEqual(['No tienes monedas suficientes']);
    const mixed = await post(
      '/api/v5/places/place-miraflores/orders/',
      pickupBody(slot, [chicha, causa()], { payment_type: 'COINS' }),
    );
    expect(mixed.statusCode).toBe(400);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${res.json().uid}/`,
      headers: auth(token),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(await coinsOf()).toBe(before);
  });

  it('moves along the edges only, and DELIVERED earns coins and points', async () => {
    const placed = await post('/api/v5/places/place-miraflores/orders/', pickupBody(slot, [causa(3)]));
    const uid = placed.json().uid as string;
    const staff = { userUid: null, role: 'STAFF' as const };
    const move = (to: Parameters<typeof transitionOrder>[3]) =>
      t.db.transaction((tx) => transitionOrder(tx, { appUid: 'demo' }, uid, to, staff));
    await expect(move('SHIPPED')).rejects.toMatchObject({ code: 'ORDER_STATUS_NOT_ALLOWED' });
    const before = await coinsOf();
    await move('ACCEPTED');
    // Still cancellable by the place: nothing is earned until DELIVERED (decision record 007).
    expect(await coinsOf()).toBe(before);
    await expect(move('SHIPPED')).rejects.toMatchObject({ code: 'ORDER_STATUS_NOT_ALLOWED' });
    await expect(move('CANCELED_BY_USER')).rejects.toMatchObject({ code: 'ORDER_STATUS_NOT_ALLOWED' });
    await move('DELIVERED');
    expect(await coinsOf()).toBe(before + 54);
    await expect(move('CANCELED_BY_PLACE')).rejects.toMatchObject({ code: 'ORDER_STATUS_NOT_ALLOWED' });
    const detail = await get(`/api/v5/me/orders/${uid}/`);
    expect(detail.json().history.map((h: { to: string; by: string }) => `${h.to}:${h.by}`)).toEqual([
      'RECEIVED:MEMBER',
      'ACCEPTED:STAFF',
      'DELIVERED:STAFF',
    ]);
    const [other] = (await createMembers(t.db, 1, 'other')) as [string];
    expect((await get(`/api/v5/me/orders/${uid}/`, other)).statusCode).toBe(404);
  });

  it('lists orders by payment method with paging', async () => {
    const list = await get('/api/v5/me/orders/?payment_method=COINS&page_size=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().results.every((o: { payment_type: string }) => o.payment_type === 'COINS')).toBe(true);
    const all = await get('/api/v5/me/orders/?page_size=2');
    expect(all.json().count).toBeGreaterThan(2);
    expect(all.json().next).toContain('page=2');
    const numbers = (await t.db.select({ n: orders.number }).from(orders))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('subscribes on weekdays and cancels', async () => {
    const res = await post('/api/v5/places/place-miraflores/subscriptions/', {
      ...pickupBody(slot, [causa()]),
      days: [5, 1],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ACTIVE', days: [1, 5] });
    expect(
      (
        await post('/api/v5/places/place-miraflores/subscriptions/', {
          ...pickupBody(slot, [causa()]),
          days: [],
        })
      ).statusCode,
    ).toBe(400);
    const list = await get('/api/v5/subscriptions/?status=active');
    expect(list.json().count).toBe(1);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/subscriptions/${res.json().uid}/`,
      headers: auth(token),
      payload: { status: 'canceled_by_user' },
    });
    expect(cancel.json().status).toBe('CANCELED_BY_USER');
    expect((await get('/api/v5/me/subscriptions/?status=ACTIVE')).json().count).toBe(0);
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.uid, res.json().uid)));
    expect(row?.status).toBe('CANCELED_BY_USER');
  });
});
