import { AppError } from '@storefront/contracts/errors';
import { memberships, programLevels, programs, promotions } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { as, OWNER_UID, STAFF_UID } from '../admin/admin.fixtures.ts';
import { auth, firstSlot, pickupBody } from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { ledgerSums } from './ledger.repository.ts';
import { earnForDeliveredOrder, expireDue, type MemberRef } from './ledger.service.ts';
import { acquirePromotion, cancelRedemption, redeemPromotion } from './promotions.service.ts';

const PROGRAM = 'demo-club';
const DAY = 24 * 60 * 60 * 1000;
const COIN_DAYS = 90;
const POINT_DAYS = 120;
// The runs' own clock starts the day after tomorrow (UTC midnight): after anything the API does on the
// real clock (the coin orders and their cancellations), so every run orders its entries the same way
// whatever the date the suite runs on.
const START = (Math.floor(Date.now() / DAY) + 2) * DAY;
const PROMOTIONS = [
  'promo-postre-monedas',
  'promo-bienvenida',
  'promo-limitada',
  'promo-05',
  'promo-oro-ceviche',
];

type Step =
  | { op: 'earn'; member: number; soles: number }
  | { op: 'redeem' | 'acquire'; member: number; promotion: string }
  // At the counter, by member (a promotion the member bought if any, picked, else the step's) or by
  // the code of one they bought.
  | { op: 'counter' | 'code'; member: number; pick: number; promotion: string }
  | { op: 'cancel'; member: number; pick: number }
  // An order paid with coins (through the API), and its cancellation by the member, the place's order
  // board or an admin: each gives the coins back the same way.
  | { op: 'order'; member: number; quantity: number }
  | { op: 'cancel-order'; member: number; pick: number }
  | { op: 'expire'; days: number };

/** Who cancels, in turn: every run sees each one's cancellations. */
const CANCELLERS = ['member', 'place', 'admin'] as const;
type Canceller = (typeof CANCELLERS)[number];
/** The demo's coin-priced product and its price. */
const REDEEMABLE = 'p-chicha-morada-de-regalo';
const REDEEMABLE_COINS = 150;

// Redeeming weighs most: the rules are about it.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('earn' as const),
      member: fc.nat(2),
      soles: fc.integer({ min: 0, max: 400 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('redeem' as const),
      member: fc.nat(2),
      promotion: fc.constantFrom(...PROMOTIONS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('acquire' as const),
      member: fc.nat(2),
      promotion: fc.constantFrom(...PROMOTIONS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom('counter' as const, 'code' as const),
      member: fc.nat(2),
      pick: fc.nat(20),
      promotion: fc.constantFrom(...PROMOTIONS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('cancel' as const), member: fc.nat(2), pick: fc.nat(20) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      member: fc.nat(2),
      quantity: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('cancel-order' as const),
      member: fc.nat(2),
      pick: fc.nat(20),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('expire' as const), days: fc.integer({ min: 1, max: 200 }) }),
  },
);

/** An unspent part of a credit: what expiry and FIFO spending work on. */
interface Lot {
  left: number;
  expires: number | null;
  at: number;
}

interface PromotionRule {
  coinPrice: number;
  perMemberLimit: number | null;
  stock: number | null;
  validFrom: number | null;
  validUntil: number | null;
  levelUids: string[];
}

/** What the ledger should hold, written plainly: lots of coins and points, uses and stock. */
class Model {
  coins: Lot[][] = [[], [], []];
  points: Lot[][] = [[], [], []];
  /** Every use of a promotion; `bought` while it was paid in the app and not yet used at the counter. */
  redeemed: { uid: string; promotion: string; coins: number; bought: boolean }[][] = [[], [], []];
  /** Every coin order not cancelled. */
  orders: { uid: string; coins: number }[][] = [[], [], []];
  constructor(
    readonly rules: Map<string, PromotionRule>,
    readonly levels: { uid: string; minPoints: number }[],
  ) {}

  total = (lots: Lot[]) => lots.reduce((sum, lot) => sum + lot.left, 0);

  earn(member: number, soles: number, now: number) {
    if (soles === 0) return;
    this.coins[member]?.push({ left: soles, expires: now + COIN_DAYS * DAY, at: now });
    this.points[member]?.push({ left: soles, expires: now + POINT_DAYS * DAY, at: now });
  }

  /** The error code the service must answer, or null when the redemption must succeed. */
  refusal(member: number, promotion: string, now: number): string | null {
    const rule = this.rules.get(promotion) as PromotionRule;
    if (
      (rule.validFrom !== null && rule.validFrom > now) ||
      (rule.validUntil !== null && rule.validUntil <= now)
    )
      return 'PROMOTION_NOT_USABLE';
    if (rule.levelUids.length > 0) {
      const points = this.total(this.points[member] ?? []);
      const level = this.levels.filter((l) => l.minPoints <= points).at(-1);
      if (!level || !rule.levelUids.includes(level.uid)) return 'PROMOTION_LEVEL_REQUIRED';
    }
    const used = (this.redeemed[member] ?? []).filter((r) => r.promotion === promotion).length;
    if (rule.perMemberLimit !== null && used >= rule.perMemberLimit)
      return rule.perMemberLimit === 1 ? 'PROMOTION_ALREADY_USED' : 'REDEMPTION_LIMIT_EXCEEDED';
    if (rule.stock !== null && rule.stock <= 0) return 'PROMOTION_STOCK_EXHAUSTED';
    if (this.total(this.coins[member] ?? []) < rule.coinPrice) return 'NOT_ENOUGH_COINS';
    return null;
  }

  /** The member's bought, unused promotions, oldest first. */
  held = (member: number) => (this.redeemed[member] ?? []).filter((r) => r.bought);

  /** A bought code used at the counter: nothing is charged, nothing else changes. */
  consume(member: number, uid: string) {
    const found = (this.redeemed[member] ?? []).find((r) => r.uid === uid);
    if (found) found.bought = false;
  }

  redeem(member: number, promotion: string, uid: string, bought = false) {
    const rule = this.rules.get(promotion) as PromotionRule;
    if (rule.stock !== null) rule.stock -= 1;
    this.redeemed[member]?.push({ uid, promotion, coins: rule.coinPrice, bought });
    this.spend(member, rule.coinPrice);
  }

  order(member: number, uid: string, coins: number) {
    this.orders[member]?.push({ uid, coins });
    this.spend(member, coins);
  }

  /** A cancelled order's coins come back as a credit that never expires, as a redemption's do. */
  cancelOrder(member: number, pick: number, now: number) {
    const list = this.orders[member] ?? [];
    const [cancelled] = list.splice(pick % list.length, 1);
    if (!cancelled) return null;
    this.coins[member]?.push({ left: cancelled.coins, expires: null, at: now });
    return cancelled.uid;
  }

  /** Spending takes the credit that expires first (never-expiring refunds last). */
  spend(member: number, amount: number) {
    let owed = amount;
    const lots = [...(this.coins[member] ?? [])].sort(
      (a, b) =>
        (a.expires ?? Number.POSITIVE_INFINITY) - (b.expires ?? Number.POSITIVE_INFINITY) || a.at - b.at,
    );
    for (const lot of lots) {
      const take = Math.min(owed, lot.left);
      lot.left -= take;
      owed -= take;
    }
  }

  cancel(member: number, pick: number, now: number) {
    const list = this.redeemed[member] ?? [];
    const [cancelled] = list.splice(pick % list.length, 1);
    if (!cancelled) return null;
    const rule = this.rules.get(cancelled.promotion) as PromotionRule;
    if (rule.stock !== null) rule.stock += 1;
    if (cancelled.coins > 0) this.coins[member]?.push({ left: cancelled.coins, expires: null, at: now });
    return cancelled.uid;
  }

  expire(now: number) {
    for (const lots of [...this.coins, ...this.points]) {
      for (const lot of lots) if (lot.expires !== null && lot.expires <= now) lot.left = 0;
    }
  }
}

/**
 * Model test: random runs of earn, redeem (spend), buying in the app, using at the counter (by member
 * or by code: a bought promotion is used without a second charge), cancel (refund) and expire against
 * a plain model of the rules. Every step must succeed or be refused exactly when the model says so, and after every
 * step the balances equal the model's, equal their ledger's sums, and none is negative.
 */
describe('loyalty ledger model', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const timesRefused = new Map<string, number>();
  let succeeded = 0;
  let slot: Awaited<ReturnType<typeof firstSlot>>;
  let staffToken: string;
  let ownerToken: string;

  /** The order's cancellation by `by`, each through its own API. */
  const cancelOrder = (by: Canceller, uid: string, memberToken: string) => {
    const [url, headers, status] = {
      member: [`/api/v5/me/orders/${uid}/`, auth(memberToken), 'CANCELED_BY_USER'],
      place: [`/api/v5/retail/orders/${uid}/`, auth(staffToken), 'CANCELED_BY_PLACE'],
      admin: [`/api/admin/companies/demo-main/orders/${uid}/`, as(ownerToken), 'CANCELED_BY_PLACE'],
    }[by] as [string, Record<string, string>, string];
    return t.app.inject({ method: 'PATCH', url, headers, payload: { status } });
  };

  beforeAll(async () => {
    t = await createTestApp();
    slot = await firstSlot(t.app);
    staffToken = await issueToken(t.db, { uid: STAFF_UID, appUid: 'demo' });
    ownerToken = await issueToken(t.db, { uid: OWNER_UID, appUid: 'demo' });
    await t.db
      .update(programs)
      .set({ coinExpiryDays: COIN_DAYS, pointExpiryDays: POINT_DAYS })
      .where(eq(programs.uid, PROGRAM));
    // One promotion usable only from day 30 to day 400 of a run, so that validity dates are exercised.
    await t.db
      .update(promotions)
      .set({ validFrom: new Date(START + 30 * DAY), validUntil: new Date(START + 400 * DAY) })
      .where(eq(promotions.uid, 'promo-05'));
  });
  afterAll(() => t.close());

  async function rules(): Promise<Map<string, PromotionRule>> {
    const rows = await t.db.select().from(promotions).where(eq(promotions.programUid, PROGRAM));
    return new Map(
      rows.map((p) => [
        p.uid,
        {
          coinPrice: p.coinPrice,
          perMemberLimit: p.perMemberLimit,
          stock: p.stock,
          validFrom: p.validFrom?.getTime() ?? null,
          validUntil: p.validUntil?.getTime() ?? null,
          levelUids: p.levelUids,
        },
      ]),
    );
  }

  it('answers every step as the model does and keeps the balances equal to it and to the ledger', async () => {
    const levels = (
      await t.db.select().from(programLevels).where(eq(programLevels.programUid, PROGRAM))
    ).sort((a, b) => a.minPoints - b.minPoints);
    let run = 0;
    const cancelledBy: Canceller[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
        run++;
        const model = new Model(await rules(), levels);
        const members: MemberRef[] = [];
        const tokens: string[] = [];
        for (let i = 0; i < 3; i++) {
          const [user] = await t.db
            .insert(users)
            .values({ appUid: 'demo', email: `model-${run}-${i}@demo.pe` })
            .returning({ uid: users.uid });
          members.push({ appUid: 'demo', userUid: user?.uid ?? '', programUid: PROGRAM });
          tokens.push(await issueToken(t.db, { uid: user?.uid ?? '', appUid: 'demo' }));
        }
        let clock = START;
        let order = 0;
        for (const s of steps) {
          clock += DAY;
          const now = new Date(clock);
          if (s.op === 'earn') {
            await t.db.transaction((tx) =>
              earnForDeliveredOrder(tx, members[s.member] as MemberRef, {
                uid: `run${run}-order${order++}`,
                paidCents: s.soles * 100,
                now,
              }),
            );
            model.earn(s.member, s.soles, clock);
            succeeded++;
          } else if (s.op === 'redeem' || s.op === 'acquire' || s.op === 'counter' || s.op === 'code') {
            const member = members[s.member] as MemberRef;
            let promotion = s.promotion;
            let bought: { uid: string; promotion: string } | undefined;
            if (s.op === 'counter' || s.op === 'code') {
              const held = model.held(s.member);
              const picked = held.length > 0 ? held[s.pick % held.length] : undefined;
              promotion = picked?.promotion ?? s.promotion;
              // By member the oldest bought code of that promotion is used; by code, the one picked.
              bought = s.op === 'code' ? picked : held.find((h) => h.promotion === promotion);
            } else if (s.op === 'redeem') {
              // Redeeming uses up the member's oldest bought code of the promotion, if any.
              bought = model.held(s.member).find((h) => h.promotion === promotion);
            }
            if (s.op === 'code' && !bought) continue;
            // A promotion the member bought is used at the counter whatever its rules say now.
            const expected = bought ? null : model.refusal(s.member, promotion, clock);
            const input = {
              member,
              promotionUid: promotion,
              now,
              ...(s.op === 'counter' || s.op === 'code' ? { placeUid: 'place-miraflores' } : {}),
              ...(s.op === 'code' ? { redemptionUid: bought?.uid } : {}),
            };
            const outcome = await t.db
              .transaction((tx) =>
                s.op === 'acquire' ? acquirePromotion(tx, input) : redeemPromotion(tx, input),
              )
              .then(
                (redemption) => ({ uid: redemption.uid, status: redemption.status, code: null }),
                (error: unknown) => {
                  if (!(error instanceof AppError)) throw error;
                  return { uid: null, status: null, code: error.code as string };
                },
              );
            expect({ step: s, day: (clock - START) / DAY, code: outcome.code }).toEqual({
              step: s,
              day: (clock - START) / DAY,
              code: expected,
            });
            if (outcome.uid) {
              expect(outcome.status).toBe(s.op === 'acquire' ? 'ACQUIRED' : 'REDEEMED');
              if (bought) {
                expect(outcome.uid).toBe(bought.uid);
                model.consume(s.member, bought.uid);
              } else model.redeem(s.member, promotion, outcome.uid, s.op === 'acquire');
              succeeded++;
            } else timesRefused.set(expected as string, (timesRefused.get(expected as string) ?? 0) + 1);
          } else if (s.op === 'cancel') {
            const uid = model.cancel(s.member, s.pick, clock);
            if (uid) {
              const cancelled = await t.db.transaction((tx) => cancelRedemption(tx, 'demo', uid, now));
              expect(cancelled.status).toBe('CANCELED');
              succeeded++;
            }
          } else if (s.op === 'order') {
            const coins = REDEEMABLE_COINS * s.quantity;
            const enough = model.total(model.coins[s.member] ?? []) >= coins;
            const line = { uid: REDEEMABLE, quantity: s.quantity, option_groups: [], direct_purchase: false };
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/v5/places/place-miraflores/orders/',
              headers: auth(tokens[s.member] as string),
              payload: pickupBody(slot, [line], { payment_type: 'COINS' }),
            });
            expect({ step: s, status: res.statusCode }).toEqual({ step: s, status: enough ? 201 : 400 });
            if (enough) {
              model.order(s.member, res.json().uid, coins);
              succeeded++;
            } else
              timesRefused.set(
                'ORDER_NOT_ENOUGH_COINS',
                (timesRefused.get('ORDER_NOT_ENOUGH_COINS') ?? 0) + 1,
              );
          } else if (s.op === 'cancel-order') {
            const uid = model.cancelOrder(s.member, s.pick, Date.now());
            if (uid) {
              const by = CANCELLERS[cancelledBy.length % CANCELLERS.length] as Canceller;
              const res = await cancelOrder(by, uid, tokens[s.member] as string);
              expect({ step: s, by, status: res.statusCode }).toEqual({ step: s, by, status: 200 });
              cancelledBy.push(by);
              succeeded++;
            }
          } else if (s.op === 'expire') {
            clock += s.days * DAY;
            await expireDue(t.db, new Date(clock));
            model.expire(clock);
          }
          for (const [i, member] of members.entries()) {
            const [m] = await t.db.select().from(memberships).where(eq(memberships.userUid, member.userUid));
            const expected = {
              coins: model.total(model.coins[i] ?? []),
              points: model.total(model.points[i] ?? []),
            };
            if (!m) {
              expect(expected).toEqual({ coins: 0, points: 0 });
              continue;
            }
            expect({ member: i, coins: m.coins, points: m.totalPoints }).toEqual({ member: i, ...expected });
            const sums = await ledgerSums(t.db, m.uid);
            expect({
              coins: m.coins,
              points: m.totalPoints,
              stamps: m.stamps,
              balance: m.balanceCents,
            }).toEqual(sums);
            for (const value of Object.values(sums)) expect(value).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      // A fixed seed keeps the runs (and the outcome check below) the same on every machine.
      { numRuns: 20, seed: 20 },
    );
    // The runs met both outcomes: successes and the refusals the rules are about.
    expect(succeeded).toBeGreaterThan(20);
    expect([...timesRefused.keys()]).toEqual(
      expect.arrayContaining([
        'NOT_ENOUGH_COINS',
        'PROMOTION_ALREADY_USED',
        'PROMOTION_NOT_USABLE',
        'ORDER_NOT_ENOUGH_COINS',
      ]),
    );
    expect(new Set(cancelledBy).size).toBe(CANCELLERS.length);
    // Twenty runs of up to thirty steps, some through the API: longer than the suite's default limit.
  }, 300_000);
});
