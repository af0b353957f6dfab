import { randomUUID } from 'node:crypto';
import type {
  AdminCoupon,
  AdminCouponCreate,
  AdminCouponPatch,
  AdminCouponsQuery,
} from '@storefront/contracts/admin-campaigns';
import { moneyToCents } from '@storefront/contracts/admin-catalogue';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { changesRow, checkVersion } from '../catalogue/versions.ts';
import * as repo from './campaigns.repository.ts';

const AUDIT = 'coupon';
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `origin`: the storefront of the company's app, where the share links open. */
function toCoupon(row: repo.AdminCouponRow, origin: string): AdminCoupon {
  return {
    uid: row.uid,
    code: row.code,
    discount_type: row.discountType,
    discount_value:
      row.discountType === 'PERCENT' ? String(row.discountValue) : centsToDecimal(row.discountValue),
    minimum_order: centsToDecimal(row.minimumOrder),
    valid_from: iso(row.validFrom),
    valid_until: iso(row.validUntil),
    max_uses: row.maxUses,
    per_member_limit: row.perMemberLimit,
    is_active: row.isActive,
    influencer: row.influencer,
    uses_count: row.uses,
    influencer_orders: row.influencerOrders,
    link: `${origin}/company/${encodeURIComponent(row.companyUid)}/code/${encodeURIComponent(row.code)}/`,
    influencer_link: row.influencer ? `${origin}/in/${encodeURIComponent(row.influencer)}/` : null,
    version: row.version,
  };
}

const audited = ({
  uid: _,
  uses_count: __,
  influencer_orders: ___,
  link: ____,
  influencer_link: _____,
  version: ______,
  ...fields
}: AdminCoupon) => fields;

export async function listCoupons(
  ctx: AdminContext,
  origin: string,
  query: AdminCouponsQuery,
  at: PageRequest,
) {
  const { rows, count } = await repo.listCoupons(ctx.db, ctx.company.uid, query, at);
  return { count, results: rows.map((row) => toCoupon(row, origin)) };
}

export async function getCoupon(ctx: AdminContext, origin: string, uid: string): Promise<AdminCoupon> {
  const row = await repo.findCoupon(ctx.db, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toCoupon(row, origin);
}

interface CouponState {
  uid?: string;
  code: string;
  type: 'PERCENT' | 'AMOUNT';
  value: string;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
}

/** The rules beyond the body's shape, on the coupon as it would be; every refusal at once. */
async function checkCoupon(tx: Executor, ctx: AdminContext, next: CouponState) {
  const errors: FieldErrors = {};
  const text = (key: keyof typeof FIELD_MESSAGES) => FIELD_MESSAGES[key][ctx.language];
  if (next.type === 'PERCENT' && !/^(100|[1-9]\d?)$/.test(next.value))
    errors.discount_value = [text('percentRange')];
  if (next.type === 'AMOUNT' && moneyToCents(next.value) <= 0) errors.discount_value = [text('tooSmall')];
  if (next.validFrom && next.validUntil && next.validUntil <= next.validFrom)
    errors.valid_until = [text('endBeforeStart')];
  if (next.maxUses !== null && next.maxUses < next.uses)
    errors.max_uses = [text('usesBelowCount').replace('{used}', String(next.uses))];
  if (await repo.codeTaken(tx, ctx.company.uid, next.code, next.uid)) errors.code = [text('alreadyExists')];
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

function columnsOf(body: AdminCouponPatch, type: 'PERCENT' | 'AMOUNT') {
  return {
    ...(body.code !== undefined ? { code: body.code } : {}),
    ...(body.discount_type !== undefined ? { discountType: body.discount_type } : {}),
    ...(body.discount_value !== undefined
      ? {
          discountValue: type === 'PERCENT' ? Number(body.discount_value) : moneyToCents(body.discount_value),
        }
      : {}),
    ...(body.minimum_order !== undefined ? { minimumOrder: moneyToCents(body.minimum_order) } : {}),
    ...(body.valid_from !== undefined ? { validFrom: date(body.valid_from) } : {}),
    ...(body.valid_until !== undefined ? { validUntil: date(body.valid_until) } : {}),
    ...(body.max_uses !== undefined ? { maxUses: body.max_uses } : {}),
    ...(body.per_member_limit !== undefined ? { perMemberLimit: body.per_member_limit } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    ...(body.influencer !== undefined ? { influencer: body.influencer } : {}),
  };
}

/** Two admins creating one code at once: the unique index refuses the second, as a field error. */
function codeClash(ctx: AdminContext, error: unknown): never {
  const e = error as { code?: string; cause?: { code?: string } };
  if (e?.code === '23505' || e?.cause?.code === '23505')
    throw new AppError('VALIDATION', { code: [FIELD_MESSAGES.alreadyExists[ctx.language]] });
  throw error;
}

export async function createCoupon(
  ctx: AdminContext,
  origin: string,
  body: AdminCouponCreate,
): Promise<AdminCoupon> {
  const uid = randomUUID();
  return ctx.db
    .transaction(async (tx) => {
      await checkCoupon(tx, ctx, {
        code: body.code,
        type: body.discount_type,
        value: body.discount_value,
        validFrom: date(body.valid_from) ?? null,
        validUntil: date(body.valid_until) ?? null,
        maxUses: body.max_uses ?? null,
        uses: 0,
      });
      await repo.insertCoupon(tx, {
        uid,
        appUid: ctx.company.appUid,
        companyUid: ctx.company.uid,
        code: body.code,
        discountType: body.discount_type,
        discountValue: 0,
        ...columnsOf(body, body.discount_type),
      });
      const created = toCoupon(
        (await repo.findCoupon(tx, ctx.company.uid, uid)) as repo.AdminCouponRow,
        origin,
      );
      await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
      return created;
    })
    .catch((error: unknown) => codeClash(ctx, error));
}

/**
 * Changes the fields sent, with the coupon's row locked as an order's use locks it: the use count the
 * new limit is checked against cannot grow meanwhile.
 */
export function updateCoupon(
  ctx: AdminContext,
  origin: string,
  uid: string,
  body: AdminCouponPatch,
  ifMatch: number | undefined,
): Promise<AdminCoupon> {
  return ctx.db
    .transaction(async (tx) => {
      const row = await repo.findCoupon(tx, ctx.company.uid, uid, true);
      if (!row) throw new AppError('NOT_FOUND');
      const before = toCoupon(row, origin);
      checkVersion(ifMatch, before);
      const type = body.discount_type ?? row.discountType;
      // Changing the type without a value would reinterpret the old number: the value is then required.
      if (body.discount_type !== undefined && body.discount_type !== row.discountType && !body.discount_value)
        throw new AppError('VALIDATION', { discount_value: [FIELD_MESSAGES.required[ctx.language]] });
      await checkCoupon(tx, ctx, {
        uid,
        code: body.code ?? row.code,
        type,
        value: body.discount_value ?? before.discount_value,
        validFrom: body.valid_from === undefined ? row.validFrom : (date(body.valid_from) ?? null),
        validUntil: body.valid_until === undefined ? row.validUntil : (date(body.valid_until) ?? null),
        maxUses: body.max_uses === undefined ? row.maxUses : body.max_uses,
        uses: Math.max(row.usesCount, row.uses),
      });
      const changes = columnsOf(body, type);
      const changed = changesRow(changes, row);
      if (!changed) return before;
      await repo.updateCoupon(tx, uid, changes);
      const after = toCoupon(
        (await repo.findCoupon(tx, ctx.company.uid, uid)) as repo.AdminCouponRow,
        origin,
      );
      await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
      return after;
    })
    .catch((error: unknown) => codeClash(ctx, error));
}
