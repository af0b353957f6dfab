import type { Executor } from '@storefront/db/client';
import { landingSections } from '@storefront/db/schema/content';
import { apps } from '@storefront/db/schema/tenancy';
import { and, asc, count, eq, sql } from 'drizzle-orm';

export type LandingSectionRow = typeof landingSections.$inferSelect;
export type ContentAppRow = typeof apps.$inferSelect;

/**
 * The app whose content is edited. With `lock`, its row is locked until the transaction ends (`FOR NO
 * KEY UPDATE`: rows that reference the app are not blocked), so that every write of its landing or
 * texts runs one after the other: concurrent moves never interleave their renumbering.
 */
export async function findApp(db: Executor, appUid: string, lock = false): Promise<ContentAppRow | null> {
  const query = db.select().from(apps).where(eq(apps.uid, appUid));
  const [app] = lock ? await query.for('no key update') : await query;
  return app ?? null;
}

export async function listSections(
  db: Executor,
  appUid: string,
  type: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: LandingSectionRow[]; count: number }> {
  const where = and(eq(landingSections.appUid, appUid), type ? eq(landingSections.type, type) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(landingSections)
      .where(where)
      .orderBy(asc(landingSections.position), asc(landingSections.uid))
      .limit(limit)
      .offset(offset),
    db.select({ count: count() }).from(landingSections).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** Every section of the app in its order (the app's row is locked by the caller when it renumbers). */
export function sectionsInOrder(db: Executor, appUid: string): Promise<LandingSectionRow[]> {
  return db
    .select()
    .from(landingSections)
    .where(eq(landingSections.appUid, appUid))
    .orderBy(asc(landingSections.position), asc(landingSections.uid));
}

export async function findSection(
  db: Executor,
  appUid: string,
  uid: string,
): Promise<LandingSectionRow | null> {
  const [row] = await db
    .select()
    .from(landingSections)
    .where(and(eq(landingSections.appUid, appUid), eq(landingSections.uid, uid)));
  return row ?? null;
}

export async function insertSection(db: Executor, row: typeof landingSections.$inferInsert) {
  await db.insert(landingSections).values(row);
}

export type SectionChanges = Partial<
  Pick<LandingSectionRow, 'isActive' | 'tittle' | 'content' | 'link' | 'buttons' | 'cards' | 'images'>
>;

export async function updateSection(db: Executor, uid: string, changes: SectionChanges) {
  await db
    .update(landingSections)
    .set({ ...changes, version: sql`${landingSections.version} + 1` })
    .where(eq(landingSections.uid, uid));
}

export async function deleteSection(db: Executor, uid: string) {
  await db.delete(landingSections).where(eq(landingSections.uid, uid));
}

/** Numbers the sections 0, 1, 2… in the order given (only the rows whose place changed are written). */
export async function renumber(db: Executor, ordered: Pick<LandingSectionRow, 'uid' | 'position'>[]) {
  for (const [position, row] of ordered.entries())
    if (row.position !== position)
      await db.update(landingSections).set({ position }).where(eq(landingSections.uid, row.uid));
}

export type SiteChanges = Partial<Pick<ContentAppRow, 'site' | 'landingPage' | 'landingPageType'>>;

export async function updateSite(db: Executor, appUid: string, changes: SiteChanges) {
  await db
    .update(apps)
    .set({ ...changes, siteVersion: sql`${apps.siteVersion} + 1`, updatedAt: new Date() })
    .where(eq(apps.uid, appUid));
}
