import type { Executor } from '@storefront/db/client';
import { ledgerEntries, memberships, programs } from '@storefront/db/schema/loyalty';
import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';

export type MembershipRow = typeof memberships.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type ProgramRow = typeof programs.$inferSelect;
export type LedgerKind = 'coins' | 'points' | 'stamps' | 'balance';

/** The cached balance field of each kind. */
export const BALANCE_FIELD = {
  coins: 'coins',
  points: 'totalPoints',
  stamps: 'stamps',
  balance: 'balanceCents',
} as const satisfies Record<LedgerKind, keyof MembershipRow>;

export async function findMembership(
  db: Executor,
  userUid: string,
  programUid: string,
): Promise<MembershipRow | null> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userUid, userUid), eq(memberships.programUid, programUid)));
  return row ?? null;
}

/** Creates the membership unless it exists; concurrent joins leave one row. Answers whether it was new. */
export async function insertMembershipIfMissing(
  db: Executor,
  appUid: string,
  userUid: string,
  programUid: string,
): Promise<boolean> {
  const rows = await db
    .insert(memberships)
    .values({ appUid, userUid, programUid })
    .onConflictDoNothing({ target: [memberships.userUid, memberships.programUid] })
    .returning({ uid: memberships.uid });
  return rows.length > 0;
}

/** Locks the membership row for the rest of the transaction: balance changes of one member queue here. */
export async function lockMembership(db: Executor, membershipUid: string): Promise<MembershipRow> {
  const [row] = await db.select().from(memberships).where(eq(memberships.uid, membershipUid)).for('update');
  if (!row) throw new Error(`membership ${membershipUid} not found`);
  return row;
}

export async function findProgramOfApp(
  db: Executor,
  appUid: string,
  programUid: string,
): Promise<ProgramRow | null> {
  const [row] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.uid, programUid), eq(programs.appUid, appUid)));
  return row ?? null;
}

export async function setBalance(
  db: Executor,
  membershipUid: string,
  kind: LedgerKind,
  value: number,
): Promise<MembershipRow> {
  const [row] = await db
    .update(memberships)
    .set({ [BALANCE_FIELD[kind]]: value })
    .where(eq(memberships.uid, membershipUid))
    .returning();
  return row as MembershipRow;
}

export async function insertEntry(
  db: Executor,
  entry: typeof ledgerEntries.$inferInsert,
): Promise<LedgerEntryRow> {
  const [row] = await db.insert(ledgerEntries).values(entry).returning();
  return row as LedgerEntryRow;
}

/** Credits still holding a part, oldest expiry first (never-expiring last), locked for consumption. */
export function openCredits(
  db: Executor,
  membershipUid: string,
  kind: LedgerKind,
): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.membershipUid, membershipUid),
        eq(ledgerEntries.kind, kind),
        gt(ledgerEntries.remaining, 0),
      ),
    )
    .orderBy(
      sql`${ledgerEntries.expiresAt} asc nulls last`,
      asc(ledgerEntries.createdAt),
      asc(ledgerEntries.uid),
    )
    .for('update');
}

export async function setRemaining(db: Executor, entryUid: string, remaining: number): Promise<void> {
  await db.update(ledgerEntries).set({ remaining }).where(eq(ledgerEntries.uid, entryUid));
}

/** Memberships holding credits whose expiry has passed. */
export async function membershipsWithDueCredits(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: ledgerEntries.membershipUid })
    .from(ledgerEntries)
    .where(
      and(
        gt(ledgerEntries.remaining, 0),
        isNotNull(ledgerEntries.expiresAt),
        lte(ledgerEntries.expiresAt, now),
      ),
    );
  return rows.map((row) => row.uid);
}

export function dueCredits(db: Executor, membershipUid: string, now: Date): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.membershipUid, membershipUid),
        gt(ledgerEntries.remaining, 0),
        lte(ledgerEntries.expiresAt, now),
      ),
    )
    .orderBy(asc(ledgerEntries.expiresAt), asc(ledgerEntries.createdAt))
    .for('update');
}

export async function hasEntryFor(
  db: Executor,
  membershipUid: string,
  reason: string,
  referenceType: string,
  referenceId: string,
): Promise<boolean> {
  const rows = await db
    .select({ uid: ledgerEntries.uid })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.membershipUid, membershipUid),
        eq(ledgerEntries.reason, reason),
        eq(ledgerEntries.referenceType, referenceType),
        eq(ledgerEntries.referenceId, referenceId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function countEntries(db: Executor, membershipUid: string, reason: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.membershipUid, membershipUid), eq(ledgerEntries.reason, reason)));
  return row?.n ?? 0;
}

/** Each membership's ledger sums next to its cached balances (for checks and tests). */
export async function ledgerSums(db: Executor, membershipUid: string): Promise<Record<LedgerKind, number>> {
  const rows = await db
    .select({ kind: ledgerEntries.kind, total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.membershipUid, membershipUid))
    .groupBy(ledgerEntries.kind);
  const sums: Record<LedgerKind, number> = { coins: 0, points: 0, stamps: 0, balance: 0 };
  for (const row of rows) sums[row.kind as LedgerKind] = row.total;
  return sums;
}
