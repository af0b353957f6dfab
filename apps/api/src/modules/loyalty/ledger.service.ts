import { AppError, type ErrorCode } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import {
  BALANCE_FIELD,
  countEntries,
  dueCredits,
  findMembership,
  findProgramOfApp,
  hasEntryFor,
  insertEntry,
  insertMembershipIfMissing,
  type LedgerKind,
  lockMembership,
  type MembershipRow,
  membershipsWithDueCredits,
  openCredits,
  type ProgramRow,
  setBalance,
  setRemaining,
} from './ledger.repository.ts';

/**
 * The loyalty ledger (architecture §4): the ONLY way coins, points, stamps and gift balance change.
 * Every function runs in the caller's transaction, locks the membership row, appends an entry and
 * updates the cached balance, so a balance always equals its ledger's sum and never goes below zero.
 */

export type LedgerReason =
  | 'EARN_ORDER'
  | 'SPEND_ORDER'
  | 'SPEND_PURCHASE'
  | 'REFUND'
  | 'STAMP'
  | 'STAMP_REWARD'
  | 'MANUAL_POINTS'
  | 'EXPIRE'
  | 'GIFT_CARD'
  | 'OPENING_BALANCE'
  | 'ADMIN_ADJUSTMENT';

export type { LedgerKind, MembershipRow };

/** Who and which program a movement is for; the membership is created on first use. */
export interface MemberRef {
  appUid: string;
  userUid: string;
  programUid: string;
}

export interface Reference {
  type: string;
  id: string;
}

const NOT_ENOUGH: Record<LedgerKind, ErrorCode> = {
  coins: 'NOT_ENOUGH_COINS',
  points: 'NOT_ENOUGH_POINTS',
  stamps: 'NOT_ENOUGH_STAMPS',
  balance: 'NOT_ENOUGH_BALANCE',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What still moves for a blocked member: money owed back to them (refunds), the tenant file's opening
 * balances and the company's own corrections. Everything the member does (earn, spend, stamps, points,
 * gift cards) is refused (expiry is not a movement of theirs and runs outside `move`).
 */
const ALLOWED_WHEN_BLOCKED = new Set<LedgerReason>(['REFUND', 'OPENING_BALANCE', 'ADMIN_ADJUSTMENT']);

/** Refuses the member's own use of a program where the company blocked them ("your account is blocked"). */
export function assertNotBlocked(membership: MembershipRow): void {
  if (membership.blockedAt) throw new AppError('MEMBER_BLOCKED');
}

interface Movement {
  kind: LedgerKind;
  amount: number;
  reason: LedgerReason;
  reference?: Reference;
  staffUid?: string | null;
  note?: string;
  expiresAt?: Date | null;
  now?: Date;
}

/** The program of the app (404 otherwise) and the member's membership in it, joining if needed. */
export async function ensureMembership(
  tx: Executor,
  member: MemberRef,
): Promise<{ program: ProgramRow; membership: MembershipRow; joined: boolean }> {
  const program = await findProgramOfApp(tx, member.appUid, member.programUid);
  if (!program) throw new AppError('NOT_FOUND');
  const joined = await insertMembershipIfMissing(tx, member.appUid, member.userUid, program.uid);
  const membership = await findMembership(tx, member.userUid, program.uid);
  if (!membership) throw new Error('membership vanished after insert');
  return { program, membership, joined };
}

/**
 * Appends one movement. A debit consumes the open credits of its kind, oldest expiry first, so that the
 * unspent parts of credits always add up to the balance and expiring them can never make it negative.
 */
async function move(tx: Executor, membershipUid: string, m: Movement): Promise<MembershipRow> {
  if (!Number.isInteger(m.amount) || m.amount === 0) throw new Error(`bad ledger amount ${m.amount}`);
  const locked = await lockMembership(tx, membershipUid);
  if (!ALLOWED_WHEN_BLOCKED.has(m.reason)) assertNotBlocked(locked);
  const next = locked[BALANCE_FIELD[m.kind]] + m.amount;
  if (next < 0) throw new AppError(NOT_ENOUGH[m.kind]);
  if (m.amount < 0) {
    let owed = -m.amount;
    for (const credit of await openCredits(tx, membershipUid, m.kind)) {
      if (owed === 0) break;
      const take = Math.min(owed, credit.remaining ?? 0);
      await setRemaining(tx, credit.uid, (credit.remaining ?? 0) - take);
      owed -= take;
    }
  }
  await insertEntry(tx, {
    membershipUid,
    kind: m.kind,
    amount: m.amount,
    reason: m.reason,
    referenceType: m.reference?.type ?? null,
    referenceId: m.reference?.id ?? null,
    staffUserUid: m.staffUid ?? null,
    note: m.note ?? null,
    expiresAt: m.amount > 0 ? (m.expiresAt ?? null) : null,
    remaining: m.amount > 0 ? m.amount : null,
    ...(m.now ? { createdAt: m.now } : {}),
  });
  return setBalance(tx, membershipUid, m.kind, next);
}

const expiry = (days: number | null, now: Date) =>
  days === null ? null : new Date(now.getTime() + days * DAY_MS);

/**
 * Coins and points for an order DELIVERED (architecture §4): the program's rates per whole S/ 1 paid.
 * Calling it again for the same order changes nothing.
 */
export async function earnForDeliveredOrder(
  tx: Executor,
  member: MemberRef,
  order: { uid: string; paidCents: number; now?: Date },
): Promise<{ coins: number; points: number; membership: MembershipRow }> {
  const { program, membership } = await ensureMembership(tx, member);
  const locked = await lockMembership(tx, membership.uid);
  const reference = { type: 'order', id: order.uid };
  // A blocked member earns nothing, but their order is still delivered.
  if (
    locked.blockedAt ||
    (await hasEntryFor(tx, membership.uid, 'EARN_ORDER', reference.type, reference.id))
  ) {
    return { coins: 0, points: 0, membership: locked };
  }
  const now = order.now ?? new Date();
  const soles = Math.floor(order.paidCents / 100);
  const coins = soles * program.coinsPerSol;
  const points = soles * program.pointsPerSol;
  let current = membership;
  if (coins > 0) {
    current = await move(tx, membership.uid, {
      kind: 'coins',
      amount: coins,
      reason: 'EARN_ORDER',
      reference,
      expiresAt: expiry(program.coinExpiryDays, now),
      now: order.now,
    });
  }
  if (points > 0) {
    current = await move(tx, membership.uid, {
      kind: 'points',
      amount: points,
      reason: 'EARN_ORDER',
      reference,
      expiresAt: expiry(program.pointExpiryDays, now),
      now: order.now,
    });
  }
  return { coins, points, membership: current };
}

/** Takes coins (an order paid with coins, a promotion bought); "not enough coins" if short. */
export async function spendCoins(
  tx: Executor,
  member: MemberRef,
  spend: { amount: number; reason?: 'SPEND_ORDER' | 'SPEND_PURCHASE'; reference: Reference; now?: Date },
): Promise<MembershipRow> {
  const { membership } = await ensureMembership(tx, member);
  if (spend.amount === 0) return lockMembership(tx, membership.uid);
  return move(tx, membership.uid, {
    kind: 'coins',
    amount: -spend.amount,
    reason: spend.reason ?? 'SPEND_ORDER',
    reference: spend.reference,
    now: spend.now,
  });
}

/** Gives spent coins back (a cancelled order or redemption). */
export async function refundCoins(
  tx: Executor,
  member: MemberRef,
  refund: { amount: number; reference: Reference; now?: Date },
): Promise<MembershipRow> {
  const { membership } = await ensureMembership(tx, member);
  if (refund.amount === 0) return lockMembership(tx, membership.uid);
  return move(tx, membership.uid, {
    kind: 'coins',
    amount: refund.amount,
    reason: 'REFUND',
    reference: refund.reference,
    now: refund.now,
  });
}

/**
 * One stamp on the member's card, by staff. Reaching the program's required stamps unlocks the
 * reward (a STAMP_REWARD entry taking the card's stamps) and starts a new card.
 */
export async function addStamp(
  tx: Executor,
  member: MemberRef,
  staffUid: string | null,
  reference?: Reference,
): Promise<{ membership: MembershipRow; rewardUnlocked: boolean }> {
  const { program, membership } = await ensureMembership(tx, member);
  let current = await move(tx, membership.uid, {
    kind: 'stamps',
    amount: 1,
    reason: 'STAMP',
    reference,
    staffUid,
  });
  const required = program.stampsRequired;
  if (required <= 0 || current.stamps < required) return { membership: current, rewardUnlocked: false };
  current = await move(tx, membership.uid, {
    kind: 'stamps',
    amount: -required,
    reason: 'STAMP_REWARD',
    reference,
    staffUid,
    note: program.stampReward,
  });
  return { membership: current, rewardUnlocked: true };
}

/** Points given by staff with a description, where the program allows it (spec §6). */
export async function addPoints(
  tx: Executor,
  member: MemberRef,
  points: { amount: number; description: string },
  staffUid: string | null,
): Promise<MembershipRow> {
  const { program, membership } = await ensureMembership(tx, member);
  if (!program.allowsManualPoints) throw new AppError('MANUAL_POINTS_DISABLED');
  if (!Number.isInteger(points.amount) || points.amount <= 0) throw new AppError('VALIDATION');
  return move(tx, membership.uid, {
    kind: 'points',
    amount: points.amount,
    reason: 'MANUAL_POINTS',
    staffUid,
    note: points.description,
    expiresAt: expiry(program.pointExpiryDays, new Date()),
  });
}

/** Gift-card money onto the member's balance (cents). */
export async function loadBalance(
  tx: Executor,
  member: MemberRef,
  load: { amountCents: number; reference: Reference },
): Promise<MembershipRow> {
  const { membership } = await ensureMembership(tx, member);
  return move(tx, membership.uid, {
    kind: 'balance',
    amount: load.amountCents,
    reason: 'GIFT_CARD',
    reference: load.reference,
  });
}

/** Gift-card money spent at checkout; "not enough balance" if short. */
export async function spendBalance(
  tx: Executor,
  member: MemberRef,
  spend: { amountCents: number; reference: Reference },
): Promise<MembershipRow> {
  const { membership } = await ensureMembership(tx, member);
  if (spend.amountCents === 0) return lockMembership(tx, membership.uid);
  return move(tx, membership.uid, {
    kind: 'balance',
    amount: -spend.amountCents,
    reason: 'SPEND_ORDER',
    reference: spend.reference,
  });
}

/** Gives spent gift balance back (a cancelled order). */
export async function refundBalance(
  tx: Executor,
  member: MemberRef,
  refund: { amountCents: number; reference: Reference },
): Promise<MembershipRow> {
  const { membership } = await ensureMembership(tx, member);
  if (refund.amountCents === 0) return lockMembership(tx, membership.uid);
  return move(tx, membership.uid, {
    kind: 'balance',
    amount: refund.amountCents,
    reason: 'REFUND',
    reference: refund.reference,
  });
}

/**
 * A correction by the company's admin (issue 18): a new entry with the admin as staff and the reason as
 * its note, never an edit of past ones. A debit below zero is refused ("not enough coins"...). Credits
 * expire by the program's rule like any other.
 */
export async function adjustBalance(
  tx: Executor,
  member: MemberRef,
  adjustment: { kind: Exclude<LedgerKind, 'balance'>; amount: number; note: string },
  staffUid: string,
): Promise<MembershipRow> {
  const { program, membership } = await ensureMembership(tx, member);
  const days = { coins: program.coinExpiryDays, points: program.pointExpiryDays, stamps: null }[
    adjustment.kind
  ];
  return move(tx, membership.uid, {
    kind: adjustment.kind,
    amount: adjustment.amount,
    reason: 'ADMIN_ADJUSTMENT',
    staffUid,
    note: adjustment.note,
    expiresAt: expiry(days, new Date()),
  });
}

/** A balance loaded by the tenant file (demo data), as an entry like any other. */
export async function openingBalance(
  tx: Executor,
  membershipUid: string,
  kind: LedgerKind,
  amount: number,
): Promise<MembershipRow> {
  return move(tx, membershipUid, { kind, amount, reason: 'OPENING_BALANCE' });
}

/** How many stamp rewards a member has unlocked. */
export const stampRewardsOf = (db: Executor, membershipUid: string) =>
  countEntries(db, membershipUid, 'STAMP_REWARD');

/**
 * Expires what is left of every credit whose expiry has passed, oldest first (program rule of
 * architecture §4). One transaction per member, so a long run never holds many locks.
 */
export async function expireDue(db: Executor, now = new Date()): Promise<number> {
  let expired = 0;
  for (const membershipUid of await membershipsWithDueCredits(db, now)) {
    await db.transaction(async (tx) => {
      const locked = await lockMembership(tx, membershipUid);
      const balances = { ...locked };
      for (const credit of await dueCredits(tx, membershipUid, now)) {
        const kind = credit.kind as LedgerKind;
        const amount = credit.remaining ?? 0;
        await setRemaining(tx, credit.uid, 0);
        await insertEntry(tx, {
          membershipUid,
          kind,
          amount: -amount,
          reason: 'EXPIRE',
          referenceType: 'ledger_entry',
          referenceId: credit.uid,
          createdAt: now,
        });
        const field = BALANCE_FIELD[kind];
        balances[field] -= amount;
        await setBalance(tx, membershipUid, kind, balances[field]);
        expired++;
      }
    });
  }
  return expired;
}
