import { randomUUID } from 'node:crypto';
import type {
  AdminRaffle,
  AdminRaffleCreate,
  AdminRaffleDraw,
  AdminRafflePatch,
  AdminRaffleRegistration,
  AdminRafflesQuery,
} from '@storefront/contracts/admin-activities';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import { findAppByUid } from '../../apps/apps.repository.ts';
import { queueMail } from '../../mail/mail.service.ts';
import { chosenImage } from '../../media/media.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { findCompanyProgram } from '../campaigns/campaigns.repository.ts';
import { announceCatalogueChange } from '../catalogue/catalogue.repository.ts';
import { changesRow, checkVersion } from '../catalogue/versions.ts';
import * as repo from './activities.repository.ts';
import { raffleWonMail } from './raffle.mail.ts';
import { DRAW_ALGORITHM, newSeed, pickWinners } from './raffle-draw.ts';

const AUDIT = 'raffle';
const iso = (date: Date | null) => date?.toISOString() ?? null;

async function drawOf(db: Executor, draw: repo.DrawRow): Promise<AdminRaffleDraw> {
  const members = new Map((await repo.registrationsByUid(db, draw.winnerUids)).map((r) => [r.uid, r]));
  return {
    uid: draw.uid,
    raffle: draw.raffleUid,
    algorithm: draw.algorithm,
    seed: draw.seed,
    registrations: draw.registrationUids,
    winners: draw.winnerUids.map((uid) => {
      const member = members.get(uid);
      return {
        registration: uid,
        user: member?.user ?? '',
        email: member?.email ?? null,
        first_name: member?.firstName ?? '',
        last_name: member?.lastName ?? '',
      };
    }),
    drawn_at: draw.drawnAt.toISOString(),
    drawn_by: draw.drawnBy,
  };
}

function toRaffle(row: repo.AdminRaffleRow, draw: AdminRaffleDraw | null): AdminRaffle {
  return {
    uid: row.uid,
    program: row.programUid,
    title: row.title,
    description: row.description,
    image_uid: row.imageUid,
    image: row.image,
    terms: row.terms,
    prize: row.prize,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    draw_date: row.drawDate,
    fields: row.fields,
    winners_count: row.winnersCount,
    registrations: row.registrations,
    draw,
    version: row.version,
  };
}

async function withDraws(db: Executor, rows: repo.AdminRaffleRow[]): Promise<AdminRaffle[]> {
  const draws = new Map(
    (
      await repo.drawsOf(
        db,
        rows.map((r) => r.uid),
      )
    ).map((d) => [d.raffleUid, d]),
  );
  return Promise.all(
    rows.map(async (row) => {
      const draw = draws.get(row.uid);
      return toRaffle(row, draw ? await drawOf(db, draw) : null);
    }),
  );
}

/** The fields the audit log compares (not the counts members change, nor the draw: it has its own line). */
const audited = ({
  uid: _,
  image: __,
  registrations: ___,
  draw: ____,
  version: _____,
  ...fields
}: AdminRaffle) => fields;

export async function listRaffles(ctx: AdminContext, query: AdminRafflesQuery, at: PageRequest) {
  const { rows, count } = await repo.listRaffles(ctx.db, ctx.company.uid, query, at);
  return { count, results: await withDraws(ctx.db, rows) };
}

async function raffleOf(db: Executor, ctx: AdminContext, uid: string, lock = false) {
  const row = await repo.findRaffle(db, ctx.company.uid, uid, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getRaffle(ctx: AdminContext, uid: string): Promise<AdminRaffle> {
  const [raffle] = await withDraws(ctx.db, [await raffleOf(ctx.db, ctx, uid)]);
  return raffle as AdminRaffle;
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** What the draw fixed: once drawn, the dates, the fields asked and the number of winners stay. */
const FIXED_BY_DRAW = ['starts_at', 'ends_at', 'fields', 'winners_count'] as const;

function checkRaffle(
  ctx: AdminContext,
  next: { startsAt: Date | null; endsAt: Date | null },
  body: AdminRafflePatch,
  drawn: boolean,
) {
  const errors: FieldErrors = {};
  const text = (key: keyof typeof FIELD_MESSAGES) => [FIELD_MESSAGES[key][ctx.language]];
  if (next.startsAt && next.endsAt && next.endsAt <= next.startsAt) errors.ends_at = text('endBeforeStart');
  const names = (body.fields ?? []).map((field) => field.name);
  // A member's answers travel beside `accepted_terms` in the registration's body.
  const taken = ['accepted_terms'];
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i || taken.includes(name)) errors[`fields.${i}.name`] = text('repeatedName');
  });
  if (drawn) for (const key of FIXED_BY_DRAW) if (body[key] !== undefined) errors[key] = text('raffleDrawn');
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
}

function columnsOf(body: AdminRafflePatch) {
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.image_uid !== undefined ? { imageUid: body.image_uid } : {}),
    ...(body.terms !== undefined ? { terms: body.terms } : {}),
    ...(body.prize !== undefined ? { prize: body.prize } : {}),
    ...(body.starts_at !== undefined ? { startsAt: date(body.starts_at) } : {}),
    ...(body.ends_at !== undefined ? { endsAt: date(body.ends_at) } : {}),
    ...(body.draw_date !== undefined ? { drawDate: body.draw_date } : {}),
    ...(body.fields !== undefined ? { fields: body.fields } : {}),
    ...(body.winners_count !== undefined ? { winnersCount: body.winners_count } : {}),
  };
}

export function createRaffle(ctx: AdminContext, body: AdminRaffleCreate): Promise<AdminRaffle> {
  return ctx.db.transaction(async (tx) => {
    const program = await findCompanyProgram(tx, ctx.company.uid, body.program);
    if (!program) throw new AppError('VALIDATION', { program: [FIELD_MESSAGES.notInCompany[ctx.language]] });
    const { program: _, ...fields } = body;
    checkRaffle(
      ctx,
      { startsAt: date(body.starts_at) ?? null, endsAt: date(body.ends_at) ?? null },
      fields,
      false,
    );
    const uid = randomUUID();
    await repo.insertRaffle(tx, {
      uid,
      programUid: program.uid,
      title: body.title,
      ...columnsOf(fields),
      ...(await chosenImage(tx, ctx, body.image_uid, null)),
    });
    const created = toRaffle(await raffleOf(tx, ctx, uid), null);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
    return created;
  });
}

/** Changes the fields sent, under the raffle's row lock (the one a draw takes). */
export function updateRaffle(
  ctx: AdminContext,
  uid: string,
  body: AdminRafflePatch,
  ifMatch: number | undefined,
): Promise<AdminRaffle> {
  return ctx.db.transaction(async (tx) => {
    const row = await raffleOf(tx, ctx, uid, true);
    const [before] = (await withDraws(tx, [row])) as [AdminRaffle];
    checkVersion(ifMatch, before);
    checkRaffle(
      ctx,
      {
        startsAt: body.starts_at === undefined ? row.startsAt : (date(body.starts_at) ?? null),
        endsAt: body.ends_at === undefined ? row.endsAt : (date(body.ends_at) ?? null),
      },
      body,
      before.draw !== null,
    );
    const changes = { ...columnsOf(body), ...(await chosenImage(tx, ctx, body.image_uid, before.image_uid)) };
    const changed = changesRow(changes, row);
    // A save that changes nothing keeps the version (and writes no audit line).
    if (!changed) return before;
    await repo.updateRaffle(tx, uid, changes);
    const after = toRaffle(await raffleOf(tx, ctx, uid), before.draw);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

/**
 * Draws the winners once (decision 019, raffles). The raffle's row is locked first: of concurrent draws
 * one records its draw and the others, waiting on the lock, find it and answer 409. A registration
 * being written holds a key-share lock on the raffle, so the draw waits for it and reads it. The draw
 * comes after the registrations close (`ends_at` passed), so that nobody registers after it. The winners
 * get their mail through the outbox, in the draw's transaction.
 */
export function drawRaffle(ctx: AdminContext, uid: string): Promise<AdminRaffleDraw> {
  return ctx.db.transaction(async (tx) => {
    const raffle = await raffleOf(tx, ctx, uid, true);
    if ((await repo.drawsOf(tx, [raffle.uid])).length > 0) throw new AppError('RAFFLE_ALREADY_DRAWN');
    if (!raffle.endsAt || raffle.endsAt > new Date()) throw new AppError('RAFFLE_STILL_OPEN');
    const registrations = await repo.registeredUids(tx, raffle.uid);
    if (registrations.length === 0) throw new AppError('RAFFLE_NO_REGISTRATIONS');
    const seed = newSeed();
    const saved = await repo.insertDraw(tx, {
      raffleUid: raffle.uid,
      algorithm: DRAW_ALGORITHM,
      seed,
      registrationUids: registrations,
      winnerUids: pickWinners(seed, registrations, raffle.winnersCount),
      drawnBy: ctx.user.uid,
    });
    const draw = await drawOf(tx, saved);
    const app = await findAppByUid(tx, ctx.company.appUid);
    const winners = await repo.registrationsByUid(tx, saved.winnerUids);
    for (const winner of winners) {
      if (!winner.email) continue;
      const language = winner.language === 'en' ? 'en' : 'es';
      const verified = winner.emailVerified;
      const mail = raffleWonMail(
        language,
        app?.name ?? '',
        { firstName: winner.firstName, verified },
        raffle,
        saved.uid,
      );
      await queueMail(tx, { appUid: ctx.company.appUid, to: winner.email, verified, ...mail });
    }
    await recordChange(tx, ctx, { type: 'raffle_draw', uid: saved.uid }, 'create', null, {
      raffle: raffle.uid,
      algorithm: draw.algorithm,
      seed: draw.seed,
      registrations: draw.registrations.length,
      winners: saved.winnerUids,
    });
    return draw;
  });
}

export async function listRegistrations(
  ctx: AdminContext,
  raffleUid: string,
  search: string | undefined,
  at: PageRequest,
): Promise<{ count: number; results: AdminRaffleRegistration[] }> {
  const raffle = await raffleOf(ctx.db, ctx, raffleUid);
  const [draw] = await repo.drawsOf(ctx.db, [raffle.uid]);
  const winners = new Set(draw?.winnerUids ?? []);
  const { rows, count } = await repo.listRegistrations(ctx.db, raffle.uid, search, at);
  return {
    count,
    results: rows.map((row) => ({
      uid: row.uid,
      user: row.user,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      data: row.data,
      created_at: row.createdAt.toISOString(),
      winner: winners.has(row.uid),
    })),
  };
}
