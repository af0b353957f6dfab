import { ORDER_STATUSES } from '@storefront/contracts/constants';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { ledgerEntries, memberships } from '@storefront/db/schema/loyalty';
import { orderStatusHistory, orders, stockMovements } from '@storefront/db/schema/orders';
import { payments } from '@storefront/db/schema/payments';
import { users } from '@storefront/db/schema/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { adjustBalance, loadBalance } from '../loyalty/ledger.service.ts';
import { canMove, type OrderStatus, transitionOrder } from './order-status.service.ts';
import { DEMO_MEMBER_UID, demoMemberToken, firstSlot, pickupBody } from './orders.fixtures.ts';

// The order's state machine (architecture §4), written out here as data: every move from every status,
// for a pickup and for a delivery, and what a move records and gives back.

/** The moves allowed, `from>to`, for each kind of order: the same but from ACCEPTED. */
const BOTH = [
  'PENDING_PAYMENT>RECEIVED',
  'PENDING_PAYMENT>PAYMENT_FAILED',
  'PENDING_PAYMENT>PAYMENT_EXPIRED',
  'PENDING_PAYMENT>CANCELED_BY_USER',
  'RECEIVED>ACCEPTED',
  'RECEIVED>CANCELED_BY_PLACE',
  'RECEIVED>CANCELED_BY_USER',
  'ACCEPTED>CANCELED_BY_PLACE',
  'SHIPPED>DELIVERED',
];
const ALLOWED = {
  PICKUP: [...BOTH, 'ACCEPTED>DELIVERED'],
  DELIVERY: [...BOTH, 'ACCEPTED>SHIPPED'],
};

describe('canMove', () => {
  it.each(['PICKUP', 'DELIVERY'] as const)('allows exactly the edges of a %s order', (orderType) => {
    const allowed = ORDER_STATUSES.flatMap((status) =>
      ORDER_STATUSES.filter((to) => canMove({ status, orderType }, to)).map((to) => `${status}>${to}`),
    );
    expect(allowed.sort()).toEqual([...ALLOWED[orderType]].sort());
  });
});

describe('transitionOrder', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  let slot: Awaited<ReturnType<typeof firstSlot>>;
  beforeAll(async () => {
    t = await createTestApp();
    token = await demoMemberToken(t.db);
    slot = await firstSlot(t.app);
    await t.db
      .update(placeProducts)
      .set({ stock: 50 })
      .where(and(eq(placeProducts.placeUid, 'place-miraflores'), eq(placeProducts.productUid, PRODUCT)));
  });
  afterAll(() => t.close());

  const PRODUCT = 'p-causa-limena';
  const stockOf = async () => {
    const [row] = await t.db
      .select({ stock: placeProducts.stock })
      .from(placeProducts)
      .where(and(eq(placeProducts.placeUid, 'place-miraflores'), eq(placeProducts.productUid, PRODUCT)));
    return row?.stock;
  };
  /** A cash pickup order of two of the product, by the demo member. */
  const place = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/places/place-miraflores/orders/',
      headers: { host: 'localhost', authorization: `Token ${token}` },
      payload: pickupBody(slot, [{ uid: PRODUCT, quantity: 2, option_groups: [], direct_purchase: false }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uid as string;
  };
  const move = (
    uid: string,
    to: OrderStatus,
    scope: { appUid: string; userUid?: string } = { appUid: 'demo' },
  ) =>
    t.db.transaction((tx) =>
      transitionOrder(tx, scope, uid, to, { userUid: DEMO_MEMBER_UID, role: 'MEMBER' }),
    );
  const historyOf = (uid: string) =>
    t.db
      .select({
        from: orderStatusHistory.fromStatus,
        to: orderStatusHistory.toStatus,
        by: orderStatusHistory.actorUserUid,
        role: orderStatusHistory.actorRole,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderUid, uid))
      .orderBy(orderStatusHistory.id);
  const coinsOf = async () => {
    const [row] = await t.db
      .select({ coins: memberships.coins })
      .from(memberships)
      .where(eq(memberships.userUid, DEMO_MEMBER_UID));
    if (!row) throw new Error('the demo member has no membership');
    return row.coins;
  };
  const statusOf = async (uid: string) =>
    (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.uid, uid)))[0]?.status;

  it('answers 404 for an unknown order, another member’s and another app’s', async () => {
    const uid = await place();
    const [other] = await t.db
      .insert(users)
      .values({ appUid: 'demo', email: `status-${crypto.randomUUID()}@test.pe`, firstName: 'Otra' })
      .returning({ uid: users.uid });
    await expect(move(crypto.randomUUID(), 'ACCEPTED')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      move(uid, 'CANCELED_BY_USER', { appUid: 'demo', userUid: other?.uid }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(move(uid, 'ACCEPTED', { appUid: 'multi' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(uid)).toBe('RECEIVED');
    // The member's own scope finds it.
    await move(uid, 'CANCELED_BY_USER', { appUid: 'demo', userUid: DEMO_MEMBER_UID });
    expect(await statusOf(uid)).toBe('CANCELED_BY_USER');
  });

  it('records each move with who made it, answers the moved order, and refuses a move off the edges unchanged', async () => {
    const uid = await place();
    const moved = await move(uid, 'ACCEPTED');
    expect(moved).toMatchObject({ uid, status: 'ACCEPTED' });
    await expect(move(uid, 'SHIPPED')).rejects.toMatchObject({ code: 'ORDER_STATUS_NOT_ALLOWED' });
    expect(await statusOf(uid)).toBe('ACCEPTED');
    expect(await historyOf(uid)).toEqual([
      { from: null, to: 'RECEIVED', by: DEMO_MEMBER_UID, role: 'MEMBER' },
      { from: 'RECEIVED', to: 'ACCEPTED', by: DEMO_MEMBER_UID, role: 'MEMBER' },
    ]);
  });

  it('stops the payment of a cancelled order: a pending one expires, an approved one is to be refunded', async () => {
    const pay = async (status: 'PENDING' | 'APPROVED') => {
      const uid = await place();
      const [order] = await t.db.select().from(orders).where(eq(orders.uid, uid));
      if (!order) throw new Error('no order');
      await t.db.insert(payments).values({
        orderUid: uid,
        companyUid: order.companyUid,
        method: 'ONLINE_CARD',
        provider: 'CULQI',
        status,
        amountCents: 4200,
        token: status === 'PENDING' ? 'tok_test' : null,
      });
      return uid;
    };
    const paymentOf = async (uid: string) => {
      const [row] = await t.db
        .select({ status: payments.status, refunded: payments.refundedCents, token: payments.token })
        .from(payments)
        .where(eq(payments.orderUid, uid));
      return row;
    };
    const pending = await pay('PENDING');
    await move(pending, 'CANCELED_BY_USER');
    expect(await paymentOf(pending)).toEqual({ status: 'EXPIRED', refunded: 0, token: null });
    const approved = await pay('APPROVED');
    await move(approved, 'ACCEPTED');
    await move(approved, 'CANCELED_BY_PLACE');
    expect(await paymentOf(approved)).toEqual({ status: 'REFUND_PENDING', refunded: 4200, token: null });
    // Any other move leaves the payment alone.
    const delivered = await pay('APPROVED');
    await move(delivered, 'ACCEPTED');
    await move(delivered, 'DELIVERED');
    expect(await paymentOf(delivered)).toEqual({ status: 'APPROVED', refunded: 0, token: null });
  });

  it('gives coins and gift balance back to the ledger as refunds of the cancelled order', async () => {
    const member = { appUid: 'demo', userUid: DEMO_MEMBER_UID, programUid: 'demo-club' };
    await t.db.transaction(async (tx) => {
      await adjustBalance(
        tx,
        member,
        { kind: 'coins', amount: 500, note: 'Prueba de estados' },
        DEMO_MEMBER_UID,
      );
      await loadBalance(tx, member, {
        amountCents: 4000,
        reference: { type: 'gift_card', id: 'order-status' },
      });
    });
    const order = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v5/places/place-miraflores/orders/',
        headers: { host: 'localhost', authorization: `Token ${token}` },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().uid as string;
    };
    const line = (uid: string) => [{ uid, quantity: 1, option_groups: [], direct_purchase: false }];
    const coins = await order(pickupBody(slot, line('p-chicha-morada-de-regalo'), { payment_type: 'COINS' }));
    const gift = await order(pickupBody(slot, line(PRODUCT), { gift_card_amount: '15.00' }));
    await move(coins, 'CANCELED_BY_USER');
    await move(gift, 'CANCELED_BY_USER');
    const refunds = await t.db
      .select({
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        type: ledgerEntries.referenceType,
        id: ledgerEntries.referenceId,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'REFUND'))
      .orderBy(ledgerEntries.createdAt);
    expect(refunds).toEqual([
      { kind: 'coins', amount: 150, type: 'order', id: coins },
      { kind: 'balance', amount: 1500, type: 'order', id: gift },
    ]);
  });

  it('gives the stock back once on a cancellation and on a failed or expired payment, never on delivery', async () => {
    // What the earlier tests' orders still hold is theirs: counted from here.
    const start = Number(await stockOf());
    expect(start).toBeGreaterThanOrEqual(40);
    const cancelled = await place();
    expect(await stockOf()).toBe(start - 2);
    await move(cancelled, 'CANCELED_BY_PLACE');
    expect(await stockOf()).toBe(start);
    const moves = await t.db
      .select({ quantity: stockMovements.quantity, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.orderUid, cancelled))
      .orderBy(stockMovements.id);
    expect(moves).toEqual([
      { quantity: -2, reason: 'ORDER' },
      { quantity: 2, reason: 'CANCEL' },
    ]);

    for (const to of ['PAYMENT_FAILED', 'PAYMENT_EXPIRED'] as const) {
      const pending = await place();
      await t.db.update(orders).set({ status: 'PENDING_PAYMENT' }).where(eq(orders.uid, pending));
      await move(pending, to);
      expect(await stockOf(), to).toBe(start);
    }

    // Delivery keeps the stock taken and earns the order's coins (18 a causa in the demo club), once.
    const delivered = await place();
    const coins = await coinsOf();
    await move(delivered, 'ACCEPTED');
    expect(await coinsOf()).toBe(coins);
    await move(delivered, 'DELIVERED');
    expect(await stockOf()).toBe(start - 2);
    expect(await coinsOf()).toBe(coins + 36);
  });
});
