import { AppError } from '@storefront/contracts/errors';
import { memberships, programLevels, programs, promotions } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { ledgerSums } from './ledger.repository.ts';
import { earnForDeliveredOrder, expireDue, type MemberRef } from './ledger.service.ts';
import { acquirePromotion, cancelRedemption, redeemPromotion } from './promotions.service.ts';

const PROGRAM = 'demo-club';
const DAY = 24 * 60 * 60 * 1000;
const COIN_DAYS = 90;
const POINT_DAYS = 120;
// A fixed clock: every run starts on the same day, whatever the date the suite runs on.
const START = Date.UTC(2027, 0, 1);
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
  | { op: 'expire'; days: number };

// Redeeming weighs most: the rules are about it.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
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
    // Spending takes the credit that expires first (never-expiring refunds last).
    let owed = rule.coinPrice;
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

  beforeAll(async () => {
    t = await createTestApp();
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
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
        run++;
        const model = new Model(await rules(), levels);
        const members: MemberRef[] = [];
        for (let i = 0; i < 3; i++) {
          const [user] = await t.db
            .insert(users)
            .values({ appUid: 'demo', email: `model-${run}-${i}@demo.pe` })
            .returning({ uid: users.uid });
          members.push({ appUid: 'demo', userUid: user?.uid ?? '', programUid: PROGRAM });
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
      expect.arrayContaining(['NOT_ENOUGH_COINS', 'PROMOTION_ALREADY_USED', 'PROMOTION_NOT_USABLE']),
    );
  });
});
