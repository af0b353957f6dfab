import type { Executor } from '@storefront/db/client';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { users } from '@storefront/db/schema/users';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';

export type AuditInsert = typeof adminAuditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, entry: AuditInsert): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export interface AuditFilters {
  companyUid: string;
  objectType?: string;
  objectUid?: string;
  userUid?: string;
  since?: Date;
  until?: Date;
}

function where(filters: AuditFilters): SQL | undefined {
  return and(
    eq(adminAuditLog.companyUid, filters.companyUid),
    filters.objectType ? eq(adminAuditLog.objectType, filters.objectType) : undefined,
    filters.objectUid ? eq(adminAuditLog.objectUid, filters.objectUid) : undefined,
    filters.userUid ? eq(adminAuditLog.userUid, filters.userUid) : undefined,
    filters.since ? gte(adminAuditLog.createdAt, filters.since) : undefined,
    filters.until ? lt(adminAuditLog.createdAt, filters.until) : undefined,
  );
}

/** A page of the company's audit log, newest first, with the count of every matching entry. */
export async function listAuditEntries(db: Executor, filters: AuditFilters, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: adminAuditLog,
        user: { uid: users.uid, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.uid, adminAuditLog.userUid))
      .where(where(filters))
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(adminAuditLog).where(where(filters)),
  ]);
  return { rows, count: total?.n ?? 0 };
}
