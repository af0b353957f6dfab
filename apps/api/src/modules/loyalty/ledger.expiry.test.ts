import { ledgerEntries, memberships, programs } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { ledgerSums } from './ledger.repository.ts';
import { earnForDeliveredOrder, expireDue, type MemberRef, spendCoins } from './ledger.service.ts';

const PROGRAM = 'demo-club';
const DAY = 24 * 60 * 60 * 1000;
const MEMBERS = 12;
const PASSES = 8;

/**
 * The expiry timer runs in every API process: concurrent passes over the same due credits must expire
 * each credit once (one EXPIRE entry, balance down once), whatever the interleaving.
 */
describe('expireDue under concurrent passes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const members: MemberRef[] = [];
  const earnedAt = new Date(Date.UTC(2027, 0, 1));
  const later = new Date(earnedAt.getTime() + 31 * DAY);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Two orders per member (coins and points credits), and some coins spent, so partial credits expire
   * too. Written inside the test rather than in beforeAll: ledger moves made in a hook count as
   * "static" coverage for mutation testing, which then re-runs every test for each of those mutants.
   */
  async function earnAndSpend() {
    await t.db
      .update(programs)
      .set({ coinExpiryDays: 30, pointExpiryDays: 30 })
      .where(eq(programs.uid, PROGRAM));
    const rows = await t.db
      .insert(users)
      .values(Array.from({ length: MEMBERS }, (_, i) => ({ appUid: 'demo', email: `expiry-${i}@demo.pe` })))
      .returning({ uid: users.uid });
    for (const [i, row] of rows.entries()) {
      const member = { appUid: 'demo', userUid: row.uid, programUid: PROGRAM };
      members.push(member);
      for (const n of [0, 1]) {
        await t.db.transaction((tx) =>
          earnForDeliveredOrder(tx, member, { uid: `expiry-${i}-${n}`, paidCents: 2500, now: earnedAt }),
        );
      }
      if (i % 2 === 0) {
        await t.db.transaction((tx) =>
          spendCoins(tx, member, { amount: 7, reference: { type: 'test', id: `spend-${i}` }, now: earnedAt }),
        );
      }
    }
  }

  const membershipsOf = () =>
    t.db
      .select()
      .from(memberships)
      .where(
        inArray(
          memberships.userUid,
          members.map((m) => m.userUid),
        ),
      );

  it('expires every due credit exactly once, and a later pass finds nothing', async () => {
    await earnAndSpend();
    const before = await membershipsOf();
    expect(before).toHaveLength(MEMBERS);
    expect(before.every((m) => m.coins > 0 && m.totalPoints > 0)).toBe(true);

    // Nothing is due before the expiry date.
    expect(await expireDue(t.db, new Date(earnedAt.getTime() + 29 * DAY))).toBe(0);

    const counts = await Promise.all(Array.from({ length: PASSES }, () => expireDue(t.db, later)));
    // Four credits per member (two orders × coins and points); each pass reports what it expired.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(MEMBERS * 4);

    const uids = before.map((m) => m.uid);
    const expired = await t.db
      .select({ referenceType: ledgerEntries.referenceType, referenceId: ledgerEntries.referenceId })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.membershipUid, uids), eq(ledgerEntries.reason, 'EXPIRE')));
    expect(expired).toHaveLength(MEMBERS * 4);
    // Each EXPIRE entry names the credit it expired, once.
    const credits = await t.db
      .select({ uid: ledgerEntries.uid })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.membershipUid, uids), eq(ledgerEntries.reason, 'EARN_ORDER')));
    expect(new Set(expired.map((e) => `${e.referenceType}:${e.referenceId}`))).toEqual(
      new Set(credits.map((c) => `ledger_entry:${c.uid}`)),
    );

    for (const m of await membershipsOf()) {
      expect(m.coins).toBe(0);
      expect(m.totalPoints).toBe(0);
      const sums = await ledgerSums(t.db, m.uid);
      expect({ coins: sums.coins, points: sums.points }).toEqual({ coins: 0, points: 0 });
    }
    expect(await expireDue(t.db, new Date(later.getTime() + DAY))).toBe(0);
  });
});
