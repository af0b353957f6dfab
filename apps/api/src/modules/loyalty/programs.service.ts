import { AppError } from '@storefront/contracts/errors';
import type { MemberProgram, MemberQr, Program } from '@storefront/contracts/loyalty';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Executor, Transaction } from '@storefront/db/client';
import type { WriteResult } from '../../lib/idempotency.ts';
import type { PageRequest } from '../../lib/paging.ts';
import type { MemberContext, RequestContext } from '../../lib/request-context.ts';
import {
  findMembership,
  findProgramOfApp,
  type MembershipRow,
  type ProgramRow,
} from './ledger.repository.ts';
import { ensureMembership, loadBalance, stampRewardsOf } from './ledger.service.ts';
import {
  activityCountsOf,
  type LevelRow,
  levelsOf,
  listAds,
  listPrograms,
  listSections,
  lockGiftCard,
  markGiftCardRedeemed,
} from './programs.repository.ts';

const levelDto = (level: LevelRow) => ({ uid: level.uid, name: level.name, min_points: level.minPoints });

type ActivityCounts = Map<string, { raffles: number; polls: number }>;

export function toProgramDto(program: ProgramRow, levels: LevelRow[], activities: ActivityCounts): Program {
  return {
    uid: program.uid,
    name: program.name,
    description: program.description,
    image: program.image,
    company: program.companyUid,
    stamps_required: program.stampsRequired,
    stamp_reward: program.stampReward,
    coins_per_sol: program.coinsPerSol,
    points_per_sol: program.pointsPerSol,
    allows_manual_points: program.allowsManualPoints,
    levels: levels.filter((level) => level.programUid === program.uid).map(levelDto),
    raffles: activities.get(program.uid)?.raffles ?? 0,
    polls: activities.get(program.uid)?.polls ?? 0,
  };
}

/** The level reached with some total points, the next one, and the progress between them. */
export function levelProgress(levels: LevelRow[], totalPoints: number) {
  const sorted = [...levels].sort((a, b) => a.minPoints - b.minPoints);
  const level = sorted.filter((l) => l.minPoints <= totalPoints).at(-1) ?? null;
  const next = sorted.find((l) => l.minPoints > totalPoints) ?? null;
  if (!next) return { level, next, pointsToNext: 0, percent: 100 };
  const from = level?.minPoints ?? 0;
  const percent = Math.floor(((totalPoints - from) * 100) / (next.minPoints - from));
  return { level, next, pointsToNext: next.minPoints - totalPoints, percent };
}

/** The app's program, or 404 (another tenant's program included). */
export async function programOf(
  ctx: RequestContext,
  programUid: string,
  db: Executor = ctx.db,
): Promise<ProgramRow> {
  const program = await findProgramOfApp(db, ctx.app.uid, programUid);
  if (!program) throw new AppError('NOT_FOUND');
  return program;
}

export async function getPrograms(ctx: RequestContext, filters: { company?: string }, at: PageRequest) {
  const { count, rows } = await listPrograms(ctx.db, ctx.app.uid, filters, at);
  const uids = rows.map((row) => row.uid);
  const [levels, activities] = await Promise.all([levelsOf(ctx.db, uids), activityCountsOf(ctx.db, uids)]);
  return { count, results: rows.map((row) => toProgramDto(row, levels, activities)) };
}

/** A program's public face (name, levels, how it works), readable without signing in; 404 for another app's. */
export async function getProgram(ctx: RequestContext, programUid: string): Promise<Program> {
  const program = await programOf(ctx, programUid);
  const [levels, activities] = await Promise.all([
    levelsOf(ctx.db, [program.uid]),
    activityCountsOf(ctx.db, [program.uid]),
  ]);
  return toProgramDto(program, levels, activities);
}

async function memberProgramDto(
  db: Executor,
  program: ProgramRow,
  membership: MembershipRow | null,
): Promise<MemberProgram> {
  const [levels, activities] = await Promise.all([
    levelsOf(db, [program.uid]),
    activityCountsOf(db, [program.uid]),
  ]);
  const totalPoints = membership?.totalPoints ?? 0;
  const progress = levelProgress(levels, totalPoints);
  return {
    ...toProgramDto(program, levels, activities),
    is_member: membership !== null,
    joined_at: membership?.joinedAt.toISOString() ?? null,
    coins: membership?.coins ?? 0,
    total_points: totalPoints,
    balance: centsToDecimal(membership?.balanceCents ?? 0),
    level: progress.level ? levelDto(progress.level) : null,
    next_level: progress.next ? levelDto(progress.next) : null,
    points_to_next_level: progress.pointsToNext,
    percent: progress.percent,
    stamps: {
      available: membership?.stamps ?? 0,
      required: program.stampsRequired,
      rewards: membership ? await stampRewardsOf(db, membership.uid) : 0,
    },
  };
}

export async function getMemberProgram(ctx: MemberContext, programUid: string): Promise<MemberProgram> {
  const program = await programOf(ctx, programUid);
  return memberProgramDto(ctx.db, program, await findMembership(ctx.db, ctx.user.uid, program.uid));
}

/** Joining is idempotent: 201 the first time, 200 with the same standing after. */
export async function joinProgram(
  ctx: MemberContext,
  tx: Transaction,
  programUid: string,
): Promise<WriteResult<MemberProgram>> {
  const { program, membership, joined } = await ensureMembership(tx, {
    appUid: ctx.app.uid,
    userUid: ctx.user.uid,
    programUid,
  });
  return { status: joined ? 201 : 200, body: await memberProgramDto(tx, program, membership) };
}

/**
 * The member's QR for a program, joining it if needed. The membership uid is random (122 bits), so the
 * code identifies the member without a secret; retail staff look it up with search type QR.
 */
export async function getMemberQr(
  ctx: MemberContext,
  tx: Transaction,
  programUid: string,
): Promise<MemberQr> {
  const { membership } = await ensureMembership(tx, {
    appUid: ctx.app.uid,
    userUid: ctx.user.uid,
    programUid,
  });
  return { qrMember: `MEMBER:${membership.uid}` };
}

export async function getSections(ctx: MemberContext, programUid: string, at: PageRequest) {
  const program = await programOf(ctx, programUid);
  const { count, rows } = await listSections(ctx.db, program.uid, at);
  return {
    count,
    results: rows.map((s) => ({
      uid: s.uid,
      type: s.type,
      title: s.title,
      description: s.description,
      image: s.image,
      position: s.position,
    })),
  };
}

export async function getAds(ctx: MemberContext, programUid: string, at: PageRequest) {
  const program = await programOf(ctx, programUid);
  const { count, rows } = await listAds(ctx.db, program.uid, at);
  return {
    count,
    results: rows.map((a) => ({
      uid: a.uid,
      title: a.title,
      description: a.description,
      image: a.image,
      link: a.link,
      position: a.position,
    })),
  };
}

/** Loads a gift card's amount onto the member's balance in its program, once (docs/decisions). */
export async function redeemGiftCard(ctx: MemberContext, tx: Transaction, code: string) {
  const card = await lockGiftCard(tx, ctx.app.uid, code);
  if (!card) throw new AppError('CODE_NOT_FOUND');
  if (card.redeemedAt) throw new AppError('GIFT_CARD_ALREADY_USED');
  if (card.voidedAt) throw new AppError('GIFT_CARD_VOIDED');
  const member = { appUid: ctx.app.uid, userUid: ctx.user.uid, programUid: card.programUid };
  const membership = await loadBalance(tx, member, {
    amountCents: card.balanceCents,
    reference: { type: 'gift_card', id: card.uid },
  });
  await markGiftCardRedeemed(tx, card.uid, membership.uid);
  return {
    status: 200,
    body: {
      code: card.code,
      program: card.programUid,
      amount: centsToDecimal(card.balanceCents),
      balance: centsToDecimal(membership.balanceCents),
    },
  };
}
