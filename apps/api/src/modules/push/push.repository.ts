import type { Executor } from '@storefront/db/client';
import { type PushPayload, pushOutbox, pushSubscriptions } from '@storefront/db/schema/push';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A device's subscription, taken over by this member and session when the endpoint was someone else's. */
export async function upsertSubscription(
  db: Executor,
  row: Pick<SubscriptionRow, 'appUid' | 'userUid' | 'tokenHash' | 'endpoint' | 'p256dh' | 'auth'>,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        appUid: row.appUid,
        userUid: row.userUid,
        tokenHash: row.tokenHash,
        p256dh: row.p256dh,
        auth: row.auth,
        createdAt: sql`now()`,
      },
    });
}

/** Keeps a member's newest `keep` devices and deletes the others. */
export async function pruneSubscriptions(db: Executor, userUid: string, keep: number): Promise<void> {
  const newest = db
    .select({ uid: pushSubscriptions.uid })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userUid, userUid))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userUid, userUid), notInArray(pushSubscriptions.uid, newest)));
}

export async function deleteOwnSubscription(
  db: Executor,
  owner: { appUid: string; userUid: string },
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.userUid, owner.userUid),
        eq(pushSubscriptions.appUid, owner.appUid),
      ),
    );
}

export async function deleteSubscription(db: Executor, uid: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.uid, uid));
}

/** One notification for each device of the member in that app. */
export async function queueForMember(
  db: Executor,
  member: { appUid: string; userUid: string },
  payload: PushPayload,
): Promise<void> {
  const devices = await db
    .select({ uid: pushSubscriptions.uid })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userUid, member.userUid), eq(pushSubscriptions.appUid, member.appUid)));
  if (devices.length === 0) return;
  await db.insert(pushOutbox).values(devices.map((device) => ({ subscriptionUid: device.uid, payload })));
}

export type PendingPush = Awaited<ReturnType<typeof lockPendingPush>>[number];

/** Pending notifications with their device, locked so that another process's worker skips them. */
export function lockPendingPush(db: Executor, limit: number) {
  return db
    .select({
      uid: pushOutbox.uid,
      payload: pushOutbox.payload,
      attempts: pushOutbox.attempts,
      subscription: {
        uid: pushSubscriptions.uid,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      },
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.uid, pushOutbox.subscriptionUid))
    .where(eq(pushOutbox.status, 'PENDING'))
    .orderBy(asc(pushOutbox.createdAt))
    .limit(limit)
    .for('update', { of: pushOutbox, skipLocked: true });
}

export async function markPush(
  db: Executor,
  uids: string[],
  outcome: { status: 'SENT' | 'PENDING' | 'FAILED'; error?: string },
): Promise<void> {
  if (uids.length === 0) return;
  await db
    .update(pushOutbox)
    .set({
      status: outcome.status,
      attempts: sql`${pushOutbox.attempts} + 1`,
      lastError: outcome.error ?? null,
      sentAt: outcome.status === 'SENT' ? sql`now()` : null,
    })
    .where(inArray(pushOutbox.uid, uids));
}
