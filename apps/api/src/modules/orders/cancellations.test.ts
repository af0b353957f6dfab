import { placeProducts } from '@storefront/db/schema/catalogue';
import { memberships } from '@storefront/db/schema/loyalty';
import { coupons } from '@storefront/db/schema/orders';
import { users } from '@storefront/db/schema/users';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { type AdminTokens, adminCall, adminTenantFile, adminTokens } from '../admin/admin.fixtures.ts';
import { ledgerSums } from '../loyalty/ledger.repository.ts';
import { loadBalance } from '../loyalty/ledger.service.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { auth, firstSlot, pickupBody } from './orders.fixtures.ts';

// Whoever cancels an order (the member, the place on the order board, an admin), it gives back all it
// took: its stock, its coupon use, its coins and its gift balance, to the cent and in the ledger too.

const PLACE = 'place-miraflores';
const STOCKED = ['p-causa-limena', 'p-chicha-morada-de-regalo'];

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let slot: Awaited<ReturnType<typeof firstSlot>>;

const line = (uid: string, quantity: number) => ({
  uid,
  quantity,
  option_groups: [],
  direct_purchase: false,
});

/** A new member with 40 soles of gift balance and 500 coins (an admin's adjustment). */
async function newMember() {
  const [user] = await t.db
    .insert(users)
    .values({ appUid: 'demo', email: `cancel-${crypto.randomUUID()}@test.pe`, firstName: 'Cancela' })
    .returning({ uid: users.uid, appUid: users.appUid });
  if (!user) throw new Error('no user');
  const member = { appUid: 'demo', userUid: user.uid, programUid: 'demo-club' };
  await t.db.transaction((tx) =>
    loadBalance(tx, member, { amountCents: 4000, reference: { type: 'gift_card', id: user.uid } }),
  );
  const coins = await adminCall(t.app, tokens.owner, 'POST', `members/${user.uid}/adjustments/`, {
    program: 'demo-club',
    kind: 'coins',
    amount: 500,
    reason: 'Prueba de anulación',
  });
  if (coins.statusCode >= 300) throw new Error(coins.body);
  return { token: await issueToken(t.db, user), userUid: user.uid };
}

/** What an order takes: the place's stock, the coupon's uses, and the member's balances, cached and summed. */
async function holdings(userUid: string) {
  const stock = await t.db
    .select({ product: placeProducts.productUid, stock: placeProducts.stock })
    .from(placeProducts)
    .where(and(eq(placeProducts.placeUid, PLACE), inArray(placeProducts.productUid, STOCKED)))
    .orderBy(placeProducts.productUid);
  const [coupon] = await t.db.select().from(coupons).where(eq(coupons.uid, 'coupon-descuento5'));
  const [m] = await t.db.select().from(memberships).where(eq(memberships.userUid, userUid));
  if (!m) throw new Error('no membership');
  return {
    stock,
    couponUses: coupon?.usesCount,
    coins: m.coins,
    balanceCents: m.balanceCents,
    ledger: await ledgerSums(t.db, m.uid),
  };
}

type Canceller = (uid: string, member: string) => Promise<{ statusCode: number; body: string }>;

const CANCELLERS: Record<string, { cancel: Canceller; accepted: boolean }> = {
  'the member': {
    accepted: false,
    cancel: (uid, member) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v5/me/orders/${uid}/`,
        headers: auth(member),
        payload: { status: 'CANCELED_BY_USER' },
      }),
  },
  'the place, on the order board': {
    accepted: true,
    cancel: (uid) => retailMove(uid, 'CANCELED_BY_PLACE'),
  },
  'the place, before accepting': {
    accepted: false,
    cancel: (uid) => retailMove(uid, 'CANCELED_BY_PLACE'),
  },
  'an admin': {
    accepted: true,
    cancel: (uid) =>
      adminCall(t.app, tokens.manager, 'PATCH', `orders/${uid}/`, { status: 'CANCELED_BY_PLACE' }),
  },
};

const retailMove = (uid: string, status: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v5/retail/orders/${uid}/`,
    headers: auth(tokens.staff),
    payload: { status },
  });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  slot = await firstSlot(t.app, PLACE);
  await t.db
    .update(placeProducts)
    .set({ stock: 50 })
    .where(and(eq(placeProducts.placeUid, PLACE), inArray(placeProducts.productUid, STOCKED)));
});
afterAll(() => t.close());

describe('a cancellation', () => {
  for (const [who, { cancel, accepted }] of Object.entries(CANCELLERS))
    it(`by ${who} gives back stock, coupon use, coins and gift balance`, async () => {
      const member = await newMember();
      const before = await holdings(member.userUid);
      const place = (body: unknown) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v5/places/${PLACE}/orders/`,
          headers: auth(member.token),
          payload: body as object,
        });
      // One order with a coupon and part paid by gift balance, one paid with coins.
      const paid = await place(
        pickupBody(slot, [line('p-causa-limena', 2)], {
          coupon_code: 'DESCUENTO5',
          gift_card_amount: '15.00',
        }),
      );
      const redeemed = await place(
        pickupBody(slot, [line('p-chicha-morada-de-regalo', 2)], { payment_type: 'COINS' }),
      );
      expect(paid.statusCode, paid.body).toBe(201);
      expect(redeemed.statusCode, redeemed.body).toBe(201);
      const taken = await holdings(member.userUid);
      expect(taken).toMatchObject({
        couponUses: (before.couponUses ?? 0) + 1,
        coins: before.coins - 300,
        balanceCents: before.balanceCents - 1500,
      });
      expect(taken.stock.map((row) => row.stock)).toEqual([48, 48]);

      for (const order of [paid.json().uid as string, redeemed.json().uid as string]) {
        if (accepted) expect((await retailMove(order, 'ACCEPTED')).statusCode).toBe(200);
        const res = await cancel(order, member.token);
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await holdings(member.userUid)).toEqual(before);
    });
});
