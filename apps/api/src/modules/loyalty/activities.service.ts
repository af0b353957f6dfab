import { AppError, errorMessage, FIELD_MESSAGES } from '@storefront/contracts/errors';
import type { Transaction } from '@storefront/db/client';
import type { WriteResult } from '../../lib/idempotency.ts';
import type { PageRequest } from '../../lib/paging.ts';
import type { MemberContext, RequestContext } from '../../lib/request-context.ts';
import {
  appShowsCompany,
  type EventRow,
  findEvent,
  findPoll,
  findRaffle,
  insertPollResponse,
  listEvents,
  listPolls,
  listRaffles,
  type PollRow,
  questionsOf,
  type RaffleRow,
  upsertRegistration,
} from './activities.repository.ts';
import { programOf } from './programs.service.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function isOpen(raffle: RaffleRow, now: Date): boolean {
  return (!raffle.startsAt || raffle.startsAt <= now) && (!raffle.endsAt || raffle.endsAt > now);
}

function toRaffleDto(raffle: RaffleRow & { status: string | null }, now = new Date()) {
  return {
    uid: raffle.uid,
    program: raffle.programUid,
    title: raffle.title,
    description: raffle.description,
    image: raffle.image,
    terms: raffle.terms,
    prize: raffle.prize,
    starts_at: iso(raffle.startsAt),
    ends_at: iso(raffle.endsAt),
    draw_date: raffle.drawDate,
    fields: raffle.fields,
    is_open: isOpen(raffle, now),
    status: raffle.status as 'REGISTERED' | 'DISMISSED' | null,
  };
}

export async function getRaffles(
  ctx: MemberContext,
  programUid: string,
  includeDismissed: boolean,
  at: PageRequest,
) {
  const program = await programOf(ctx, programUid);
  const { count, rows } = await listRaffles(ctx.db, program.uid, ctx.user.uid, includeDismissed, at);
  return { count, results: rows.map((row) => toRaffleDto(row)) };
}

async function raffleOf(ctx: MemberContext, programUid: string, raffleUid: string, tx?: Transaction) {
  const db = tx ?? ctx.db;
  const program = await programOf(ctx, programUid, db);
  const raffle = await findRaffle(db, program.uid, raffleUid, ctx.user.uid, tx !== undefined);
  if (!raffle) throw new AppError('NOT_FOUND');
  return raffle;
}

export async function getRaffle(ctx: MemberContext, programUid: string, raffleUid: string) {
  return toRaffleDto(await raffleOf(ctx, programUid, raffleUid));
}

/** register/: terms accepted, the raffle's required fields given and no unknown ones; once per member. */
export async function registerInRaffle(
  ctx: MemberContext,
  tx: Transaction,
  programUid: string,
  raffleUid: string,
  body: { accepted_terms: boolean } & Record<string, string | number | boolean>,
): Promise<WriteResult> {
  const raffle = await raffleOf(ctx, programUid, raffleUid, tx);
  const { accepted_terms, ...data } = body;
  const fields: Record<string, string[]> = {};
  if (!accepted_terms) fields.accepted_terms = [errorMessage('TERMS_NOT_ACCEPTED', ctx.language)];
  const known = new Set(raffle.fields.map((field) => field.name));
  for (const key of Object.keys(data)) {
    if (!known.has(key)) fields[key] = [FIELD_MESSAGES.unknownField[ctx.language]];
  }
  for (const field of raffle.fields) {
    const value = data[field.name];
    if (field.required && (value === undefined || value === ''))
      fields[field.name] = [FIELD_MESSAGES.required[ctx.language]];
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', fields);
  if (!isOpen(raffle, new Date())) throw new AppError('RAFFLE_CLOSED');
  const saved = await upsertRegistration(tx, {
    raffleUid: raffle.uid,
    userUid: ctx.user.uid,
    status: 'REGISTERED',
    data,
  });
  if (!saved) throw new AppError('RAFFLE_ALREADY_REGISTERED');
  return { status: 201, body: toRaffleDto({ ...raffle, status: 'REGISTERED' }) };
}

/** dismiss/: the member hides the raffle (a registration stays). */
export async function dismissRaffle(
  ctx: MemberContext,
  tx: Transaction,
  programUid: string,
  raffleUid: string,
): Promise<WriteResult> {
  const raffle = await raffleOf(ctx, programUid, raffleUid, tx);
  const saved = await upsertRegistration(tx, {
    raffleUid: raffle.uid,
    userUid: ctx.user.uid,
    status: 'DISMISSED',
    data: {},
  });
  return { status: 200, body: toRaffleDto({ ...raffle, status: saved ? 'DISMISSED' : raffle.status }) };
}

async function pollDtos(ctx: RequestContext, rows: (PollRow & { isResolved: boolean })[]) {
  const { questions, options } = await questionsOf(
    ctx.db,
    rows.map((row) => row.uid),
  );
  return rows.map((poll) => ({
    uid: poll.uid,
    program: poll.programUid,
    title: poll.title,
    description: poll.description,
    image: poll.image,
    valid_until: iso(poll.validUntil),
    is_resolved: poll.isResolved,
    questions: questions
      .filter((q) => q.pollUid === poll.uid)
      .map((q) => ({
        uid: q.uid,
        text: q.text,
        type: q.type as 'CHOICE' | 'TEXT',
        options: options.filter((o) => o.questionUid === q.uid).map((o) => ({ uid: o.uid, text: o.text })),
      })),
  }));
}

export async function getPolls(
  ctx: MemberContext,
  programUid: string,
  isResolved: boolean | undefined,
  at: PageRequest,
) {
  const program = await programOf(ctx, programUid);
  const { count, rows } = await listPolls(ctx.db, program.uid, ctx.user.uid, isResolved, at);
  return { count, results: await pollDtos(ctx, rows) };
}

export async function getPoll(ctx: MemberContext, programUid: string, pollUid: string) {
  const program = await programOf(ctx, programUid);
  const poll = await findPoll(ctx.db, ctx.app.uid, pollUid, ctx.user.uid);
  if (!poll || poll.programUid !== program.uid) throw new AppError('NOT_FOUND');
  const [dto] = await pollDtos(ctx, [poll]);
  return dto;
}

type Answer = { question: string; option: string } | { question: string; text: string };

/** responses/: every question answered once (an option of that question, or text), once per member. */
export async function answerPoll(
  ctx: MemberContext,
  tx: Transaction,
  pollUid: string,
  answers: Answer[],
): Promise<WriteResult> {
  const poll = await findPoll(tx, ctx.app.uid, pollUid, ctx.user.uid, true);
  if (!poll) throw new AppError('NOT_FOUND');
  if (poll.validUntil && poll.validUntil <= new Date()) throw new AppError('POLL_CLOSED');
  const { questions, options } = await questionsOf(tx, [poll.uid]);
  const byQuestion = new Map(answers.map((answer) => [answer.question, answer]));
  const complete =
    byQuestion.size === answers.length &&
    answers.length === questions.length &&
    questions.every((question) => {
      const answer = byQuestion.get(question.uid);
      if (!answer) return false;
      if (question.type === 'TEXT') return 'text' in answer;
      return (
        'option' in answer && options.some((o) => o.uid === answer.option && o.questionUid === question.uid)
      );
    });
  if (!complete) throw new AppError('POLL_INCOMPLETE');
  const saved = await insertPollResponse(tx, { pollUid: poll.uid, userUid: ctx.user.uid, answers });
  if (!saved) throw new AppError('POLL_ALREADY_ANSWERED');
  return {
    status: 201,
    body: {
      uid: saved.uid,
      poll: poll.uid,
      answers: saved.answers,
      created_at: saved.createdAt.toISOString(),
    },
  };
}

function toEventDto(event: EventRow) {
  return {
    uid: event.uid,
    company: event.companyUid,
    title: event.title,
    description: event.description,
    image: event.image,
    start_date: event.startDate,
    start_time: event.startTime,
    end_date: event.endDate,
    end_time: event.endTime,
    location: event.location,
    link: event.link,
  };
}

/** Events exist only for apps with events_enabled (architecture §2); elsewhere they are 404. */
function requireEvents(ctx: RequestContext) {
  if (!ctx.app.eventsEnabled) throw new AppError('NOT_FOUND');
}

export async function getEvents(
  ctx: RequestContext,
  companyUid: string,
  filters: { ordering: string; from?: string },
  at: PageRequest,
) {
  requireEvents(ctx);
  if (!(await appShowsCompany(ctx.db, ctx.app.uid, companyUid))) throw new AppError('NOT_FOUND');
  const { count, rows } = await listEvents(ctx.db, companyUid, filters, at);
  return { count, results: rows.map(toEventDto) };
}

export async function getEvent(ctx: RequestContext, eventUid: string) {
  requireEvents(ctx);
  const event = await findEvent(ctx.db, ctx.app.uid, eventUid);
  if (!event) throw new AppError('NOT_FOUND');
  return toEventDto(event);
}
