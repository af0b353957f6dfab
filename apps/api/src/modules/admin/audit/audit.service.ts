import type { AuditEntry, AuditLogQuery } from '@storefront/contracts/admin';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import * as repo from './audit.repository.ts';

type Fields = Record<string, unknown>;

/** Only the fields that changed, before and after (a create has no before, a delete no after). */
export function changedFields(before: Fields | null, after: Fields | null) {
  if (!before || !after) return { before, after };
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Records a change made through the admin API. Call it with the transaction of the change, so that the
 * change and its line exist together or not at all. An update that changed nothing records nothing.
 */
export async function recordChange(
  tx: Executor,
  ctx: AdminContext,
  object: { type: string; uid: string },
  action: 'create' | 'update' | 'delete',
  before: Fields | null,
  after: Fields | null,
): Promise<void> {
  const changes = changedFields(before, after);
  if (action === 'update' && Object.keys(changes.after ?? {}).length === 0) return;
  await repo.insertAuditEntry(tx, {
    appUid: ctx.company.appUid,
    companyUid: ctx.company.uid,
    userUid: ctx.user.uid,
    objectType: object.type,
    objectUid: object.uid,
    action,
    ...changes,
  });
}

/** A date alone is that whole day in UTC: `until=2026-11-24` includes the 24th. */
const instant = (value: string | undefined, endOfDay: boolean) => {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return endOfDay ? new Date(day.getTime() + 24 * 60 * 60 * 1000) : day;
  }
  return new Date(value);
};

/** `GET .../audit-log/`: the company's changes, newest first, filtered. */
export async function listAuditLog(ctx: AdminContext, query: AuditLogQuery, at: PageRequest) {
  const { rows, count } = await repo.listAuditEntries(
    ctx.db,
    {
      companyUid: ctx.company.uid,
      objectType: query.object_type,
      objectUid: query.object_uid,
      userUid: query.user,
      since: instant(query.since, false),
      until: instant(query.until, true),
    },
    at.limit,
    at.offset,
  );
  const results: AuditEntry[] = rows.map(({ entry, user }) => ({
    uid: String(entry.id),
    created_at: entry.createdAt.toISOString(),
    user: user && {
      uid: user.uid,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
    },
    object_type: entry.objectType,
    object_uid: entry.objectUid,
    action: entry.action as AuditEntry['action'],
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  return { count, results };
}
