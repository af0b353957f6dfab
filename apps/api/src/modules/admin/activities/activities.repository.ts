import type { Executor } from '@storefront/db/client';
import {
  events,
  pollOptions,
  pollQuestions,
  pollResponses,
  polls,
  programAds,
  raffleDraws,
  raffleRegistrations,
  raffles,
} from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../lib/paging.ts';
import {
  containing,
  findProgramOwned,
  listProgramOwned,
  nextPosition,
  orderBy,
  pageOf,
  updateVersioned,
} from '../company-rows.repository.ts';

export type RaffleRow = typeof raffles.$inferSelect;
export type DrawRow = typeof raffleDraws.$inferSelect;
export type PollRow = typeof polls.$inferSelect;
export type QuestionRow = typeof pollQuestions.$inferSelect;
export type OptionRow = typeof pollOptions.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type AdRow = typeof programAds.$inferSelect;

// Raffles

const registeredOf = sql<number>`(select count(*)::int from ${raffleRegistrations} where ${raffleRegistrations.raffleUid} = ${raffles.uid} and ${raffleRegistrations.status} = 'REGISTERED')`;
const drawnOf = sql`exists (select 1 from ${raffleDraws} where ${raffleDraws.raffleUid} = ${raffles.uid})`;

export type AdminRaffleRow = RaffleRow & { registrations: number };

export async function listRaffles(
  db: Executor,
  companyUid: string,
  filters: { search?: string; program?: string; drawn?: boolean; ordering?: string },
  at: PageRequest,
) {
  const search = filters.search && containing(filters.search);
  return listProgramOwned(
    db,
    raffles,
    { registrations: registeredOf },
    {
      companyUid,
      where: [
        filters.program ? eq(raffles.programUid, filters.program) : undefined,
        search ? or(ilike(raffles.title, search), ilike(raffles.prize, search)) : undefined,
        filters.drawn === undefined ? undefined : filters.drawn ? drawnOf : sql`not ${drawnOf}`,
      ],
      order: orderBy({ title: raffles.title, ends_at: raffles.endsAt }, filters.ordering, 'ends_at'),
    },
    at,
  );
}

/** The company's raffle; `lock` takes its row lock, which a draw holds until it commits. */
export function findRaffle(db: Executor, companyUid: string, uid: string, lock = false) {
  return findProgramOwned(db, raffles, { registrations: registeredOf }, companyUid, uid, lock);
}

export async function insertRaffle(db: Executor, row: typeof raffles.$inferInsert): Promise<void> {
  await db.insert(raffles).values(row);
}

export function updateRaffle(db: Executor, uid: string, changes: Partial<typeof raffles.$inferInsert>) {
  return updateVersioned(db, raffles, uid, changes);
}

/** The members registered in a raffle, by registration uid: the stable order a draw reads them in. */
export async function registeredUids(db: Executor, raffleUid: string): Promise<string[]> {
  const rows = await db
    .select({ uid: raffleRegistrations.uid })
    .from(raffleRegistrations)
    .where(and(eq(raffleRegistrations.raffleUid, raffleUid), eq(raffleRegistrations.status, 'REGISTERED')))
    .orderBy(asc(raffleRegistrations.uid));
  return rows.map((row) => row.uid);
}

const registrationSelection = {
  uid: raffleRegistrations.uid,
  user: users.uid,
  email: users.email,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  data: raffleRegistrations.data,
  createdAt: raffleRegistrations.createdAt,
};
export type RegistrationWithMember = {
  uid: string;
  user: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  language: string;
  data: Record<string, string | number | boolean>;
  createdAt: Date;
};

export async function listRegistrations(
  db: Executor,
  raffleUid: string,
  search: string | undefined,
  at: PageRequest,
) {
  const pattern = search && containing(search);
  const where = and(
    eq(raffleRegistrations.raffleUid, raffleUid),
    eq(raffleRegistrations.status, 'REGISTERED'),
    pattern
      ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
      : undefined,
  );
  const { rows, count: total } = await pageOf(
    db
      .select(registrationSelection)
      .from(raffleRegistrations)
      .innerJoin(users, eq(users.uid, raffleRegistrations.userUid))
      .where(where)
      .orderBy(asc(raffleRegistrations.createdAt), asc(raffleRegistrations.uid))
      .limit(at.limit)
      .offset(at.offset),
    db
      .select({ n: count() })
      .from(raffleRegistrations)
      .innerJoin(users, eq(users.uid, raffleRegistrations.userUid))
      .where(where),
  );
  return { rows: rows as RegistrationWithMember[], count: total };
}

/** Registrations with their members, by uid (the draw's winners). */
export async function registrationsByUid(db: Executor, uids: string[]): Promise<RegistrationWithMember[]> {
  if (uids.length === 0) return [];
  const rows = await db
    .select(registrationSelection)
    .from(raffleRegistrations)
    .innerJoin(users, eq(users.uid, raffleRegistrations.userUid))
    .where(inArray(raffleRegistrations.uid, uids));
  return rows as RegistrationWithMember[];
}

export async function drawsOf(db: Executor, raffleUids: string[]): Promise<DrawRow[]> {
  if (raffleUids.length === 0) return [];
  return db.select().from(raffleDraws).where(inArray(raffleDraws.raffleUid, raffleUids));
}

export async function insertDraw(db: Executor, row: typeof raffleDraws.$inferInsert): Promise<DrawRow> {
  const [saved] = await db.insert(raffleDraws).values(row).returning();
  if (!saved) throw new Error('the draw was not recorded');
  return saved;
}

// Polls

const responsesOf = sql<number>`(select count(*)::int from ${pollResponses} where ${pollResponses.pollUid} = ${polls.uid})`;
export type AdminPollRow = PollRow & { responses: number };

export function listPolls(
  db: Executor,
  companyUid: string,
  filters: { search?: string; program?: string; ordering?: string },
  at: PageRequest,
) {
  return listProgramOwned(
    db,
    polls,
    { responses: responsesOf },
    {
      companyUid,
      where: [
        filters.program ? eq(polls.programUid, filters.program) : undefined,
        filters.search ? ilike(polls.title, containing(filters.search)) : undefined,
      ],
      order: orderBy(
        { title: polls.title, position: polls.position, valid_until: polls.validUntil },
        filters.ordering,
        'position',
      ),
    },
    at,
  );
}

/**
 * The company's poll; `lock` takes its row lock. A member's answer takes a key-share lock on it first
 * (activities.repository of the storefront), so an edit and an answer never cross.
 */
export function findPoll(db: Executor, companyUid: string, uid: string, lock = false) {
  return findProgramOwned(db, polls, { responses: responsesOf }, companyUid, uid, lock);
}

export async function questionsOf(db: Executor, pollUids: string[]) {
  if (pollUids.length === 0) return { questions: [] as QuestionRow[], options: [] as OptionRow[] };
  const questions = await db
    .select()
    .from(pollQuestions)
    .where(inArray(pollQuestions.pollUid, pollUids))
    .orderBy(asc(pollQuestions.position), asc(pollQuestions.uid));
  const options = questions.length
    ? await db
        .select()
        .from(pollOptions)
        .where(
          inArray(
            pollOptions.questionUid,
            questions.map((q) => q.uid),
          ),
        )
        .orderBy(asc(pollOptions.position), asc(pollOptions.uid))
    : [];
  return { questions, options };
}

export async function insertPoll(db: Executor, row: typeof polls.$inferInsert): Promise<void> {
  await db.insert(polls).values(row);
}

export function updatePoll(db: Executor, uid: string, changes: Partial<typeof polls.$inferInsert>) {
  return updateVersioned(db, polls, uid, changes);
}

/** Writes a poll's questions and options as given (uids kept), removing the ones left out. */
export async function replaceQuestions(
  db: Executor,
  pollUid: string,
  questions: { uid: string; text: string; type: string; options: { uid: string; text: string }[] }[],
): Promise<void> {
  const keep = questions.map((q) => q.uid);
  await db
    .delete(pollQuestions)
    .where(
      and(
        eq(pollQuestions.pollUid, pollUid),
        keep.length ? sql`${pollQuestions.uid} not in ${keep}` : undefined,
      ),
    );
  for (const [position, question] of questions.entries()) {
    await db
      .insert(pollQuestions)
      .values({ uid: question.uid, pollUid, text: question.text, type: question.type, position })
      .onConflictDoUpdate({
        target: pollQuestions.uid,
        set: { text: question.text, type: question.type, position },
      });
    const options = question.options.map((o) => o.uid);
    await db
      .delete(pollOptions)
      .where(
        and(
          eq(pollOptions.questionUid, question.uid),
          options.length ? sql`${pollOptions.uid} not in ${options}` : undefined,
        ),
      );
    for (const [index, option] of question.options.entries())
      await db
        .insert(pollOptions)
        .values({ uid: option.uid, questionUid: question.uid, text: option.text, position: index })
        .onConflictDoUpdate({ target: pollOptions.uid, set: { text: option.text, position: index } });
  }
}

/** Question and option uids that exist anywhere (a uid sent must be this poll's own). */
export async function existingQuestionUids(db: Executor, uids: string[]) {
  if (uids.length === 0) return [];
  return db
    .select({ uid: pollQuestions.uid, pollUid: pollQuestions.pollUid })
    .from(pollQuestions)
    .where(inArray(pollQuestions.uid, uids));
}

export async function existingOptionUids(db: Executor, uids: string[]) {
  if (uids.length === 0) return [];
  return db
    .select({ uid: pollOptions.uid, questionUid: pollOptions.questionUid })
    .from(pollOptions)
    .where(inArray(pollOptions.uid, uids));
}

/** How many responses chose each option, per question (a response answers each question once). */
export async function optionCounts(db: Executor, pollUid: string) {
  const result = await db.execute<{ question: string; option: string | null; n: number }>(sql`
    select answer->>'question' as question, answer->>'option' as option, count(*)::int as n
    from ${pollResponses}, jsonb_array_elements(${pollResponses.answers}) as answer
    where ${pollResponses.pollUid} = ${pollUid}
    group by 1, 2`);
  return result.rows;
}

/** The newest written answers of each TEXT question, up to `limit` each. */
export async function newestTexts(db: Executor, pollUid: string, limit: number) {
  const result = await db.execute<{ question: string; text: string }>(sql`
    select question, text from (
      select answer->>'question' as question, answer->>'text' as text,
        row_number() over (partition by answer->>'question' order by ${pollResponses.createdAt} desc, ${pollResponses.uid}) as n
      from ${pollResponses}, jsonb_array_elements(${pollResponses.answers}) as answer
      where ${pollResponses.pollUid} = ${pollUid} and answer ? 'text'
    ) as texts
    where n <= ${limit}
    order by question, n`);
  return result.rows;
}

// Events

export function listEvents(
  db: Executor,
  companyUid: string,
  filters: { search?: string; is_active?: boolean; ordering?: string },
  at: PageRequest,
) {
  const search = filters.search && containing(filters.search);
  const where = and(
    eq(events.companyUid, companyUid),
    search ? or(ilike(events.title, search), ilike(events.location, search)) : undefined,
    filters.is_active === undefined ? undefined : eq(events.isActive, filters.is_active),
  );
  const order = orderBy(
    { start_date: events.startDate, title: events.title },
    filters.ordering ?? '-start_date',
    'start_date',
  );
  return pageOf(
    db.select().from(events).where(where).orderBy(order, asc(events.uid)).limit(at.limit).offset(at.offset),
    db.select({ n: count() }).from(events).where(where),
  );
}

export async function findEvent(
  db: Executor,
  companyUid: string,
  uid: string,
  lock = false,
): Promise<EventRow | undefined> {
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.companyUid, companyUid), eq(events.uid, uid)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertEvent(db: Executor, row: typeof events.$inferInsert): Promise<void> {
  await db.insert(events).values(row);
}

export function updateEvent(db: Executor, uid: string, changes: Partial<typeof events.$inferInsert>) {
  return updateVersioned(db, events, uid, changes);
}

export async function deleteEvent(db: Executor, uid: string): Promise<void> {
  await db.delete(events).where(eq(events.uid, uid));
}

// Ads

export function listAds(
  db: Executor,
  companyUid: string,
  filters: { search?: string; program?: string; is_active?: boolean; ordering?: string },
  at: PageRequest,
) {
  return listProgramOwned(
    db,
    programAds,
    {},
    {
      companyUid,
      where: [
        filters.program ? eq(programAds.programUid, filters.program) : undefined,
        filters.search ? ilike(programAds.title, containing(filters.search)) : undefined,
        filters.is_active === undefined ? undefined : eq(programAds.isActive, filters.is_active),
      ],
      order: orderBy(
        { title: programAds.title, position: programAds.position },
        filters.ordering,
        'position',
      ),
    },
    at,
  );
}

export function findAd(db: Executor, companyUid: string, uid: string, lock = false) {
  return findProgramOwned(db, programAds, {}, companyUid, uid, lock);
}

export const nextAdPosition = (db: Executor, programUid: string) => nextPosition(db, programAds, programUid);
export const nextPollPosition = (db: Executor, programUid: string) => nextPosition(db, polls, programUid);

export async function insertAd(db: Executor, row: typeof programAds.$inferInsert): Promise<void> {
  await db.insert(programAds).values(row);
}

export function updateAd(db: Executor, uid: string, changes: Partial<typeof programAds.$inferInsert>) {
  return updateVersioned(db, programAds, uid, changes);
}

export async function deleteAd(db: Executor, uid: string): Promise<void> {
  await db.delete(programAds).where(eq(programAds.uid, uid));
}
