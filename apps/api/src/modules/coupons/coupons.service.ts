import { AppError } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Coupon } from '@storefront/contracts/orders';
import type { Executor } from '@storefront/db/client';
import type { RequestContext } from '../../lib/request-context.ts';
import { giftCardProgram } from '../loyalty/programs.repository.ts';
import * as repo from './coupons.repository.ts';

export type { CouponRow } from './coupons.repository.ts';

/** The discount of a coupon on a subtotal, in cents, never more than the subtotal. */
export function discountOf(coupon: repo.CouponRow, subtotal: number): number {
  const raw =
    coupon.discountType === 'PERCENT'
      ? Math.round((subtotal * coupon.discountValue) / 100)
      : coupon.discountValue;
  return Math.min(raw, subtotal);
}

export function toCouponDto(coupon: repo.CouponRow, subtotal?: number): Coupon {
  return {
    uid: coupon.uid,
    code: coupon.code,
    company: coupon.companyUid,
    discount_type: coupon.discountType,
    discount_value:
      coupon.discountType === 'PERCENT' ? String(coupon.discountValue) : centsToDecimal(coupon.discountValue),
    minimum_order: centsToDecimal(coupon.minimumOrder),
    valid_from: coupon.validFrom?.toISOString() ?? null,
    valid_until: coupon.validUntil?.toISOString() ?? null,
    remaining_uses: coupon.maxUses === null ? null : Math.max(coupon.maxUses - coupon.usesCount, 0),
    discount: subtotal === undefined ? null : centsToDecimal(discountOf(coupon, subtotal)),
  };
}

/**
 * Checks a code for a member (spec §8): unknown or inactive 404 'Este código no existe'; not started,
 * expired, no uses left or below the minimum 400 with the coupon; already used up by this member 406.
 */
export async function checkCoupon(
  db: Executor,
  coupon: repo.CouponRow | null,
  check: { userUid?: string; subtotal?: number; now?: Date },
): Promise<repo.CouponRow> {
  if (!coupon?.isActive) throw new AppError('CODE_NOT_FOUND');
  const now = check.now ?? new Date();
  const data = { coupon: toCouponDto(coupon, check.subtotal) };
  if (coupon.validFrom && now < coupon.validFrom) throw new AppError('COUPON_NOT_STARTED', undefined, data);
  if (coupon.validUntil && now > coupon.validUntil) throw new AppError('COUPON_EXPIRED', undefined, data);
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) {
    throw new AppError('COUPON_EXHAUSTED', undefined, data);
  }
  if (check.userUid && coupon.perMemberLimit !== null) {
    const used = await repo.memberUses(db, coupon.uid, check.userUid);
    if (used >= coupon.perMemberLimit) throw new AppError('COUPON_ALREADY_REDEEMED', undefined, data);
  }
  if (check.subtotal !== undefined && check.subtotal < coupon.minimumOrder) {
    throw new AppError('COUPON_MINIMUM_NOT_MET', undefined, data);
  }
  return coupon;
}

/**
 * A company's coupon by its code; when there is none but an app's gift card has that code, 404
 * CODE_IS_GIFT_CARD with the card's program, to say where the code goes (issue 28).
 */
async function findCoupon(
  db: Executor,
  appUid: string,
  companyUid: string,
  code: string,
  lock = false,
): Promise<repo.CouponRow | null> {
  const coupon = await repo.findCoupon(db, appUid, companyUid, code, lock);
  if (coupon) return coupon;
  const program = await giftCardProgram(db, appUid, code);
  if (program) throw new AppError('CODE_IS_GIFT_CARD', undefined, { gift_card: { program } });
  return null;
}

/** GET v5/companies/{company or place uid}/validate-code/{code}/[?amount=45.00]. */
export async function validateCode(
  ctx: RequestContext,
  uid: string,
  code: string,
  userUid: string | undefined,
  amount: string | undefined,
): Promise<Coupon> {
  const companyUid = await repo.companyOfUid(ctx.db, ctx.app.uid, uid);
  const coupon = await findCoupon(ctx.db, ctx.app.uid, companyUid, code);
  const subtotal = amount === undefined ? undefined : Math.round(Number(amount) * 100);
  const checked = await checkCoupon(ctx.db, coupon, { userUid, subtotal });
  return toCouponDto(checked, subtotal);
}

/** A code's discount on a checkout's subtotal, checked as the order will check it; nothing is counted. */
export async function previewCoupon(
  db: Executor,
  appUid: string,
  companyUid: string,
  code: string,
  use: { userUid: string; subtotal: number },
): Promise<number> {
  const coupon = await checkCoupon(db, await findCoupon(db, appUid, companyUid, code), use);
  return discountOf(coupon, use.subtotal);
}

/**
 * Applies a code to an order in its transaction: locks the coupon row (so that the last use goes to
 * one buyer only), checks it, counts the use and answers the discount in cents.
 */
export async function redeemCoupon(
  tx: Executor,
  appUid: string,
  companyUid: string,
  code: string,
  use: { userUid: string; sourceUid: string; subtotal: number },
): Promise<{ coupon: repo.CouponRow; discount: number }> {
  const coupon = await checkCoupon(tx, await findCoupon(tx, appUid, companyUid, code, true), {
    userUid: use.userUid,
    subtotal: use.subtotal,
  });
  await repo.recordUse(tx, coupon.uid, use.userUid, use.sourceUid);
  return { coupon, discount: discountOf(coupon, use.subtotal) };
}
