import type { Executor } from '@storefront/db/client';
import {
  giftCards,
  polls,
  programAds,
  programLevels,
  programSections,
  programs,
  raffles,
} from '@storefront/db/schema/loyalty';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProgramRow } from './ledger.repository.ts';

export type LevelRow = typeof programLevels.$inferSelect;
export type SectionRow = typeof programSections.$inferSelect;
export type AdRow = typeof programAds.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;

interface Slice {
  limit: number;
  offset: number;
}

export async function listPrograms(
  db: Executor,
  appUid: string,
  filters: { company?: string },
  slice: Slice,
): Promise<{ count: number; rows: ProgramRow[] }> {
  const where = and(
    eq(programs.appUid, appUid),
    filters.company ? eq(programs.companyUid, filters.company) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(programs)
      .where(where)
      .orderBy(asc(programs.position), asc(programs.uid))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(programs).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

/** The uids of an app's programs, for the app record's allowed_programs. */
export async function listProgramUids(db: Executor, appUid: string): Promise<string[]> {
  const rows = await db
    .select({ uid: programs.uid })
    .from(programs)
    .where(eq(programs.appUid, appUid))
    .orderBy(asc(programs.position), asc(programs.uid));
  return rows.map((row) => row.uid);
}

export function levelsOf(db: Executor, programUids: string[]): Promise<LevelRow[]> {
  if (programUids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(programLevels)
    .where(inArray(programLevels.programUid, programUids))
    .orderBy(asc(programLevels.minPoints), asc(programLevels.position));
}

/** How many raffles and polls each program has, by program uid (absent: none). */
export async function activityCountsOf(
  db: Executor,
  programUids: string[],
): Promise<Map<string, { raffles: number; polls: number }>> {
  const counts = new Map(programUids.map((uid) => [uid, { raffles: 0, polls: 0 }]));
  if (programUids.length === 0) return counts;
  const n = sql<number>`count(*)::int`;
  const [raffleRows, pollRows] = await Promise.all([
    db
      .select({ program: raffles.programUid, n })
      .from(raffles)
      .where(inArray(raffles.programUid, programUids))
      .groupBy(raffles.programUid),
    db
      .select({ program: polls.programUid, n })
      .from(polls)
      .where(inArray(polls.programUid, programUids))
      .groupBy(polls.programUid),
  ]);
  for (const row of raffleRows) {
    const program = counts.get(row.program);
    if (program) program.raffles = row.n;
  }
  for (const row of pollRows) {
    const program = counts.get(row.program);
    if (program) program.polls = row.n;
  }
  return counts;
}

export async function listSections(
  db: Executor,
  programUid: string,
  slice: Slice,
): Promise<{ count: number; rows: SectionRow[] }> {
  const where = and(eq(programSections.programUid, programUid), eq(programSections.isActive, true));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(programSections)
      .where(where)
      .orderBy(asc(programSections.position))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(programSections).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function listAds(
  db: Executor,
  programUid: string,
  slice: Slice,
): Promise<{ count: number; rows: AdRow[] }> {
  const where = and(eq(programAds.programUid, programUid), eq(programAds.isActive, true));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(programAds)
      .where(where)
      .orderBy(asc(programAds.position))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(programAds).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

/** The app's gift card with this code (any case), locked until the transaction ends. */
export async function lockGiftCard(db: Executor, appUid: string, code: string): Promise<GiftCardRow | null> {
  const [row] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.appUid, appUid), sql`upper(${giftCards.code}) = ${code.toUpperCase()}`))
    .for('update');
  return row ?? null;
}

/** The program of the app's gift card with this code (any case), or null: no lock, nothing changes. */
export async function giftCardProgram(db: Executor, appUid: string, code: string): Promise<string | null> {
  const [row] = await db
    .select({ programUid: giftCards.programUid })
    .from(giftCards)
    .where(and(eq(giftCards.appUid, appUid), sql`upper(${giftCards.code}) = ${code.toUpperCase()}`));
  return row?.programUid ?? null;
}

export async function markGiftCardRedeemed(db: Executor, uid: string, membershipUid: string): Promise<void> {
  await db.update(giftCards).set({ redeemedAt: sql`now()`, membershipUid }).where(eq(giftCards.uid, uid));
}
