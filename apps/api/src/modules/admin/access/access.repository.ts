import type { Executor } from '@storefront/db/client';
import { installationOperators } from '@storefront/db/schema/admin';
import { companies } from '@storefront/db/schema/tenancy';
import { staffRoles } from '@storefront/db/schema/users';
import { and, asc, eq, inArray } from 'drizzle-orm';

export interface CompanyRow {
  uid: string;
  appUid: string;
  name: string;
}

export async function isOperator(db: Executor, userUid: string): Promise<boolean> {
  const [row] = await db
    .select({ userUid: installationOperators.userUid })
    .from(installationOperators)
    .where(eq(installationOperators.userUid, userUid));
  return row !== undefined;
}

/** The companies in which the user holds an admin role (OWNER or MANAGER), by name. */
export function adminRolesOf(db: Executor, userUid: string) {
  return db
    .select({ uid: companies.uid, name: companies.name, appUid: companies.appUid, role: staffRoles.role })
    .from(staffRoles)
    .innerJoin(companies, eq(companies.uid, staffRoles.companyUid))
    .where(and(eq(staffRoles.userUid, userUid), inArray(staffRoles.role, ['OWNER', 'MANAGER'])))
    .orderBy(asc(companies.name), asc(companies.uid));
}

/** The company and the user's role on it (null when none). */
export async function companyWithRole(
  db: Executor,
  companyUid: string,
  userUid: string,
): Promise<{ company: CompanyRow; role: string | null } | null> {
  const [row] = await db
    .select({
      company: { uid: companies.uid, appUid: companies.appUid, name: companies.name },
      role: staffRoles.role,
    })
    .from(companies)
    .leftJoin(staffRoles, and(eq(staffRoles.companyUid, companies.uid), eq(staffRoles.userUid, userUid)))
    .where(eq(companies.uid, companyUid));
  return row ?? null;
}
