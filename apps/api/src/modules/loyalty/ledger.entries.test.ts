import { ledgerEntries, memberships, programs } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { ledgerSums } from './ledger.repository.ts';
import {
  addPoints,
  addStamp,
  adjustBalance,
  earnForDeliveredOrder,
  ensureMembership,
  loadBalance,
  type MemberRef,
  openingBalance,
  refundBalance,
  refundCoins,
  spendBalance,
  spendCoins,
  stampRewardsOf,
} from './ledger.service.ts';

const PROGRAM = 'demo-club';
const DAY = 24 * 60 * 60 * 1000;
const AT = new Date(Date.UTC(2027, 2, 1, 12));

/**
 * Every move of the ledger read back from its entries: the reason, kind, amount, reference, staff and
 * note written, what is left of each credit and when it expires, and the balances after each move (the
 * service's mutation tests, issue 20: the rest of the suites only look at balances or status codes).
 */
describe('ledger entries', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staffUid: string;
  let serial = 0;
  // The demo program's rules (6 stamps, manual points allowed, coins expire after 365 days, points
  // never); a test that changes them puts them back.
  let demoRules: typeof programs.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp();
    staffUid = await newUser();
    [demoRules] = (await t.db.select().from(programs).where(eq(programs.uid, PROGRAM))) as [
      typeof programs.$inferSelect,
    ];
  });
  afterEach(async () => {
    await t.db.update(programs).set(demoRules).where(eq(programs.uid, PROGRAM));
  });
  afterAll(() => t.close());

  async function newUser(): Promise<string> {
    serial++;
    const [user] = await t.db
      .insert(users)
      .values({ appUid: 'demo', email: `ledger-entries-${serial}@demo.pe` })
      .returning({ uid: users.uid });
    return user?.uid ?? '';
  }

  async function newMember(): Promise<MemberRef> {
    return { appUid: 'demo', userUid: await newUser(), programUid: PROGRAM };
  }

  const membershipUid = async (member: MemberRef) =>
    (await t.db.transaction((tx) => ensureMembership(tx, member))).membership.uid;

  const rules = (set: Partial<typeof programs.$inferInsert>) =>
    t.db.update(programs).set(set).where(eq(programs.uid, PROGRAM));

  /** The member's balances, read from the membership row. */
  async function balances(member: MemberRef) {
    const [row] = await t.db.select().from(memberships).where(eq(memberships.userUid, member.userUid));
    if (!row) return null;
    return { coins: row.coins, points: row.totalPoints, stamps: row.stamps, balance: row.balanceCents };
  }

  /** The member's entries, oldest first, with what a reader of the ledger sees. */
  async function entries(member: MemberRef) {
    const uid = await membershipUid(member);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.membershipUid, uid))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.kind), asc(ledgerEntries.amount));
    return rows.map((e) => ({
      kind: e.kind,
      amount: e.amount,
      reason: e.reason,
      reference: e.referenceType === null ? null : `${e.referenceType}:${e.referenceId}`,
      staff: e.staffUserUid,
      note: e.note,
      remaining: e.remaining,
      expiresAt: e.expiresAt?.toISOString() ?? null,
    }));
  }

  /** The balances equal the ledger's sums, as after every move. */
  async function expectBalancesEqualLedger(member: MemberRef) {
    expect(await balances(member)).toEqual(await ledgerSums(t.db, await membershipUid(member)));
  }

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: { code?: string; message: string }) => error.code ?? error.message,
    );

  const entry = {
    reference: null,
    staff: null,
    note: null,
    remaining: null,
    expiresAt: null,
  };

  it('earns coins (expiring by the program) and points (never expiring) per whole sol of an order, once', async () => {
    const member = await newMember();
    const earned = await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, { uid: 'order-a', paidCents: 2599, now: AT }),
    );
    expect({ coins: earned.coins, points: earned.points, membershipCoins: earned.membership.coins }).toEqual({
      coins: 25,
      points: 25,
      membershipCoins: 25,
    });
    expect(earned.membership.totalPoints).toBe(25);
    const written = [
      {
        ...entry,
        kind: 'coins',
        amount: 25,
        reason: 'EARN_ORDER',
        reference: 'order:order-a',
        remaining: 25,
        expiresAt: new Date(AT.getTime() + 365 * DAY).toISOString(),
      },
      {
        ...entry,
        kind: 'points',
        amount: 25,
        reason: 'EARN_ORDER',
        reference: 'order:order-a',
        remaining: 25,
      },
    ];
    expect(await entries(member)).toEqual(written);

    // The same order again earns nothing and writes nothing.
    const again = await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, { uid: 'order-a', paidCents: 2599, now: AT }),
    );
    expect({ coins: again.coins, points: again.points, membershipCoins: again.membership.coins }).toEqual({
      coins: 0,
      points: 0,
      membershipCoins: 25,
    });
    expect(await entries(member)).toEqual(written);
    expect(await balances(member)).toEqual({ coins: 25, points: 25, stamps: 0, balance: 0 });
    await expectBalancesEqualLedger(member);
  });

  it('earns by the program rates, nothing below S/ 1, and nothing of a kind whose rate is zero', async () => {
    const member = await newMember();
    const small = await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, { uid: 'order-small', paidCents: 99, now: AT }),
    );
    expect({ coins: small.coins, points: small.points }).toEqual({ coins: 0, points: 0 });
    expect(await entries(member)).toEqual([]);

    await rules({ coinsPerSol: 3, pointsPerSol: 0, coinExpiryDays: null });
    const coinsOnly = await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, { uid: 'order-coins', paidCents: 1000, now: AT }),
    );
    expect({ coins: coinsOnly.coins, points: coinsOnly.points }).toEqual({ coins: 30, points: 0 });

    await rules({ coinsPerSol: 0, pointsPerSol: 2, pointExpiryDays: 10 });
    const pointsOnly = await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, { uid: 'order-points', paidCents: 500, now: AT }),
    );
    expect({
      coins: pointsOnly.coins,
      points: pointsOnly.points,
      total: pointsOnly.membership.totalPoints,
    }).toEqual({ coins: 0, points: 10, total: 10 });
    expect(await entries(member)).toEqual([
      {
        ...entry,
        kind: 'coins',
        amount: 30,
        reason: 'EARN_ORDER',
        reference: 'order:order-coins',
        remaining: 30,
      },
      {
        ...entry,
        kind: 'points',
        amount: 10,
        reason: 'EARN_ORDER',
        reference: 'order:order-points',
        remaining: 10,
        expiresAt: new Date(AT.getTime() + 10 * DAY).toISOString(),
      },
    ]);
    expect(await balances(member)).toEqual({ coins: 30, points: 10, stamps: 0, balance: 0 });
  });

  it('spends coins exactly down to zero, oldest expiry first, and refuses one more', async () => {
    const member = await newMember();
    await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, {
        uid: 'order-late',
        paidCents: 1000,
        now: new Date(AT.getTime() + DAY),
      }),
    );
    await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, { uid: 'order-early', paidCents: 400, now: AT }),
    );
    const reference = { type: 'order', id: 'paid-with-coins' };
    // Nothing to spend writes nothing.
    const none = await t.db.transaction((tx) => spendCoins(tx, member, { amount: 0, reference }));
    expect(none.coins).toBe(14);
    const after = await t.db.transaction((tx) => spendCoins(tx, member, { amount: 6, reference, now: AT }));
    expect(after.coins).toBe(8);
    const coinCredits = async () =>
      (await entries(member)).filter((e) => e.kind === 'coins' && e.amount > 0).map((e) => e.remaining);
    // The credit that expires first (order-early, 4 coins, listed first) is used up before the later one.
    expect(await coinCredits()).toEqual([0, 8]);
    const spent = (await entries(member)).filter((e) => e.amount < 0);
    expect(spent).toEqual([
      { ...entry, kind: 'coins', amount: -6, reason: 'SPEND_ORDER', reference: 'order:paid-with-coins' },
    ]);

    const purchase = { type: 'redemption', id: 'bought' };
    const zero = await t.db.transaction((tx) =>
      spendCoins(tx, member, { amount: 8, reason: 'SPEND_PURCHASE', reference: purchase }),
    );
    expect(zero.coins).toBe(0);
    expect(await coinCredits()).toEqual([0, 0]);
    expect((await entries(member)).filter((e) => e.reason === 'SPEND_PURCHASE')).toEqual([
      { ...entry, kind: 'coins', amount: -8, reason: 'SPEND_PURCHASE', reference: 'redemption:bought' },
    ]);
    const count = (await entries(member)).length;
    expect(await code(t.db.transaction((tx) => spendCoins(tx, member, { amount: 1, reference })))).toBe(
      'NOT_ENOUGH_COINS',
    );
    expect((await entries(member)).length).toBe(count);
    expect(await balances(member)).toEqual({ coins: 0, points: 14, stamps: 0, balance: 0 });
    await expectBalancesEqualLedger(member);
  });

  it('refunds coins as a credit that never expires, and a refund of nothing writes nothing', async () => {
    const member = await newMember();
    const reference = { type: 'redemption', id: 'cancelled' };
    const none = await t.db.transaction((tx) => refundCoins(tx, member, { amount: 0, reference }));
    expect(none.coins).toBe(0);
    expect(await entries(member)).toEqual([]);
    const after = await t.db.transaction((tx) => refundCoins(tx, member, { amount: 12, reference }));
    expect(after.coins).toBe(12);
    expect(await entries(member)).toEqual([
      {
        ...entry,
        kind: 'coins',
        amount: 12,
        reason: 'REFUND',
        reference: 'redemption:cancelled',
        remaining: 12,
      },
    ]);
  });

  it('stamps a card one by one and, at the required stamps, unlocks the reward and starts a new card', async () => {
    const member = await newMember();
    const reference = { type: 'place', id: 'place-miraflores' };
    for (let n = 1; n <= 5; n++) {
      const stamped = await t.db.transaction((tx) => addStamp(tx, member, staffUid, reference));
      expect({ stamps: stamped.membership.stamps, unlocked: stamped.rewardUnlocked }).toEqual({
        stamps: n,
        unlocked: false,
      });
    }
    const sixth = await t.db.transaction((tx) => addStamp(tx, member, staffUid, reference));
    expect({ stamps: sixth.membership.stamps, unlocked: sixth.rewardUnlocked }).toEqual({
      stamps: 0,
      unlocked: true,
    });
    const stamp = {
      ...entry,
      kind: 'stamps',
      amount: 1,
      reason: 'STAMP',
      reference: 'place:place-miraflores',
      staff: staffUid,
      remaining: 1,
    };
    const written = await entries(member);
    // The reward took the card's six stamps.
    expect(written.filter((e) => e.reason === 'STAMP')).toEqual(
      Array.from({ length: 6 }, () => ({ ...stamp, remaining: 0 })),
    );
    expect(written.filter((e) => e.reason !== 'STAMP')).toEqual([
      {
        ...entry,
        kind: 'stamps',
        amount: -6,
        reason: 'STAMP_REWARD',
        reference: 'place:place-miraflores',
        staff: staffUid,
        note: 'Un ceviche clásico gratis',
      },
    ]);
    expect(await stampRewardsOf(t.db, await membershipUid(member))).toBe(1);
    // A new card: the next stamp counts from one, without a reference when none is given.
    const next = await t.db.transaction((tx) => addStamp(tx, member, null));
    expect({ stamps: next.membership.stamps, unlocked: next.rewardUnlocked }).toEqual({
      stamps: 1,
      unlocked: false,
    });
    expect((await entries(member)).at(-1)).toEqual({ ...stamp, reference: null, staff: null });
    await expectBalancesEqualLedger(member);
  });

  it('never unlocks a reward where the program requires no stamps', async () => {
    await rules({ stampsRequired: 0 });
    const member = await newMember();
    for (let n = 1; n <= 2; n++) {
      const stamped = await t.db.transaction((tx) => addStamp(tx, member, staffUid));
      expect({ stamps: stamped.membership.stamps, unlocked: stamped.rewardUnlocked }).toEqual({
        stamps: n,
        unlocked: false,
      });
    }
    expect(await stampRewardsOf(t.db, await membershipUid(member))).toBe(0);
  });

  it('gives manual points with their description, where the program allows it, whole and positive only', async () => {
    const member = await newMember();
    const before = Date.now();
    const after = await t.db.transaction((tx) =>
      addPoints(tx, member, { amount: 40, description: 'Cumpleaños' }, staffUid),
    );
    expect(after.totalPoints).toBe(40);
    expect(await entries(member)).toEqual([
      {
        ...entry,
        kind: 'points',
        amount: 40,
        reason: 'MANUAL_POINTS',
        staff: staffUid,
        note: 'Cumpleaños',
        remaining: 40,
      },
    ]);
    for (const amount of [0, -5, 2.5]) {
      expect(
        await code(t.db.transaction((tx) => addPoints(tx, member, { amount, description: 'x' }, staffUid))),
      ).toBe('VALIDATION');
    }
    // Points that expire by the program's rule, counted from now.
    await rules({ pointExpiryDays: 30 });
    await t.db.transaction((tx) => addPoints(tx, member, { amount: 1, description: 'Visita' }, null));
    const expiring = (await entries(member)).at(-1);
    const expiresAt = new Date(expiring?.expiresAt ?? 0).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    await rules({ allowsManualPoints: false });
    expect(
      await code(t.db.transaction((tx) => addPoints(tx, member, { amount: 5, description: 'x' }, staffUid))),
    ).toBe('MANUAL_POINTS_DISABLED');
    expect(await balances(member)).toEqual({ coins: 0, points: 41, stamps: 0, balance: 0 });
    await expectBalancesEqualLedger(member);
  });

  it('loads, spends and refunds gift balance in cents, never below zero', async () => {
    const member = await newMember();
    const card = { type: 'gift_card', id: 'card-1' };
    const order = { type: 'order', id: 'order-gift' };
    expect(
      (await t.db.transaction((tx) => loadBalance(tx, member, { amountCents: 5000, reference: card })))
        .balanceCents,
    ).toBe(5000);
    expect(
      await code(t.db.transaction((tx) => spendBalance(tx, member, { amountCents: 5001, reference: order }))),
    ).toBe('NOT_ENOUGH_BALANCE');
    const none = await t.db.transaction((tx) =>
      spendBalance(tx, member, { amountCents: 0, reference: order }),
    );
    expect(none.balanceCents).toBe(5000);
    expect(
      (await t.db.transaction((tx) => spendBalance(tx, member, { amountCents: 5000, reference: order })))
        .balanceCents,
    ).toBe(0);
    const noRefund = await t.db.transaction((tx) =>
      refundBalance(tx, member, { amountCents: 0, reference: order }),
    );
    expect(noRefund.balanceCents).toBe(0);
    expect(
      (await t.db.transaction((tx) => refundBalance(tx, member, { amountCents: 1250, reference: order })))
        .balanceCents,
    ).toBe(1250);
    expect(await entries(member)).toEqual([
      {
        ...entry,
        kind: 'balance',
        amount: 5000,
        reason: 'GIFT_CARD',
        reference: 'gift_card:card-1',
        remaining: 0,
      },
      { ...entry, kind: 'balance', amount: -5000, reason: 'SPEND_ORDER', reference: 'order:order-gift' },
      {
        ...entry,
        kind: 'balance',
        amount: 1250,
        reason: 'REFUND',
        reference: 'order:order-gift',
        remaining: 1250,
      },
    ]);
    expect(await balances(member)).toEqual({ coins: 0, points: 0, stamps: 0, balance: 1250 });
    await expectBalancesEqualLedger(member);
  });

  it('writes opening balances of every kind as entries, and refuses a bad amount', async () => {
    const member = await newMember();
    const uid = await membershipUid(member);
    for (const [kind, amount] of [
      ['coins', 7],
      ['points', 8],
      ['stamps', 2],
      ['balance', 900],
    ] as const) {
      await t.db.transaction((tx) => openingBalance(tx, uid, kind, amount));
    }
    expect(await entries(member)).toEqual(
      expect.arrayContaining([
        { ...entry, kind: 'coins', amount: 7, reason: 'OPENING_BALANCE', remaining: 7 },
        { ...entry, kind: 'points', amount: 8, reason: 'OPENING_BALANCE', remaining: 8 },
        { ...entry, kind: 'stamps', amount: 2, reason: 'OPENING_BALANCE', remaining: 2 },
        { ...entry, kind: 'balance', amount: 900, reason: 'OPENING_BALANCE', remaining: 900 },
      ]),
    );
    expect(await balances(member)).toEqual({ coins: 7, points: 8, stamps: 2, balance: 900 });
    for (const amount of [0, 1.5]) {
      expect(await code(t.db.transaction((tx) => openingBalance(tx, uid, 'coins', amount)))).toBe(
        `bad ledger amount ${amount}`,
      );
    }
    expect(await code(t.db.transaction((tx) => openingBalance(tx, uid, 'stamps', -3)))).toBe(
      'NOT_ENOUGH_STAMPS',
    );
    expect(await code(t.db.transaction((tx) => openingBalance(tx, uid, 'points', -9)))).toBe(
      'NOT_ENOUGH_POINTS',
    );
    expect(await balances(member)).toEqual({ coins: 7, points: 8, stamps: 2, balance: 900 });
  });

  it("adjusts a balance as the admin's entry with its reason, expiring by the kind's rule", async () => {
    const member = await newMember();
    const before = Date.now();
    await t.db.transaction((tx) =>
      adjustBalance(tx, member, { kind: 'coins', amount: 20, note: 'Reclamo' }, staffUid),
    );
    await t.db.transaction((tx) =>
      adjustBalance(tx, member, { kind: 'stamps', amount: 3, note: 'Tarjeta' }, staffUid),
    );
    await t.db.transaction((tx) =>
      adjustBalance(tx, member, { kind: 'points', amount: 4, note: 'Error' }, staffUid),
    );
    await t.db.transaction((tx) =>
      adjustBalance(tx, member, { kind: 'coins', amount: -5, note: 'Doble' }, staffUid),
    );
    expect(
      await code(
        t.db.transaction((tx) =>
          adjustBalance(tx, member, { kind: 'coins', amount: -16, note: 'x' }, staffUid),
        ),
      ),
    ).toBe('NOT_ENOUGH_COINS');
    const written = await entries(member);
    const adjustment = { ...entry, reason: 'ADMIN_ADJUSTMENT', staff: staffUid };
    const coinsExpire = new Date(written[0]?.expiresAt ?? 0).getTime();
    expect(coinsExpire).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect(coinsExpire).toBeLessThanOrEqual(Date.now() + 365 * DAY);
    expect(written).toEqual([
      {
        ...adjustment,
        kind: 'coins',
        amount: 20,
        note: 'Reclamo',
        remaining: 15,
        expiresAt: written[0]?.expiresAt,
      },
      { ...adjustment, kind: 'stamps', amount: 3, note: 'Tarjeta', remaining: 3 },
      { ...adjustment, kind: 'points', amount: 4, note: 'Error', remaining: 4 },
      { ...adjustment, kind: 'coins', amount: -5, note: 'Doble' },
    ]);
    expect(await balances(member)).toEqual({ coins: 15, points: 4, stamps: 3, balance: 0 });
    await expectBalancesEqualLedger(member);
  });

  it("refuses a blocked member's own moves, but still refunds, opens and adjusts their balances", async () => {
    const member = await newMember();
    const uid = await membershipUid(member);
    await t.db.transaction((tx) => openingBalance(tx, uid, 'coins', 10));
    await t.db.transaction((tx) => openingBalance(tx, uid, 'balance', 10));
    await t.db.update(memberships).set({ blockedAt: AT }).where(eq(memberships.uid, uid));
    const reference = { type: 'order', id: 'blocked' };
    const earned = await t.db.transaction((tx) =>
      earnForDeliveredOrder(tx, member, { uid: 'order-blocked', paidCents: 5000, now: AT }),
    );
    expect({ coins: earned.coins, points: earned.points, membershipCoins: earned.membership.coins }).toEqual({
      coins: 0,
      points: 0,
      membershipCoins: 10,
    });
    const refused = [
      () => t.db.transaction((tx) => spendCoins(tx, member, { amount: 1, reference })),
      () => t.db.transaction((tx) => addStamp(tx, member, staffUid)),
      () => t.db.transaction((tx) => addPoints(tx, member, { amount: 1, description: 'x' }, staffUid)),
      () => t.db.transaction((tx) => loadBalance(tx, member, { amountCents: 100, reference })),
      () => t.db.transaction((tx) => spendBalance(tx, member, { amountCents: 1, reference })),
    ];
    for (const move of refused) expect(await code(move())).toBe('MEMBER_BLOCKED');
    await t.db.transaction((tx) => refundCoins(tx, member, { amount: 3, reference }));
    await t.db.transaction((tx) => refundBalance(tx, member, { amountCents: 5, reference }));
    await t.db.transaction((tx) => openingBalance(tx, uid, 'points', 2));
    await t.db.transaction((tx) =>
      adjustBalance(tx, member, { kind: 'coins', amount: 1, note: 'ok' }, staffUid),
    );
    expect(await balances(member)).toEqual({ coins: 14, points: 2, stamps: 0, balance: 15 });
    expect((await entries(member)).map((e) => e.reason)).toEqual([
      'OPENING_BALANCE',
      'OPENING_BALANCE',
      'REFUND',
      'REFUND',
      'OPENING_BALANCE',
      'ADMIN_ADJUSTMENT',
    ]);
  });

  it("answers 404 for a program that is not the app's", async () => {
    const member = await newMember();
    for (const ref of [
      { ...member, programUid: 'no-such-program' },
      { ...member, appUid: 'multi' },
    ]) {
      expect(await code(t.db.transaction((tx) => ensureMembership(tx, ref)))).toBe('NOT_FOUND');
    }
    expect(await balances(member)).toBeNull();
  });
});
