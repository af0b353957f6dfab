import { randomBytes } from 'node:crypto';
import { AppError } from '@storefront/contracts/errors';
import type { Promotion, Redemption } from '@storefront/contracts/loyalty';
import type { Executor, Transaction } from '@storefront/db/client';
import type { WriteResult } from '../../lib/idempotency.ts';
import type { PageRequest } from '../../lib/paging.ts';
import type { MemberContext, RequestContext } from '../../lib/request-context.ts';
import { findMembership, lockMembership, type ProgramRow } from './ledger.repository.ts';
import {
  assertNotBlocked,
  ensureMembership,
  type MemberRef,
  refundCoins,
  spendCoins,
} from './ledger.service.ts';
import { levelsOf } from './programs.repository.ts';
import { levelProgress, programOf } from './programs.service.ts';
import {
  changeStock,
  countTimesUsed,
  findPendingRedemption,
  findPromotion,
  insertRedemption,
  listMemberRedemptions,
  listPromotions,
  listRedemptions,
  lockAcquiredRedemption,
  lockPromotion,
  lockRedemption,
  type PromotionFilters,
  type PromotionRow,
  placesOf,
  type RedemptionRow,
  updateRedemption,
} from './promotions.repository.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toPromotionDto(promotion: PromotionRow, timesUsed: number): Promotion {
  return {
    uid: promotion.uid,
    program: promotion.programUid,
    title: promotion.title,
    description: promotion.description,
    image: promotion.image,
    rate_discount: promotion.rateDiscount,
    coin_price: promotion.coinPrice,
    valid_from: iso(promotion.validFrom),
    valid_until: iso(promotion.validUntil),
    stock: promotion.stock,
    per_member_limit: promotion.perMemberLimit,
    levels: promotion.levelUids,
    tagged: promotion.tagged,
    places: promotion.placeUids,
    times_used: timesUsed,
  };
}

function toRedemptionDto(redemption: RedemptionRow, promotion: PromotionRow, coins: number): Redemption {
  return {
    uid: redemption.uid,
    code: redemption.code,
    status: redemption.status as Redemption['status'],
    coins_spent: redemption.coinsSpent,
    place: redemption.placeUid,
    created_at: redemption.createdAt.toISOString(),
    redeemed_at: iso(redemption.redeemedAt),
    promotion: {
      uid: promotion.uid,
      title: promotion.title,
      image: promotion.image,
      rate_discount: promotion.rateDiscount,
      coin_price: promotion.coinPrice,
    },
    coins,
  };
}

/** A code staff can type: 10 characters without look-alikes. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** The app's promotion (404 for another tenant's), checked against the program of the path if given. */
async function promotionOf(
  ctx: MemberContext,
  promotionUid: string,
  programUid?: string,
  db: Executor = ctx.db,
) {
  const found = await findPromotion(db, ctx.app.uid, promotionUid);
  if (!found || (programUid !== undefined && found.program.uid !== programUid))
    throw new AppError('NOT_FOUND');
  return found;
}

export async function getPromotions(
  ctx: MemberContext,
  programUid: string,
  filters: PromotionFilters,
  at: PageRequest,
) {
  const program = await programOf(ctx, programUid);
  const membership = await findMembership(ctx.db, ctx.user.uid, program.uid);
  const { count, rows } = await listPromotions(
    ctx.db,
    program.uid,
    membership?.uid ?? null,
    filters,
    at,
    new Date(),
  );
  return { count, results: rows.map((row) => toPromotionDto(row, row.timesUsed)) };
}

/** The promotions usable now, as a visitor sees them (no member, so never used): the program page's showcase. */
export async function getPublicPromotions(
  ctx: RequestContext,
  programUid: string,
  filters: PromotionFilters,
  at: PageRequest,
) {
  const program = await programOf(ctx, programUid);
  const { count, rows } = await listPromotions(ctx.db, program.uid, null, filters, at, new Date());
  return { count, results: rows.map((row) => toPromotionDto(row, 0)) };
}

export async function getPromotion(ctx: MemberContext, programUid: string, promotionUid: string) {
  const { promotion, program } = await promotionOf(ctx, promotionUid, programUid);
  const membership = await findMembership(ctx.db, ctx.user.uid, program.uid);
  const used = membership ? await countTimesUsed(ctx.db, promotion.uid, membership.uid) : 0;
  return toPromotionDto(promotion, used);
}

/** Other promotions of the same program, tagged ones first, then the closest discount. */
export async function getRelated(
  ctx: MemberContext,
  programUid: string,
  promotionUid: string,
  at: PageRequest,
) {
  const { promotion, program } = await promotionOf(ctx, promotionUid, programUid);
  const membership = await findMembership(ctx.db, ctx.user.uid, program.uid);
  const { rows } = await listPromotions(
    ctx.db,
    program.uid,
    membership?.uid ?? null,
    { ordering: '-rate_discount' },
    { limit: 200, offset: 0 },
    new Date(),
  );
  const related = rows
    .filter((row) => row.uid !== promotion.uid)
    .sort(
      (a, b) =>
        Number(b.tagged === promotion.tagged) - Number(a.tagged === promotion.tagged) ||
        Math.abs(a.rateDiscount - promotion.rateDiscount) - Math.abs(b.rateDiscount - promotion.rateDiscount),
    );
  return {
    count: related.length,
    results: related.slice(at.offset, at.offset + at.limit).map((row) => toPromotionDto(row, row.timesUsed)),
  };
}

export async function getPromotionPlaces(ctx: MemberContext, promotionUid: string, at: PageRequest) {
  const { promotion, program } = await promotionOf(ctx, promotionUid);
  const { count, rows } = await placesOf(ctx.db, program.companyUid, promotion.placeUids, at);
  return {
    count,
    results: rows.map((p) => ({ uid: p.uid, name: p.name, address: p.address, area: p.areaUid })),
  };
}

/**
 * Every rule of a promotion for one member (architecture §4), in the caller's transaction with the
 * membership and then the promotion locked (always in that order, so concurrent uses queue instead
 * of deadlocking): validity dates, level, stock and the per-member limit.
 */
async function checkUsable(
  tx: Executor,
  program: ProgramRow,
  promotionUid: string,
  membershipUid: string,
  now: Date,
): Promise<PromotionRow> {
  const membership = await lockMembership(tx, membershipUid);
  assertNotBlocked(membership);
  const promotion = await lockPromotion(tx, promotionUid);
  if (
    (promotion.validFrom && promotion.validFrom > now) ||
    (promotion.validUntil && promotion.validUntil <= now)
  )
    throw new AppError('PROMOTION_NOT_USABLE');
  if (promotion.levelUids.length > 0) {
    const { level } = levelProgress(await levelsOf(tx, [program.uid]), membership.totalPoints);
    if (!level || !promotion.levelUids.includes(level.uid)) throw new AppError('PROMOTION_LEVEL_REQUIRED');
  }
  if (promotion.perMemberLimit !== null) {
    const used = await countTimesUsed(tx, promotion.uid, membershipUid);
    if (used >= promotion.perMemberLimit)
      throw new AppError(
        promotion.perMemberLimit === 1 ? 'PROMOTION_ALREADY_USED' : 'REDEMPTION_LIMIT_EXCEEDED',
      );
  }
  if (promotion.stock !== null && promotion.stock <= 0) throw new AppError('PROMOTION_STOCK_EXHAUSTED');
  return promotion;
}

export interface RedeemInput {
  member: MemberRef;
  promotionUid: string;
  placeUid?: string | null;
  staffUid?: string | null;
  /** A code staff typed or scanned: that redemption is the one consumed (or paid, if PENDING). */
  redemptionUid?: string;
  now?: Date;
}

/**
 * Pays a promotion in the caller's transaction (the membership already locked): checks every rule,
 * takes a unit of stock, spends the coin price on the ledger once and records the redemption with
 * `status`, using up the member's PENDING code (of qrcode/ or get-code/) if there is one.
 */
async function payPromotion(
  tx: Executor,
  input: RedeemInput,
  program: ProgramRow,
  membershipUid: string,
  status: 'ACQUIRED' | 'REDEEMED',
): Promise<Redemption> {
  const now = input.now ?? new Date();
  const promotion = await checkUsable(tx, program, input.promotionUid, membershipUid, now);
  await changeStock(tx, promotion.uid, -1);
  const pending = await findPendingRedemption(tx, promotion.uid, membershipUid);
  const values = {
    status,
    coinsSpent: promotion.coinPrice,
    placeUid: status === 'REDEEMED' ? (input.placeUid ?? null) : null,
    staffUserUid: status === 'REDEEMED' ? (input.staffUid ?? null) : null,
    redeemedAt: status === 'REDEEMED' ? now : null,
  };
  const redemption = pending
    ? await updateRedemption(tx, pending.uid, values)
    : await insertRedemption(tx, {
        promotionUid: promotion.uid,
        membershipUid,
        code: newCode(),
        ...values,
      });
  const after = await spendCoins(tx, input.member, {
    amount: promotion.coinPrice,
    reason: 'SPEND_PURCHASE',
    reference: { type: 'redemption', id: redemption.uid },
    now: input.now,
  });
  return toRedemptionDto(redemption, promotion, after.coins);
}

/** The app's promotion of the member's program, or 404. */
async function memberPromotion(tx: Executor, input: RedeemInput) {
  const { program, membership } = await ensureMembership(tx, input.member);
  const found = await findPromotion(tx, input.member.appUid, input.promotionUid);
  if (!found || found.program.uid !== program.uid) throw new AppError('NOT_FOUND');
  return { program, membership, promotion: found.promotion };
}

/**
 * The member buys a promotion in the app (purchase/, redemption-by-user/): it is paid now (coins,
 * stock, the per-member limit) and its code waits, ACQUIRED, to be consumed at the counter.
 */
export async function acquirePromotion(tx: Executor, input: RedeemInput): Promise<Redemption> {
  const { program, membership } = await memberPromotion(tx, input);
  return payPromotion(tx, input, program, membership.uid, 'ACQUIRED');
}

/**
 * Redeems a promotion at a place, in the caller's transaction (the retail module calls this). A
 * promotion the member already bought is consumed without a second charge: the code given, or else
 * their oldest bought one. Otherwise it is paid now, once (payPromotion). The membership is locked
 * first, so concurrent redemptions of one member queue and each bought code is consumed once.
 */
export async function redeemPromotion(tx: Executor, input: RedeemInput): Promise<Redemption> {
  const now = input.now ?? new Date();
  const { program, membership, promotion } = await memberPromotion(tx, input);
  const locked = await lockMembership(tx, membership.uid);
  assertNotBlocked(locked);
  let acquired: RedemptionRow | null;
  if (input.redemptionUid) {
    const given = await lockRedemption(tx, input.member.appUid, input.redemptionUid);
    if (!given || given.redemption.membershipUid !== membership.uid) throw new AppError('CODE_NOT_FOUND');
    const { status } = given.redemption;
    if (status === 'REDEEMED' || status === 'CANCELED') throw new AppError('PROMOTION_ALREADY_USED');
    acquired = status === 'ACQUIRED' ? given.redemption : null;
  } else {
    acquired = await lockAcquiredRedemption(tx, promotion.uid, membership.uid);
  }
  if (!acquired) return payPromotion(tx, input, program, membership.uid, 'REDEEMED');
  const consumed = await updateRedemption(tx, acquired.uid, {
    status: 'REDEEMED',
    placeUid: input.placeUid ?? null,
    staffUserUid: input.staffUid ?? null,
    redeemedAt: now,
  });
  return toRedemptionDto(consumed, promotion, locked.coins);
}

/** Cancels a redemption: the unit of stock and the coins go back (a refund on the ledger). */
export async function cancelRedemption(
  tx: Executor,
  appUid: string,
  redemptionUid: string,
  now?: Date,
): Promise<RedemptionRow> {
  const found = await lockRedemption(tx, appUid, redemptionUid);
  if (!found) throw new AppError('NOT_FOUND');
  const { redemption } = found;
  if (redemption.status === 'CANCELED') return redemption;
  const wasRedeemed = redemption.status === 'REDEEMED' || redemption.status === 'ACQUIRED';
  const canceled = await updateRedemption(tx, redemption.uid, { status: 'CANCELED' });
  if (wasRedeemed) {
    await changeStock(tx, redemption.promotionUid, 1);
    await refundCoins(
      tx,
      { appUid, userUid: found.userUid, programUid: found.programUid },
      { amount: redemption.coinsSpent, reference: { type: 'redemption', id: redemption.uid }, now },
    );
  }
  return canceled;
}

/** purchase/ and redemption-by-user/: the member buys a promotion now, to use it at the counter. */
export async function purchasePromotion(
  ctx: MemberContext,
  tx: Transaction,
  promotionUid: string,
  programUid?: string,
): Promise<WriteResult<Redemption>> {
  const { program } = await promotionOf(ctx, promotionUid, programUid, tx);
  const redemption = await acquirePromotion(tx, {
    member: { appUid: ctx.app.uid, userUid: ctx.user.uid, programUid: program.uid },
    promotionUid,
  });
  return { status: 201, body: redemption };
}

/**
 * qrcode/ and coupon/get-code/: a code (and its QR text) for staff to scan and redeem. Nothing is
 * consumed yet, but a promotion the member cannot use gets no code; asking again gives the same code.
 */
export async function promotionCode(
  ctx: MemberContext,
  tx: Transaction,
  promotionUid: string,
  programUid: string,
) {
  const { promotion, program } = await promotionOf(ctx, promotionUid, programUid, tx);
  const { membership } = await ensureMembership(tx, {
    appUid: ctx.app.uid,
    userUid: ctx.user.uid,
    programUid: program.uid,
  });
  // A promotion the member bought shows its bought code: staff consume it without a charge. The
  // membership is locked first, as every redemption does.
  await lockMembership(tx, membership.uid);
  const bought = await lockAcquiredRedemption(tx, promotion.uid, membership.uid);
  if (!bought) await checkUsable(tx, program, promotion.uid, membership.uid, new Date());
  const redemption =
    bought ??
    (await findPendingRedemption(tx, promotion.uid, membership.uid)) ??
    (await insertRedemption(tx, {
      promotionUid: promotion.uid,
      membershipUid: membership.uid,
      code: newCode(),
      status: 'PENDING',
    }));
  return {
    status: 200,
    body: {
      uid: redemption.uid,
      promotion: promotion.uid,
      code: redemption.code,
      qr: qrText(redemption.code),
      status: redemption.status,
    },
  };
}

/** The text a promotion code's QR holds: staff scan it and redeem by code. */
const qrText = (code: string) => `PROMO:${code}`;

/**
 * GET v5/me/redemptions/ ("Mis canjes"): every promotion the member bought with coins or redeemed, in
 * every program of the app, newest first, with its code and QR text.
 */
export async function getMemberRedemptions(ctx: MemberContext, at: PageRequest) {
  const { count, rows } = await listMemberRedemptions(
    ctx.db,
    { appUid: ctx.app.uid, userUid: ctx.user.uid },
    at,
  );
  return {
    count,
    results: rows.map((row) => ({
      ...toRedemptionDto(row.redemption, row.promotion, row.coins),
      qr: qrText(row.redemption.code),
      program: row.program,
    })),
  };
}

export async function getRedemptions(
  ctx: MemberContext,
  programUid: string,
  status: string | undefined,
  at: PageRequest,
) {
  const program = await programOf(ctx, programUid);
  const membership = await findMembership(ctx.db, ctx.user.uid, program.uid);
  if (!membership) return { count: 0, results: [] };
  const { count, rows } = await listRedemptions(ctx.db, membership.uid, status, at);
  return {
    count,
    results: rows.map((row) => toRedemptionDto(row.redemption, row.promotion, membership.coins)),
  };
}
