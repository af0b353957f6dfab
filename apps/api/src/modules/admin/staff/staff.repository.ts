import type { Executor } from '@storefront/db/client';
import { companies, places } from '@storefront/db/schema/tenancy';
import { staffRoles, users } from '@storefront/db/schema/users';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../lib/paging.ts';

export type StaffRoleRow = typeof staffRoles.$inferSelect;

const person = {
  role: staffRoles,
  user: { uid: users.uid, email: users.email, firstName: users.firstName, lastName: users.lastName },
};
export type StaffPersonRow = {
  role: StaffRoleRow;
  user: { uid: string; email: string | null; firstName: string; lastName: string };
};

const ORDER_COLUMNS = { email: users.email, role: staffRoles.role } as const;

export async function listStaff(
  db: Executor,
  companyUid: string,
  filters: { search?: string; role?: string; ordering?: string },
  at: PageRequest,
) {
  const pattern = filters.search ? `%${filters.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(staffRoles.companyUid, companyUid),
    filters.role ? eq(staffRoles.role, filters.role) : undefined,
    pattern
      ? sql`(${users.email} ilike ${pattern} or ${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern})`
      : undefined,
  );
  const field = (filters.ordering ?? 'email').replace(/^-/, '') as keyof typeof ORDER_COLUMNS;
  const direction = filters.ordering?.startsWith('-') ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(person)
      .from(staffRoles)
      .innerJoin(users, eq(users.uid, staffRoles.userUid))
      .where(where)
      .orderBy(direction(ORDER_COLUMNS[field]), asc(users.uid))
      .limit(at.limit)
      .offset(at.offset),
    db
      .select({ n: count() })
      .from(staffRoles)
      .innerJoin(users, eq(users.uid, staffRoles.userUid))
      .where(where),
  ]);
  return { rows: rows as StaffPersonRow[], count: total?.n ?? 0 };
}

export async function findStaff(
  db: Executor,
  companyUid: string,
  userUid: string,
): Promise<StaffPersonRow | undefined> {
  const [row] = await db
    .select(person)
    .from(staffRoles)
    .innerJoin(users, eq(users.uid, staffRoles.userUid))
    .where(and(eq(staffRoles.companyUid, companyUid), eq(staffRoles.userUid, userUid)));
  return row as StaffPersonRow | undefined;
}

/**
 * Serialises the staff writes of one company (a row lock on the company that does not block the rows
 * that reference it): two owners demoting each other at once see each other's write, so that the
 * company never ends without an owner.
 */
export async function lockCompanyStaff(db: Executor, companyUid: string): Promise<void> {
  await db.execute(sql`select 1 from ${companies} where ${companies.uid} = ${companyUid} for no key update`);
}

export async function countOwners(db: Executor, companyUid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRoles)
    .where(and(eq(staffRoles.companyUid, companyUid), eq(staffRoles.role, 'OWNER')));
  return row?.n ?? 0;
}

export async function insertRole(db: Executor, row: typeof staffRoles.$inferInsert): Promise<void> {
  await db.insert(staffRoles).values(row);
}

export async function updateRole(
  db: Executor,
  companyUid: string,
  userUid: string,
  changes: { role?: string; placeUids?: string[] },
): Promise<void> {
  await db
    .update(staffRoles)
    .set({ ...changes, version: sql`${staffRoles.version} + 1` })
    .where(and(eq(staffRoles.companyUid, companyUid), eq(staffRoles.userUid, userUid)));
}

export async function deleteRole(db: Executor, companyUid: string, userUid: string): Promise<void> {
  await db
    .delete(staffRoles)
    .where(and(eq(staffRoles.companyUid, companyUid), eq(staffRoles.userUid, userUid)));
}

/** Which of these place uids belong to the company. */
export async function placeUidsOfCompany(
  db: Executor,
  companyUid: string,
  uids: string[],
): Promise<string[]> {
  if (uids.length === 0) return [];
  const rows = await db
    .select({ uid: places.uid })
    .from(places)
    .where(and(eq(places.companyUid, companyUid), inArray(places.uid, uids)));
  return rows.map((row) => row.uid);
}
