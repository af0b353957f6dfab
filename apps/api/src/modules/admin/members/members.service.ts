import type {
  AdminAdjustment,
  AdminLedgerEntry,
  AdminLedgerQuery,
  AdminMember,
  AdminMemberDetail,
  AdminMembership,
  AdminMembersQuery,
} from '@storefront/contracts/admin-members';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Executor, Transaction } from '@storefront/db/client';
import type { WriteResult } from '../../../lib/idempotency.ts';
import type { PageRequest } from '../../../lib/paging.ts';
import { adjustBalance } from '../../loyalty/ledger.service.ts';
import { levelsOf } from '../../loyalty/programs.repository.ts';
import { levelProgress } from '../../loyalty/programs.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './members.repository.ts';

const PHONE = /^\+?\d{6,15}$/;

/**
 * The search of the members list, with the retail customer search's rules (decision 012): an e-mail
 * (contains '@') by its text; a phone typed with `+` exactly, without it every number ending with the
 * digits (a document number of digits matches too); anything else a document number (uppercased) or a
 * name.
 */
function matchOf(search: string | undefined): repo.MemberMatch | undefined {
  const value = search?.trim();
  if (!value) return undefined;
  const escaped = value.toLowerCase().replace(/[\\%_]/g, '\\$&');
  if (value.includes('@')) return { by: 'email', pattern: `%${escaped}%` };
  const compact = value.replace(/[\s()-]/g, '');
  if (PHONE.test(compact))
    return compact.startsWith('+')
      ? { by: 'phone', exact: compact, digits: '' }
      : { by: 'phone', exact: '', digits: compact };
  return { by: 'text', pattern: `%${escaped}%`, document: value.toUpperCase() };
}

function toMember({ user, joinedAt, blocked }: repo.MemberRow): AdminMember {
  return {
    uid: user.uid,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    document_type: user.documentType,
    document_number: user.documentNumber,
    mobile_number: user.mobileNumber,
    blocked,
    joined_at: joinedAt.toISOString(),
  };
}

export async function listMembers(ctx: AdminContext, query: AdminMembersQuery, at: PageRequest) {
  const { rows, count } = await repo.listMembers(
    ctx.db,
    ctx.company.uid,
    {
      match: matchOf(query.search),
      blocked: query.blocked === undefined ? undefined : query.blocked === 'true',
      ordering: query.ordering,
    },
    at,
  );
  return { count, results: rows.map(toMember) };
}

async function memberships(db: Executor, companyUid: string, userUid: string): Promise<AdminMembership[]> {
  const rows = await repo.membershipsOf(db, companyUid, userUid);
  const levels = await levelsOf(
    db,
    rows.map((row) => row.program.uid),
  );
  return rows.map(({ membership, program }) => {
    const { level } = levelProgress(
      levels.filter((l) => l.programUid === program.uid),
      membership.totalPoints,
    );
    return {
      uid: membership.uid,
      program: { uid: program.uid, name: program.name, stamps_required: program.stampsRequired },
      coins: membership.coins,
      points: membership.totalPoints,
      stamps: membership.stamps,
      balance: centsToDecimal(membership.balanceCents),
      level: level ? { uid: level.uid, name: level.name } : null,
      blocked: membership.blockedAt !== null,
      joined_at: membership.joinedAt.toISOString(),
    };
  });
}

/** A member of the company's programs with their memberships; anyone else (another company's) is 404. */
export async function getMember(
  ctx: AdminContext,
  userUid: string,
  db: Executor = ctx.db,
): Promise<AdminMemberDetail> {
  const row = await repo.findMember(db, ctx.company.uid, userUid);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toMember(row), memberships: await memberships(db, ctx.company.uid, userUid) };
}

export async function listLedger(
  ctx: AdminContext,
  userUid: string,
  query: AdminLedgerQuery,
  at: PageRequest,
) {
  if (!(await repo.findMember(ctx.db, ctx.company.uid, userUid))) throw new AppError('NOT_FOUND');
  const { rows, count } = await repo.listLedger(ctx.db, ctx.company.uid, userUid, query, at);
  const results: AdminLedgerEntry[] = rows.map(({ entry, programUid, staff }) => ({
    uid: entry.uid,
    program: programUid,
    kind: entry.kind as AdminLedgerEntry['kind'],
    amount: entry.amount,
    reason: entry.reason,
    note: entry.note,
    reference: entry.referenceType ? `${entry.referenceType}:${entry.referenceId}` : null,
    staff,
    created_at: entry.createdAt.toISOString(),
    expires_at: entry.expiresAt?.toISOString() ?? null,
  }));
  return { count, results };
}

const BALANCE_OF = { coins: 'coins', points: 'points', stamps: 'stamps' } as const;

/**
 * Adjusts one balance with a reason (POST members/{uid}/adjustments/, in the idempotent write's
 * transaction): a new ledger entry by the admin, audited in the same transaction. A debit that would
 * make the balance negative is refused with the ledger's "not enough coins" (points, stamps) and changes
 * nothing. A program of another company is a 400 on `program`.
 */
export async function adjust(
  ctx: AdminContext,
  tx: Transaction,
  userUid: string,
  body: AdminAdjustment,
): Promise<WriteResult<AdminMemberDetail>> {
  const before = await getMember(ctx, userUid, tx);
  const programs = await repo.programsOfCompany(tx, ctx.company.uid);
  if (!programs.some((p) => p.uid === body.program))
    throw new AppError('VALIDATION', { program: [FIELD_MESSAGES.notInCompany[ctx.language]] });
  const membership = await adjustBalance(
    tx,
    { appUid: ctx.company.appUid, userUid, programUid: body.program },
    { kind: body.kind, amount: body.amount, note: body.reason },
    ctx.user.uid,
  );
  const after = await getMember(ctx, userUid, tx);
  const field = BALANCE_OF[body.kind];
  const was = before.memberships.find((m) => m.program.uid === body.program)?.[field] ?? 0;
  const now = after.memberships.find((m) => m.program.uid === body.program)?.[field] ?? 0;
  await recordChange(
    tx,
    ctx,
    { type: 'membership', uid: membership.uid },
    'update',
    { [field]: was, adjustment: null },
    { [field]: now, adjustment: { amount: body.amount, reason: body.reason } },
  );
  return { status: 201, body: after };
}

/**
 * Blocks or unblocks the member in every program of the company. Their memberships are locked first,
 * as every ledger write locks them, so a redemption under way ends before the block or sees it.
 */
export function setBlocked(ctx: AdminContext, userUid: string, blocked: boolean): Promise<AdminMemberDetail> {
  return ctx.db.transaction(async (tx) => {
    const before = await getMember(ctx, userUid, tx);
    const uids = await repo.lockMemberships(tx, ctx.company.uid, userUid);
    const change = before.memberships.filter((m) => m.blocked !== blocked).map((m) => m.uid);
    if (change.length === 0) return before;
    await repo.setBlocked(
      tx,
      uids.filter((uid) => change.includes(uid)),
      blocked ? new Date() : null,
    );
    await recordChange(
      tx,
      ctx,
      { type: 'member', uid: userUid },
      'update',
      { blocked: before.blocked },
      { blocked },
    );
    return getMember(ctx, userUid, tx);
  });
}
