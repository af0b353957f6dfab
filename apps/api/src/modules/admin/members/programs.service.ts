import { randomUUID } from 'node:crypto';
import {
  type AdminProgram,
  type AdminProgramPatch,
  levelsInOrder,
} from '@storefront/contracts/admin-members';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { announceCatalogueChange } from '../catalogue/catalogue.repository.ts';
import { checkVersion } from '../catalogue/versions.ts';
import * as repo from './programs.repository.ts';

function toProgram(program: repo.ProgramRow, levels: repo.LevelRow[]): AdminProgram {
  return {
    uid: program.uid,
    name: program.name,
    stamps_required: program.stampsRequired,
    stamp_reward: program.stampReward,
    coins_per_sol: program.coinsPerSol,
    points_per_sol: program.pointsPerSol,
    coin_expiry_days: program.coinExpiryDays,
    point_expiry_days: program.pointExpiryDays,
    allows_manual_points: program.allowsManualPoints,
    levels: levels.map((level) => ({ uid: level.uid, name: level.name, min_points: level.minPoints })),
    version: program.version,
  };
}

const withLevels = async (db: Executor, program: repo.ProgramRow) =>
  toProgram(program, await repo.levelsOfProgram(db, program.uid));

export async function listPrograms(ctx: AdminContext, at: PageRequest) {
  const { rows, count } = await repo.listPrograms(ctx.db, ctx.company.uid, at);
  return { count, results: await Promise.all(rows.map((row) => withLevels(ctx.db, row))) };
}

export async function getProgram(
  ctx: AdminContext,
  uid: string,
  db: Executor = ctx.db,
): Promise<AdminProgram> {
  const program = await repo.findProgram(db, ctx.company.uid, uid);
  if (!program) throw new AppError('NOT_FOUND');
  return withLevels(db, program);
}

const levelsError = (ctx: AdminContext, message: keyof typeof FIELD_MESSAGES) =>
  new AppError('VALIDATION', { levels: [FIELD_MESSAGES[message][ctx.language]] });

/** The levels as given, checked (levelsInOrder); a uid not among this program's levels is refused; new ones get a uid. */
async function checkedLevels(
  tx: Executor,
  ctx: AdminContext,
  programUid: string,
  levels: AdminProgramPatch['levels'],
) {
  if (!levels) return undefined;
  if (!levelsInOrder(levels)) throw levelsError(ctx, 'levelsAscending');
  const given = levels.flatMap((level) => (level.uid ? [level.uid] : []));
  const owners = await repo.levelOwners(tx, given);
  const ours = owners.filter((owner) => owner.programUid === programUid).length;
  if (new Set(given).size !== given.length || ours !== given.length) throw levelsError(ctx, 'invalid');
  return levels.map((level) => ({
    uid: level.uid ?? `level-${randomUUID()}`,
    name: level.name,
    minPoints: level.min_points,
  }));
}

/** The fields the audit log compares. */
const audited = ({ version: _version, uid: _uid, ...rules }: AdminProgram) => rules;

/**
 * Changes a program's rules. They apply to what is earned from then on: earning reads the program when
 * it happens and the ledger keeps what was written, so nothing past is rewritten. The storefront's kept
 * pages are dropped on every process (catalogue_events, as the catalogue's writes do).
 */
export function updateProgram(
  ctx: AdminContext,
  uid: string,
  body: AdminProgramPatch,
  ifMatch: number | undefined,
): Promise<AdminProgram> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findProgram(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = await withLevels(tx, row);
    checkVersion(ifMatch, before);
    const levels = await checkedLevels(tx, ctx, uid, body.levels);
    const changes = {
      name: body.name,
      stampsRequired: body.stamps_required,
      stampReward: body.stamp_reward,
      coinsPerSol: body.coins_per_sol,
      pointsPerSol: body.points_per_sol,
      coinExpiryDays: body.coin_expiry_days,
      pointExpiryDays: body.point_expiry_days,
      allowsManualPoints: body.allows_manual_points,
    };
    const next = {
      ...before,
      ...Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'levels')),
    };
    const sameLevels =
      !levels ||
      JSON.stringify(levels.map((l) => [l.uid, l.name, l.minPoints])) ===
        JSON.stringify(before.levels.map((l) => [l.uid, l.name, l.min_points]));
    // A write that changes nothing keeps the version (and writes no audit line).
    if (
      sameLevels &&
      JSON.stringify(audited({ ...next, levels: before.levels })) === JSON.stringify(audited(before))
    )
      return before;
    await repo.updateProgram(
      tx,
      uid,
      Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    );
    if (levels && !sameLevels) await repo.replaceLevels(tx, uid, levels);
    const after = await getProgram(ctx, uid, tx);
    await recordChange(tx, ctx, { type: 'program', uid }, 'update', audited(before), audited(after));
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    return after;
  });
}
