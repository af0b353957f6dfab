import type { Executor } from '@storefront/db/client';
import { appCompanies, appDomains, apps, areas, companies } from '@storefront/db/schema/tenancy';
import { asc, eq } from 'drizzle-orm';

/**
 * An app with its canonical domain (the first registered) and the registered domain its lookup
 * matched: the request's host, or the canonical domain when the app was found by its API key. Links
 * are built from the matched one (lib/public-origin.ts).
 */
export type TenantApp = typeof apps.$inferSelect & { domain: string; matchedDomain: string };
export type CompanyRow = typeof companies.$inferSelect;
export type AreaRow = typeof areas.$inferSelect;

async function withCanonicalDomain(
  db: Executor,
  app: typeof apps.$inferSelect | undefined,
  matchedDomain?: string,
): Promise<TenantApp | null> {
  if (!app) return null;
  const [first] = await db
    .select({ domain: appDomains.domain })
    .from(appDomains)
    .where(eq(appDomains.appUid, app.uid))
    .orderBy(asc(appDomains.position))
    .limit(1);
  const domain = first?.domain ?? '';
  return { ...app, domain, matchedDomain: matchedDomain ?? domain };
}

export async function findAppByDomain(db: Executor, domain: string): Promise<TenantApp | null> {
  const [row] = await db
    .select({ app: apps })
    .from(appDomains)
    .innerJoin(apps, eq(apps.uid, appDomains.appUid))
    .where(eq(appDomains.domain, domain));
  return withCanonicalDomain(db, row?.app, domain);
}

export async function findAppByApiKey(db: Executor, apiKey: string): Promise<TenantApp | null> {
  const [row] = await db.select().from(apps).where(eq(apps.apiKey, apiKey));
  return withCanonicalDomain(db, row);
}

/** The companies an app shows, the main one first. */
export function listAllowedCompanies(db: Executor, appUid: string): Promise<CompanyRow[]> {
  return db
    .select({ company: companies })
    .from(appCompanies)
    .innerJoin(companies, eq(companies.uid, appCompanies.companyUid))
    .where(eq(appCompanies.appUid, appUid))
    .orderBy(asc(appCompanies.position))
    .then((rows) => rows.map((row) => row.company));
}

export function listAreas(db: Executor, appUid: string): Promise<AreaRow[]> {
  return db.select().from(areas).where(eq(areas.appUid, appUid)).orderBy(asc(areas.name));
}

export async function findAppByUid(db: Executor, uid: string): Promise<TenantApp | null> {
  const [row] = await db.select().from(apps).where(eq(apps.uid, uid));
  return withCanonicalDomain(db, row);
}
