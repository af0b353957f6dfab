import { errorMessage } from '@storefront/contracts/errors';
import { ledgerEntries } from '@storefront/db/schema/loyalty';
import { orders, subscriptions } from '@storefront/db/schema/orders';
import { companies, places } from '@storefront/db/schema/tenancy';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { billing } from '../payments/payments.fixtures.ts';
import { auth, demoMemberToken, firstSlot, pickupBody } from './orders.fixtures.ts';

/**
 * The checkout's refusals that no other order test reads (issue 20, orders' mutation score): a company
 * that does not sell online or by subscription, a payment method the place does not take, coins for a
 * product sold for money, a redeemable product or an out-of-stock one in a subscription, a slot the
 * place does not offer. Each answers its own message and writes nothing.
 */
describe('checkout refusals', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  let slot: Awaited<ReturnType<typeof firstSlot>>;

  beforeAll(async () => {
    t = await createTestApp();
    token = await demoMemberToken(t.db);
    slot = await firstSlot(t.app);
  });
  afterEach(async () => {
    await t.db
      .update(companies)
      .set({ ecommerceEnabled: true, subscriptionEnabled: true })
      .where(eq(companies.uid, 'demo-main'));
  });
  afterAll(() => t.close());

  const line = (uid: string, quantity = 1) => ({ uid, quantity, option_groups: [], direct_purchase: false });
  const causa = line('p-causa-limena');
  const post = (url: string, body: unknown) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload: body as object });
  const order = (body: unknown, place = 'place-miraflores') => post(`/api/v5/places/${place}/orders/`, body);
  const subscribe = (body: unknown) =>
    post('/api/v5/places/place-miraflores/subscriptions/', { ...(body as object), days: [2, 4] });
  const written = async () => ({
    orders: (await t.db.select().from(orders)).length,
    subscriptions: (await t.db.select().from(subscriptions)).length,
  });

  /** The refusal's status and general message, with nothing written. */
  async function refused(send: Promise<{ statusCode: number; json: () => Record<string, unknown> }>) {
    const before = await written();
    const res = await send;
    expect(await written()).toEqual(before);
    return { status: res.statusCode, messages: res.json().non_field_errors };
  }
  const answer = (code: Parameters<typeof errorMessage>[0], status = 400) => ({
    status,
    messages: [errorMessage(code, 'es')],
  });

  it('refuses orders where the company does not sell online, and subscriptions where it does not subscribe', async () => {
    await t.db.update(companies).set({ subscriptionEnabled: false }).where(eq(companies.uid, 'demo-main'));
    expect(await refused(subscribe(pickupBody(slot, [causa])))).toEqual(answer('SUBSCRIPTIONS_DISABLED'));
    // Orders are still taken.
    expect((await order(pickupBody(slot, [causa]))).statusCode).toBe(201);

    await t.db.update(companies).set({ ecommerceEnabled: false }).where(eq(companies.uid, 'demo-main'));
    expect(await refused(order(pickupBody(slot, [causa])))).toEqual(answer('ECOMMERCE_DISABLED'));
    expect(await refused(subscribe(pickupBody(slot, [causa])))).toEqual(answer('ECOMMERCE_DISABLED'));
  });

  it('refuses a payment method the place does not take, and coins for a product sold for money', async () => {
    // Cayma takes cash only (no checkout settings of its own).
    const cayma = await firstSlot(t.app, 'place-cayma');
    expect(
      await refused(order(pickupBody(cayma, [causa], { payment_type: 'COINS' }), 'place-cayma')),
    ).toEqual(answer('PAYMENT_METHOD_NOT_ACCEPTED'));
    expect(
      await refused(
        order(pickupBody(slot, [line('p-chicha-morada-de-regalo'), causa], { payment_type: 'COINS' })),
      ),
    ).toEqual(answer('COINS_ONLY_FOR_REDEEMABLES'));
    // Coins for redeemables only are taken.
    const coins = await order(
      pickupBody(slot, [line('p-chicha-morada-de-regalo')], { payment_type: 'COINS' }),
    );
    expect(coins.statusCode, coins.body).toBe(201);
  });

  it('refuses a redeemable or an out-of-stock product in a subscription, naming the product', async () => {
    expect(await refused(subscribe(pickupBody(slot, [line('p-chicha-morada-de-regalo')])))).toEqual(
      answer('REDEEMABLE_NOT_SUBSCRIBABLE'),
    );
    const before = await written();
    const res = await subscribe(pickupBody(slot, [causa, line('p-chilcano-de-pescado')]));
    const message = errorMessage('PRODUCT_OUT_OF_STOCK', 'es');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ 'products.1': [message], non_field_errors: [message] });
    expect(await written()).toEqual(before);
    // A product with stock left is subscribed without taking any.
    const ok = await subscribe(pickupBody(slot, [line('p-leche-de-tigre')]));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'ACTIVE', days: [2, 4] });
  });

  it('refuses a slot the place does not offer that day, on the start time', async () => {
    const before = await written();
    const res = await order(pickupBody({ ...slot, start_time: '03:00', end_time: '03:30' }, [causa]));
    const message = errorMessage('INVALID_TIME_SLOT', 'es');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ start_time: [message], non_field_errors: [message] });
    // A slot's end with another start, or its start with another end, is no slot either.
    for (const wrong of [{ start_time: '03:00' }, { end_time: '23:59' }]) {
      expect((await order(pickupBody({ ...slot, ...wrong }, [causa]))).json()).toEqual({
        start_time: [message],
        non_field_errors: [message],
      });
    }
    expect(await written()).toEqual(before);
  });

  it("records a delivery's address and fare, and no address on a pickup order", async () => {
    const where = {
      address: 'Av. Larco 123',
      district: 'Miraflores',
      reference: 'Frente al parque',
      latitude: -12.12,
      longitude: -77.03,
    };
    const delivery = await order(
      pickupBody(slot, [causa], { order_type: 'DELIVERY', ...where, comments: 'Sin cubiertos' }),
    );
    expect(delivery.statusCode, delivery.body).toBe(201);
    expect(delivery.json()).toMatchObject({
      order_type: 'DELIVERY',
      payment_type: 'CASH',
      ...where,
      comments: 'Sin cubiertos',
      coupon_code: null,
      influencer_uid: null,
      billing: null,
      subtotal: '18.00',
      delivery_price: '5.00',
      price: '23.00',
      extras: [{ name: 'delivery', price: '5.00' }],
      amount_due: '23.00',
      gift_card_amount: '0.00',
    });
    const pickup = await order(pickupBody(slot, [causa], where));
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json()).toMatchObject({
      order_type: 'PICKUP',
      address: '',
      district: '',
      reference: 'Frente al parque',
      latitude: null,
      longitude: null,
      comments: '',
      delivery_price: '0.00',
      price: '18.00',
      extras: [],
    });
  });

  describe('quotes, coins and the gift balance', () => {
    const quote = (body: unknown, place = 'place-miraflores') =>
      post(`/api/v5/places/${place}/orders/quote/`, body);
    const delivery = { order_type: 'DELIVERY', address: 'Av. Larco 123', district: 'Miraflores' };

    it('quotes the delivery fare and the discount as extras, ignores a stale total, and checks the gift balance', async () => {
      const priced = await quote(
        pickupBody(slot, [line('p-causa-limena', 2)], {
          ...delivery,
          coupon_code: 'DESCUENTO5',
          total: '1.00',
        }),
      );
      expect(priced.statusCode, priced.body).toBe(200);
      const body = priced.json();
      // S/ 5 off an order of at least S/ 20.
      expect(body).toMatchObject({ subtotal: '36.00', discount: '5.00', price: '36.00' });
      expect(body.extras).toEqual([
        { name: 'delivery', price: '5.00' },
        { name: 'discount', price: '-5.00' },
      ]);
      // The demo member holds no gift balance: paying with it is refused at the quote already.
      expect(await refused(quote(pickupBody(slot, [causa], { payment_type: 'GIFT_CARD' })))).toEqual(
        answer('NOT_ENOUGH_BALANCE'),
      );
      // A quote with weekdays is a subscription's: a redeemable product is refused there.
      expect(
        await refused(quote(pickupBody(slot, [line('p-chicha-morada-de-regalo')], { days: [1] }))),
      ).toEqual(answer('REDEEMABLE_NOT_SUBSCRIBABLE'));
    });

    it('refuses the gift balance for a subscription, whole or in part', async () => {
      for (const pay of [{ payment_type: 'GIFT_CARD' }, { payment_type: 'CASH', gift_card_amount: '1.00' }]) {
        expect(await refused(subscribe(pickupBody(slot, [causa], pay)))).toEqual(
          answer('GIFT_CARD_NOT_FOR_SUBSCRIPTION'),
        );
      }
    });

    it('refuses a card charged now, Yape or a transfer for a subscription: nothing would ever charge it', async () => {
      for (const pay of [
        { payment_type: 'ONLINE_CARD', payment_token: 'tkn_test_subscription', billing },
        { payment_type: 'YAPE', payment_token: 'ype_test_subscription' },
        { payment_type: 'TRANSFER' },
      ]) {
        expect(await refused(subscribe(pickupBody(slot, [causa], pay)))).toEqual(
          answer('PREPAID_NOT_FOR_SUBSCRIPTION'),
        );
        // The summary of a subscription says so before it is sent.
        expect(await refused(quote(pickupBody(slot, [causa], { ...pay, days: [1] })))).toEqual(
          answer('PREPAID_NOT_FOR_SUBSCRIPTION'),
        );
      }
      // Paid at the door, it is taken.
      const cash = await subscribe(pickupBody(slot, [causa], { payment_type: 'CASH' }));
      expect(cash.statusCode, cash.body).toBe(201);
    });

    it('refuses delivery where the place does not ship or the company does not deliver, and pickup where the place only ships', async () => {
      const methods = (shippingMethods: string[]) =>
        t.db.update(places).set({ shippingMethods }).where(eq(places.uid, 'place-miraflores'));
      try {
        await methods(['PICKUP']);
        expect(await refused(order(pickupBody(slot, [causa], delivery)))).toEqual(
          answer('NO_SHIPPING_METHODS'),
        );
        await methods(['DELIVERY']);
        expect(await refused(order(pickupBody(slot, [causa])))).toEqual(answer('NO_SHIPPING_METHODS'));
        await methods(['DELIVERY', 'PICKUP']);
        await t.db.update(companies).set({ deliveryService: false }).where(eq(companies.uid, 'demo-main'));
        expect(await refused(order(pickupBody(slot, [causa], delivery)))).toEqual(
          answer('NO_SHIPPING_METHODS'),
        );
      } finally {
        await methods(['DELIVERY', 'PICKUP']);
        await t.db.update(companies).set({ deliveryService: true }).where(eq(companies.uid, 'demo-main'));
      }
    });

    it('writes the coins spent on an order to the ledger against that order, and answers its first history row', async () => {
      const res = await order(
        pickupBody(slot, [line('p-chicha-morada-de-regalo')], { payment_type: 'COINS' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json();
      expect(placed.history).toEqual([{ from: null, to: 'RECEIVED', by: 'MEMBER', at: expect.any(String) }]);
      expect(placed.reference).toBe('');
      const spent = await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.referenceType, 'order'), eq(ledgerEntries.referenceId, placed.uid)));
      expect(spent.map((e) => `${e.kind}:${e.amount}:${e.reason}`)).toEqual(['coins:-150:SPEND_ORDER']);
    });
  });
});
