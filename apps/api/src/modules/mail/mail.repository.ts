import type { Executor } from '@storefront/db/client';
import { mailOutbox } from '@storefront/db/schema/accounts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = Pick<typeof mailOutbox.$inferInsert, 'appUid' | 'to' | 'subject' | 'text'>;

export async function insertMail(db: Executor, mail: NewMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/** Pending mail, locked so that another process's worker skips it until this transaction ends. */
export function lockPendingMail(db: Executor, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'PENDING'))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markMail(
  db: Executor,
  uid: string,
  outcome: { status: 'SENT' | 'LOGGED' | 'PENDING' | 'FAILED'; error?: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.status,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: outcome.error ?? null,
      sentAt: outcome.status === 'SENT' || outcome.status === 'LOGGED' ? sql`now()` : null,
    })
    .where(eq(mailOutbox.uid, uid));
}

/** Records why a delivery failed without spending an attempt (the server was at fault, not the message). */
export async function noteMailError(db: Executor, uid: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ lastError: error }).where(eq(mailOutbox.uid, uid));
}

/** The newest mail of one app, for the development mailbox. */
export function listRecentMail(db: Executor, appUid: string, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.appUid, appUid)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
