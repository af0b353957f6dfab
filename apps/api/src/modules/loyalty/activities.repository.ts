import type { Executor } from '@storefront/db/client';
import {
  events,
  pollOptions,
  pollQuestions,
  pollResponses,
  polls,
  programs,
  raffleRegistrations,
  raffles,
} from '@storefront/db/schema/loyalty';
import { appCompanies } from '@storefront/db/schema/tenancy';
import { and, asc, desc, eq, gte, inArray, ne, or, type SQL, sql } from 'drizzle-orm';

export type RaffleRow = typeof raffles.$inferSelect;
export type RegistrationRow = typeof raffleRegistrations.$inferSelect;
export type PollRow = typeof polls.$inferSelect;
export type QuestionRow = typeof pollQuestions.$inferSelect;
export type OptionRow = typeof pollOptions.$inferSelect;
export type PollResponseRow = typeof pollResponses.$inferSelect;
export type EventRow = typeof events.$inferSelect;

type Slice = { limit: number; offset: number };
const count = sql<number>`count(*)::int`;

const registrationOf = (userUid: string) =>
  sql<
    string | null
  >`(select ${raffleRegistrations.status} from ${raffleRegistrations} where ${raffleRegistrations.raffleUid} = "raffles"."uid" and ${raffleRegistrations.userUid} = ${userUid})`;

export async function listRaffles(
  db: Executor,
  programUid: string,
  userUid: string,
  includeDismissed: boolean,
  slice: Slice,
): Promise<{ count: number; rows: (RaffleRow & { status: string | null })[] }> {
  const where = and(
    eq(raffles.programUid, programUid),
    includeDismissed ? undefined : sql`coalesce(${registrationOf(userUid)}, '') <> 'DISMISSED'`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ raffle: raffles, status: registrationOf(userUid) })
      .from(raffles)
      .where(where)
      .orderBy(sql`${raffles.endsAt} asc nulls last`, asc(raffles.uid))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count }).from(raffles).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...r.raffle, status: r.status })) };
}

/**
 * `lock` (a write's): a key-share lock on the raffle, which the admin's draw waits for (and which waits
 * for a draw), so a registration is either read by the draw or made after it, when the raffle is closed.
 */
export async function findRaffle(
  db: Executor,
  programUid: string,
  raffleUid: string,
  userUid: string,
  lock = false,
): Promise<(RaffleRow & { status: string | null }) | null> {
  const query = db
    .select({ raffle: raffles, status: registrationOf(userUid) })
    .from(raffles)
    .where(and(eq(raffles.uid, raffleUid), eq(raffles.programUid, programUid)));
  const [row] = lock ? await query.for('key share', { of: raffles }) : await query;
  return row ? { ...row.raffle, status: row.status } : null;
}

/** Records a registration or a dismissal; a registration replaces an earlier dismissal. */
export async function upsertRegistration(
  db: Executor,
  row: {
    raffleUid: string;
    userUid: string;
    status: string;
    data: Record<string, string | number | boolean>;
  },
): Promise<RegistrationRow | null> {
  const [saved] = await db
    .insert(raffleRegistrations)
    .values(row)
    .onConflictDoUpdate({
      target: [raffleRegistrations.raffleUid, raffleRegistrations.userUid],
      set: { status: row.status, data: row.data, createdAt: sql`now()` },
      setWhere: ne(raffleRegistrations.status, 'REGISTERED'),
    })
    .returning();
  return saved ?? null;
}

const resolvedBy = (userUid: string) =>
  sql<boolean>`exists (select 1 from ${pollResponses} where ${pollResponses.pollUid} = "polls"."uid" and ${pollResponses.userUid} = ${userUid})`;

export async function listPolls(
  db: Executor,
  programUid: string,
  userUid: string,
  isResolved: boolean | undefined,
  slice: Slice,
): Promise<{ count: number; rows: (PollRow & { isResolved: boolean })[] }> {
  const where = and(
    eq(polls.programUid, programUid),
    isResolved === undefined ? undefined : isResolved ? resolvedBy(userUid) : sql`not ${resolvedBy(userUid)}`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ poll: polls, isResolved: resolvedBy(userUid) })
      .from(polls)
      .where(where)
      .orderBy(asc(polls.position), asc(polls.uid))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count }).from(polls).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...r.poll, isResolved: r.isResolved })) };
}

/**
 * A poll of one of the app's programs (null for another tenant's), with the member's state. `lock` (an
 * answer's): a key-share lock, so the admin's edit of the questions and an answer never cross.
 */
export async function findPoll(
  db: Executor,
  appUid: string,
  pollUid: string,
  userUid: string,
  lock = false,
): Promise<(PollRow & { isResolved: boolean }) | null> {
  const query = db
    .select({ poll: polls, isResolved: resolvedBy(userUid) })
    .from(polls)
    .innerJoin(programs, eq(programs.uid, polls.programUid))
    .where(and(eq(polls.uid, pollUid), eq(programs.appUid, appUid)));
  const [row] = lock ? await query.for('key share', { of: polls }) : await query;
  return row ? { ...row.poll, isResolved: row.isResolved } : null;
}

export async function questionsOf(
  db: Executor,
  pollUids: string[],
): Promise<{ questions: QuestionRow[]; options: OptionRow[] }> {
  if (pollUids.length === 0) return { questions: [], options: [] };
  const questions = await db
    .select()
    .from(pollQuestions)
    .where(inArray(pollQuestions.pollUid, pollUids))
    .orderBy(asc(pollQuestions.position));
  const options =
    questions.length === 0
      ? []
      : await db
          .select()
          .from(pollOptions)
          .where(
            inArray(
              pollOptions.questionUid,
              questions.map((q) => q.uid),
            ),
          )
          .orderBy(asc(pollOptions.position));
  return { questions, options };
}

/** One response per member and poll: a second one inserts nothing. */
export async function insertPollResponse(
  db: Executor,
  row: typeof pollResponses.$inferInsert,
): Promise<PollResponseRow | null> {
  const [saved] = await db.insert(pollResponses).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

const EVENT_ORDER: Record<string, SQL[]> = {
  'start_date,start_time': [asc(events.startDate), sql`${events.startTime} asc nulls first`],
  '-start_date,-start_time': [desc(events.startDate), sql`${events.startTime} desc nulls last`],
  title: [asc(events.title)],
};

/** Whether the app shows this company (it is one of its allowed companies). */
export async function appShowsCompany(db: Executor, appUid: string, companyUid: string): Promise<boolean> {
  const rows = await db
    .select({ uid: appCompanies.companyUid })
    .from(appCompanies)
    .where(and(eq(appCompanies.appUid, appUid), eq(appCompanies.companyUid, companyUid)));
  return rows.length > 0;
}

export async function listEvents(
  db: Executor,
  companyUid: string,
  filters: { ordering: string; from?: string },
  slice: Slice,
): Promise<{ count: number; rows: EventRow[] }> {
  const where = and(
    eq(events.companyUid, companyUid),
    eq(events.isActive, true),
    filters.from ? or(gte(events.startDate, filters.from), gte(events.endDate, filters.from)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(...(EVENT_ORDER[filters.ordering] ?? []), asc(events.uid))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count }).from(events).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

/** An active event of a company the app shows; null otherwise. */
export async function findEvent(db: Executor, appUid: string, eventUid: string): Promise<EventRow | null> {
  const [row] = await db
    .select({ event: events })
    .from(events)
    .innerJoin(
      appCompanies,
      and(eq(appCompanies.companyUid, events.companyUid), eq(appCompanies.appUid, appUid)),
    )
    .where(and(eq(events.uid, eventUid), eq(events.isActive, true)));
  return row?.event ?? null;
}
