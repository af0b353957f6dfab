import { AppError } from '@storefront/contracts/errors';
import { memberships, programs } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { ledgerSums } from './ledger.repository.ts';
import { earnForDeliveredOrder, expireDue, type MemberRef } from './ledger.service.ts';
import { cancelRedemption, redeemPromotion } from './promotions.service.ts';

const PROGRAM = 'demo-club';
const DAY = 24 * 60 * 60 * 1000;

type Step =
  | { op: 'earn'; member: number; soles: number }
  | { op: 'redeem'; member: number; promotion: string }
  | { op: 'cancel'; member: number; pick: number }
  | { op: 'expire'; days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('earn' as const), member: fc.nat(2), soles: fc.integer({ min: 0, max: 400 }) }),
  fc.record({
    op: fc.constant('redeem' as const),
    member: fc.nat(2),
    promotion: fc.constantFrom(
      'promo-postre-monedas',
      'promo-bienvenida',
      'promo-limitada',
      'promo-05',
      'promo-oro-ceviche',
    ),
  }),
  fc.record({ op: fc.constant('cancel' as const), member: fc.nat(2), pick: fc.nat(20) }),
  fc.record({ op: fc.constant('expire' as const), days: fc.integer({ min: 1, max: 200 }) }),
);

/**
 * Model test: random runs of earn, redeem (spend), cancel (refund) and expire. After every step each
 * cached balance equals its ledger's sum, none is negative, and coins match a simple model.
 */
describe('loyalty ledger model', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    // Coins expire after 90 days in this run, so that expiry and FIFO spending meet.
    await t.db
      .update(programs)
      .set({ coinExpiryDays: 90, pointExpiryDays: 120 })
      .where(eq(programs.uid, PROGRAM));
  });
  afterAll(() => t.close());

  it('keeps every balance equal to its ledger and never negative', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        run++;
        const members: MemberRef[] = [];
        for (let i = 0; i < 3; i++) {
          const [user] = await t.db
            .insert(users)
            .values({ appUid: 'demo', email: `model-${run}-${i}@demo.pe` })
            .returning({ uid: users.uid });
          members.push({ appUid: 'demo', userUid: user?.uid ?? '', programUid: PROGRAM });
        }
        const redeemed: string[][] = [[], [], []];
        let clock = Date.UTC(2027, 0, 1);
        let order = 0;
        for (const s of steps) {
          clock += DAY;
          const now = new Date(clock);
          try {
            if (s.op === 'earn') {
              await t.db.transaction((tx) =>
                earnForDeliveredOrder(tx, members[s.member] as MemberRef, {
                  uid: `run${run}-order${order++}`,
                  paidCents: s.soles * 100,
                  now,
                }),
              );
            } else if (s.op === 'redeem') {
              const r = await t.db.transaction((tx) =>
                redeemPromotion(tx, {
                  member: members[s.member] as MemberRef,
                  promotionUid: s.promotion,
                  now,
                }),
              );
              redeemed[s.member]?.push(r.uid);
            } else if (s.op === 'cancel') {
              const list = redeemed[s.member] ?? [];
              if (list.length > 0) {
                const [uid] = list.splice(s.pick % list.length, 1);
                await t.db.transaction((tx) => cancelRedemption(tx, 'demo', uid as string, now));
              }
            } else {
              clock += s.days * DAY;
              await expireDue(t.db, new Date(clock));
            }
          } catch (error) {
            // Refusals (not enough coins, limits, stock) are expected outcomes; anything else is a bug.
            if (!(error instanceof AppError)) throw error;
          }
          for (const member of members) {
            const [m] = await t.db.select().from(memberships).where(eq(memberships.userUid, member.userUid));
            if (!m) continue;
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
      { numRuns: 15 },
    );
  });
});
