import type { Executor } from '@storefront/db/client';
import { rateLimitHits } from '@storefront/db/schema/accounts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';

/** Counts one hit in the key's fixed window, starting a new window when the last one is over. */
export async function countHit(
  db: Executor,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<{ count: number; windowStart: number }> {
  const expired = sql`${rateLimitHits.windowStart} + ${windowMs} <= ${nowMs}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, windowStart: nowMs })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitHits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowMs} else ${rateLimitHits.windowStart} end`,
      },
    })
    .returning({ count: rateLimitHits.count, windowStart: rateLimitHits.windowStart });
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.count, windowStart: Number(row.windowStart) };
}

/** Takes one hit back out of the window that started at `windowStart`; nothing once a new one has started. */
export async function uncountHit(db: Executor, key: string, windowStart: number): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(
      and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart), gt(rateLimitHits.count, 0)),
    );
}

/** Deletes the counters whose window started before `beforeMs`; answers how many went. */
export async function pruneHits(db: Executor, beforeMs: number): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, beforeMs))
    .returning({ key: rateLimitHits.key });
  return gone.length;
}
