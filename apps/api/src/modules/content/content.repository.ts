import type { Executor } from '@storefront/db/client';
import { landingSections } from '@storefront/db/schema/content';
import { asc, eq } from 'drizzle-orm';

export type LandingSectionRow = typeof landingSections.$inferSelect;

/** The landing sections of one app, in the tenant's order. */
export function listLandingSections(db: Executor, appUid: string): Promise<LandingSectionRow[]> {
  return db
    .select()
    .from(landingSections)
    .where(eq(landingSections.appUid, appUid))
    .orderBy(asc(landingSections.position));
}
