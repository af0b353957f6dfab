import { randomUUID } from 'node:crypto';
import type {
  AdminPoll,
  AdminPollCreate,
  AdminPollPatch,
  AdminPollQuestionsInput,
  AdminPollResults,
  AdminPollsQuery,
} from '@storefront/contracts/admin-activities';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import { chosenImage } from '../../media/media.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { findCompanyProgram } from '../campaigns/campaigns.repository.ts';
import { announceCatalogueChange } from '../catalogue/catalogue.repository.ts';
import { changesRow, checkVersion } from '../catalogue/versions.ts';
import * as repo from './activities.repository.ts';

const AUDIT = 'poll';
const iso = (date: Date | null) => date?.toISOString() ?? null;

async function withQuestions(db: Executor, rows: repo.AdminPollRow[]): Promise<AdminPoll[]> {
  const { questions, options } = await repo.questionsOf(
    db,
    rows.map((row) => row.uid),
  );
  return rows.map((row) => ({
    uid: row.uid,
    program: row.programUid,
    title: row.title,
    description: row.description,
    image_uid: row.imageUid,
    image: row.image,
    valid_until: iso(row.validUntil),
    position: row.position,
    questions: questions
      .filter((q) => q.pollUid === row.uid)
      .map((q) => ({
        uid: q.uid,
        text: q.text,
        type: q.type as 'CHOICE' | 'TEXT',
        options: options.filter((o) => o.questionUid === q.uid).map((o) => ({ uid: o.uid, text: o.text })),
      })),
    responses: row.responses,
    version: row.version,
  }));
}

const audited = ({ uid: _, image: __, responses: ___, version: ____, ...fields }: AdminPoll) => fields;

export async function listPolls(ctx: AdminContext, query: AdminPollsQuery, at: PageRequest) {
  const { rows, count } = await repo.listPolls(ctx.db, ctx.company.uid, query, at);
  return { count, results: await withQuestions(ctx.db, rows) };
}

async function pollOf(db: Executor, ctx: AdminContext, uid: string, lock = false): Promise<AdminPoll> {
  const row = await repo.findPoll(db, ctx.company.uid, uid, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return (await withQuestions(db, [row]))[0] as AdminPoll;
}

export const getPoll = (ctx: AdminContext, uid: string) => pollOf(ctx.db, ctx, uid);

type Questions = { uid: string; text: string; type: string; options: { uid: string; text: string }[] }[];

/**
 * The questions as they will be stored: uids kept where sent (they must be this poll's own), new ones
 * drawn. A choice question needs two options or more; a text question has none. Once members answered,
 * only texts change: the same questions and options, in the same order, of the same types.
 */
function plannedQuestions(
  ctx: AdminContext,
  input: AdminPollQuestionsInput,
  current: AdminPoll | null,
): Questions {
  const errors: FieldErrors = {};
  const say = (path: string, key: keyof typeof FIELD_MESSAGES) => {
    errors[path] = [FIELD_MESSAGES[key][ctx.language]];
  };
  const ownQuestions = new Set(current?.questions.map((q) => q.uid) ?? []);
  const ownOptions = new Map(current?.questions.flatMap((q) => q.options.map((o) => [o.uid, q.uid])) ?? []);
  input.forEach((question, i) => {
    if (question.type === 'CHOICE' && question.options.length < 2)
      say(`questions.${i}.options`, 'choiceNeedsOptions');
    if (question.type === 'TEXT' && question.options.length > 0)
      say(`questions.${i}.options`, 'textWithoutOptions');
    if (question.uid && !ownQuestions.has(question.uid)) say(`questions.${i}.uid`, 'notInCompany');
    question.options.forEach((option, j) => {
      if (option.uid && ownOptions.get(option.uid) !== question.uid)
        say(`questions.${i}.options.${j}.uid`, 'notInCompany');
    });
  });
  const sent = [...input.map((q) => q.uid), ...input.flatMap((q) => q.options.map((o) => o.uid))].filter(
    Boolean,
  );
  if (new Set(sent).size !== sent.length) say('questions', 'repeatedName');
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
  const planned = input.map((q) => ({
    uid: q.uid ?? randomUUID(),
    text: q.text,
    type: q.type,
    options: q.options.map((o) => ({ uid: o.uid ?? randomUUID(), text: o.text })),
  }));
  if (current && current.responses > 0) {
    const shape = (questions: Questions) =>
      JSON.stringify(questions.map((q) => [q.uid, q.type, q.options.map((o) => o.uid)]));
    if (shape(planned) !== shape(current.questions))
      throw new AppError('VALIDATION', { questions: [FIELD_MESSAGES.pollAnswered[ctx.language]] });
  }
  return planned;
}

function columnsOf(body: AdminPollPatch) {
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.image_uid !== undefined ? { imageUid: body.image_uid } : {}),
    ...(body.valid_until !== undefined
      ? { validUntil: body.valid_until === null ? null : new Date(body.valid_until) }
      : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  };
}

export function createPoll(ctx: AdminContext, body: AdminPollCreate): Promise<AdminPoll> {
  return ctx.db.transaction(async (tx) => {
    const program = await findCompanyProgram(tx, ctx.company.uid, body.program);
    if (!program) throw new AppError('VALIDATION', { program: [FIELD_MESSAGES.notInCompany[ctx.language]] });
    const questions = plannedQuestions(ctx, body.questions, null);
    const uid = randomUUID();
    await repo.insertPoll(tx, {
      uid,
      programUid: program.uid,
      title: body.title,
      ...columnsOf(body),
      ...(await chosenImage(tx, ctx, body.image_uid, null)),
      position: body.position ?? (await repo.nextPollPosition(tx, program.uid)),
    });
    await repo.replaceQuestions(tx, uid, questions);
    const created = await pollOf(tx, ctx, uid);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
    return created;
  });
}

/**
 * Changes the fields sent, under the poll's row lock: a member's answer takes a key-share lock on the
 * poll before it reads the questions, so the count of responses checked here cannot change meanwhile.
 */
export function updatePoll(
  ctx: AdminContext,
  uid: string,
  body: AdminPollPatch,
  ifMatch: number | undefined,
): Promise<AdminPoll> {
  return ctx.db.transaction(async (tx) => {
    const before = await pollOf(tx, ctx, uid, true);
    checkVersion(ifMatch, before);
    const questions = body.questions && plannedQuestions(ctx, body.questions, before);
    const image = await chosenImage(tx, ctx, body.image_uid, before.image_uid);
    const row = (await repo.findPoll(tx, ctx.company.uid, uid)) as repo.AdminPollRow;
    const changes = { ...columnsOf(body), ...image };
    const changed =
      changesRow(changes, row) ||
      (questions !== undefined && JSON.stringify(questions) !== JSON.stringify(before.questions));
    // A save that changes nothing keeps the version (and writes no audit line).
    if (!changed) return before;
    await repo.updatePoll(tx, uid, changes);
    if (questions) await repo.replaceQuestions(tx, uid, questions);
    const after = await pollOf(tx, ctx, uid);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

const TEXTS_SHOWN = 20;

/** Each question's answers counted from the responses: per option its count and share of the question's. */
export async function pollResults(ctx: AdminContext, uid: string): Promise<AdminPollResults> {
  const poll = await pollOf(ctx.db, ctx, uid);
  const [counts, texts] = await Promise.all([
    repo.optionCounts(ctx.db, poll.uid),
    repo.newestTexts(ctx.db, poll.uid, TEXTS_SHOWN),
  ]);
  return {
    poll: poll.uid,
    responses: poll.responses,
    questions: poll.questions.map((question) => {
      const answers = counts.filter((row) => row.question === question.uid);
      const answered = answers.reduce((sum, row) => sum + row.n, 0);
      return {
        uid: question.uid,
        text: question.text,
        type: question.type,
        answered,
        options: question.options.map((option) => {
          const n = answers.find((row) => row.option === option.uid)?.n ?? 0;
          return {
            ...option,
            count: n,
            share: answered === 0 ? 0 : Math.round((n / answered) * 10_000) / 10_000,
          };
        }),
        texts: texts.filter((row) => row.question === question.uid).map((row) => row.text),
      };
    }),
  };
}
