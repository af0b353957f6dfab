import type { Executor } from '@storefront/db/client';
import { pushSubscriptions } from '@storefront/db/schema/push';
import { authTokens } from '@storefront/db/schema/sessions';
import { users } from '@storefront/db/schema/users';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

export async function insertToken(
  db: Executor,
  tokenHash: string,
  userUid: string,
  appUid: string,
): Promise<void> {
  await db.insert(authTokens).values({ tokenHash, userUid, appUid });
}

/** A token's last use is written at most this often: idleness is counted in days, not per request. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The live user of a token of this app (of any app when `appUid` is null: the admin API, served on its
 * own host), touching its last use; null when unknown, revoked or idle too long.
 */
export async function findUserByToken(
  db: Executor,
  appUid: string | null,
  tokenHash: string,
  idleSince: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users, lastUsedAt: authTokens.lastUsedAt })
    .from(authTokens)
    .innerJoin(users, and(eq(users.uid, authTokens.userUid), isNull(users.deletedAt)))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        appUid === null ? undefined : eq(authTokens.appUid, appUid),
        isNull(authTokens.revokedAt),
        gt(authTokens.lastUsedAt, idleSince),
      ),
    );
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(authTokens).set({ lastUsedAt: sql`now()` }).where(eq(authTokens.tokenHash, tokenHash));
  }
  return row.user;
}

/** A device whose session ended gets none of the member's notifications any more. */
async function forgetDevices(db: Executor, tokenHashes: string[]): Promise<void> {
  if (tokenHashes.length > 0)
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.tokenHash, tokenHashes));
}

export async function revokeToken(db: Executor, tokenHash: string): Promise<void> {
  await db.update(authTokens).set({ revokedAt: sql`now()` }).where(eq(authTokens.tokenHash, tokenHash));
  await forgetDevices(db, [tokenHash]);
}

/** Ends every session of a user, or every one but the current (a password change keeps the caller's). */
export async function revokeUserTokens(
  db: Executor,
  userUid: string,
  exceptTokenHash?: string,
): Promise<void> {
  const ended = await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.userUid, userUid),
        isNull(authTokens.revokedAt),
        exceptTokenHash ? ne(authTokens.tokenHash, exceptTokenHash) : undefined,
      ),
    )
    .returning({ tokenHash: authTokens.tokenHash });
  await forgetDevices(
    db,
    ended.map((row) => row.tokenHash),
  );
}
