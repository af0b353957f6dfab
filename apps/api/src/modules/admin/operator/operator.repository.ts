import type { Executor } from '@storefront/db/client';
import { appCompanies, appDomains, apps, companies } from '@storefront/db/schema/tenancy';
import { staffRoles, users } from '@storefront/db/schema/users';
import { and, asc, count, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../lib/paging.ts';

const likePattern = (search: string | undefined) =>
  search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;

/** The installation's apps by name, with their domains, main company and number of companies. */
export async function listApps(db: Executor, search: string | undefined, at: PageRequest) {
  const pattern = likePattern(search);
  const where: SQL | undefined = pattern
    ? sql`(${apps.name} ilike ${pattern} or exists (select 1 from ${appDomains} where ${appDomains.appUid} = ${apps.uid} and ${appDomains.domain} ilike ${pattern}))`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ uid: apps.uid, name: apps.name, mainCompanyUid: apps.mainCompanyUid })
      .from(apps)
      .where(where)
      .orderBy(asc(apps.name), asc(apps.uid))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(apps).where(where),
  ]);
  return { rows: await withDetails(db, rows), count: total?.n ?? 0 };
}

export async function findApp(db: Executor, uid: string) {
  const rows = await db
    .select({ uid: apps.uid, name: apps.name, mainCompanyUid: apps.mainCompanyUid })
    .from(apps)
    .where(eq(apps.uid, uid));
  const [app] = await withDetails(db, rows);
  return app ?? null;
}

export type OperatorAppRow = Awaited<ReturnType<typeof withDetails>>[number];

async function withDetails(db: Executor, rows: { uid: string; name: string; mainCompanyUid: string }[]) {
  const uids = rows.map((row) => row.uid);
  if (uids.length === 0) return [];
  const [domains, mains, counts] = await Promise.all([
    db
      .select()
      .from(appDomains)
      .where(inArray(appDomains.appUid, uids))
      .orderBy(asc(appDomains.position), asc(appDomains.domain)),
    db
      .select({ uid: companies.uid, name: companies.name })
      .from(companies)
      .where(
        inArray(
          companies.uid,
          rows.map((row) => row.mainCompanyUid),
        ),
      ),
    db
      .select({ appUid: appCompanies.appUid, n: count() })
      .from(appCompanies)
      .where(inArray(appCompanies.appUid, uids))
      .groupBy(appCompanies.appUid),
  ]);
  return rows.map((row) => ({
    ...row,
    domains: domains.filter((d) => d.appUid === row.uid).map((d) => d.domain),
    mainCompany: mains.find((company) => company.uid === row.mainCompanyUid) ?? {
      uid: row.mainCompanyUid,
      name: '',
    },
    companiesCount: counts.find((c) => c.appUid === row.uid)?.n ?? 0,
  }));
}

/** Which of these host names some app already answers on. */
export async function takenDomains(db: Executor, domains: string[]): Promise<string[]> {
  const rows = await db
    .select({ domain: appDomains.domain })
    .from(appDomains)
    .where(inArray(appDomains.domain, domains));
  return rows.map((row) => row.domain);
}

export async function insertApp(
  db: Executor,
  app: { uid: string; name: string; apiKey: string; mainCompanyUid: string; domains: string[] },
) {
  await db.insert(apps).values({
    uid: app.uid,
    name: app.name,
    apiKey: app.apiKey,
    mainCompanyUid: app.mainCompanyUid,
    signinMethods: [{ type: 'EMAIL', settings: {} }],
  });
  await db
    .insert(appDomains)
    .values(app.domains.map((domain, position) => ({ domain, appUid: app.uid, position })));
}

/** A company of the app, shown by it after the ones it has (app_companies). */
export async function insertCompany(db: Executor, company: { uid: string; appUid: string; name: string }) {
  await db.insert(companies).values(company);
  const [last] = await db
    .select({ position: max(appCompanies.position) })
    .from(appCompanies)
    .where(eq(appCompanies.appUid, company.appUid));
  await db
    .insert(appCompanies)
    .values({ appUid: company.appUid, companyUid: company.uid, position: (last?.position ?? -1) + 1 });
}

/** The app's companies by name, each with its owners' e-mails. */
export async function listCompanies(
  db: Executor,
  appUid: string,
  search: string | undefined,
  at: PageRequest,
) {
  const pattern = likePattern(search);
  const where = and(
    eq(companies.appUid, appUid),
    pattern ? sql`${companies.name} ilike ${pattern}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ uid: companies.uid, name: companies.name, appUid: companies.appUid })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.uid))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows: await withOwners(db, rows), count: total?.n ?? 0 };
}

export async function findCompany(db: Executor, uid: string) {
  const rows = await db
    .select({ uid: companies.uid, name: companies.name, appUid: companies.appUid })
    .from(companies)
    .where(eq(companies.uid, uid));
  const [company] = await withOwners(db, rows);
  return company ?? null;
}

async function withOwners(db: Executor, rows: { uid: string; name: string; appUid: string }[]) {
  if (rows.length === 0) return [];
  const owners = await db
    .select({ companyUid: staffRoles.companyUid, email: users.email })
    .from(staffRoles)
    .innerJoin(users, eq(users.uid, staffRoles.userUid))
    .where(
      and(
        inArray(
          staffRoles.companyUid,
          rows.map((row) => row.uid),
        ),
        eq(staffRoles.role, 'OWNER'),
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((row) => ({
    ...row,
    owners: owners.flatMap((owner) => (owner.companyUid === row.uid && owner.email ? [owner.email] : [])),
  }));
}
