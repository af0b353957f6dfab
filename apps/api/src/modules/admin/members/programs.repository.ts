import type { Executor } from '@storefront/db/client';
import { programLevels, programs } from '@storefront/db/schema/loyalty';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../lib/paging.ts';

export type ProgramRow = typeof programs.$inferSelect;
export type LevelRow = typeof programLevels.$inferSelect;

export async function listPrograms(db: Executor, companyUid: string, at: PageRequest) {
  const where = eq(programs.companyUid, companyUid);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(programs)
      .where(where)
      .orderBy(asc(programs.position), asc(programs.uid))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(programs).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The company's program, locked for the write when `lock` (the If-Match check reads it under the lock). */
export async function findProgram(
  db: Executor,
  companyUid: string,
  uid: string,
  lock = false,
): Promise<ProgramRow | null> {
  const query = db
    .select()
    .from(programs)
    .where(and(eq(programs.companyUid, companyUid), eq(programs.uid, uid)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export function levelsOfProgram(db: Executor, programUid: string): Promise<LevelRow[]> {
  return db
    .select()
    .from(programLevels)
    .where(eq(programLevels.programUid, programUid))
    .orderBy(asc(programLevels.minPoints), asc(programLevels.uid));
}

/** Level uids among `uids` that belong to some program (the caller checks they are this one's). */
export async function levelOwners(db: Executor, uids: string[]) {
  if (uids.length === 0) return [];
  return db
    .select({ uid: programLevels.uid, programUid: programLevels.programUid })
    .from(programLevels)
    .where(inArray(programLevels.uid, uids));
}

export async function updateProgram(
  db: Executor,
  uid: string,
  changes: Partial<typeof programs.$inferInsert>,
): Promise<void> {
  await db
    .update(programs)
    .set({ ...changes, version: sql`${programs.version} + 1` })
    .where(eq(programs.uid, uid));
}

/** The program's levels become `levels` (kept by uid, new ones inserted, the rest removed). */
export async function replaceLevels(
  db: Executor,
  programUid: string,
  levels: { uid: string; name: string; minPoints: number }[],
): Promise<void> {
  const keep = levels.map((level) => level.uid);
  await db
    .delete(programLevels)
    .where(
      and(
        eq(programLevels.programUid, programUid),
        keep.length > 0 ? notInArray(programLevels.uid, keep) : undefined,
      ),
    );
  for (const [position, level] of levels.entries()) {
    await db
      .insert(programLevels)
      .values({ uid: level.uid, programUid, name: level.name, minPoints: level.minPoints, position })
      .onConflictDoUpdate({
        target: programLevels.uid,
        set: { name: level.name, minPoints: level.minPoints, position },
      });
  }
}
