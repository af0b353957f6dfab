import type { Executor } from '@storefront/db/client';
import { idempotencyKeys } from '@storefront/db/schema/idempotency';
import { and, eq, lt } from 'drizzle-orm';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export async function findIdempotencyKey(
  db: Executor,
  userUid: string,
  key: string,
): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userUid, userUid), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/** Claims the key; a concurrent claim of the same key waits here, then fails with a unique violation. */
export async function claimIdempotencyKey(
  db: Executor,
  userUid: string,
  key: string,
  requestHash: string,
): Promise<void> {
  await db.insert(idempotencyKeys).values({ userUid, key, requestHash });
}

export async function storeIdempotentResponse(
  db: Executor,
  userUid: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.userUid, userUid), eq(idempotencyKeys.key, key)));
}

/** Deletes the keys stored before `before`; answers how many. Safe to run from several processes at once. */
export async function deleteIdempotencyKeysBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
