import type { Executor } from '@storefront/db/client';
import {
  giftCards,
  memberships,
  programLevels,
  programs,
  promotions,
  redemptions,
} from '@storefront/db/schema/loyalty';
import { coupons, couponUses, orders } from '@storefront/db/schema/orders';
import { users } from '@storefront/db/schema/users';
import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../lib/paging.ts';
import {
  containing,
  findProgramOwned,
  listProgramOwned,
  nextPosition,
  orderBy,
  pageOf,
  updateVersioned,
} from '../company-rows.repository.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;

// Programs

export async function findCompanyProgram(db: Executor, companyUid: string, programUid: string) {
  const [row] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.companyUid, companyUid), eq(programs.uid, programUid)));
  return row;
}

export async function levelUidsOf(db: Executor, programUid: string): Promise<string[]> {
  const rows = await db
    .select({ uid: programLevels.uid })
    .from(programLevels)
    .where(eq(programLevels.programUid, programUid));
  return rows.map((row) => row.uid);
}

// Promotions

/** Units members hold or used: bought (ACQUIRED) or redeemed; a cancelled one gave its unit back. */
const usedOf = sql<number>`(select count(*)::int from ${redemptions} where ${redemptions.promotionUid} = ${promotions.uid} and ${redemptions.status} in ('ACQUIRED', 'REDEEMED'))`;

export type AdminPromotionRow = PromotionRow & { used: number };

const promotionColumns = {
  title: promotions.title,
  position: promotions.position,
  valid_until: promotions.validUntil,
  coin_price: promotions.coinPrice,
};

export function listPromotions(
  db: Executor,
  companyUid: string,
  filters: { search?: string; program?: string; active?: boolean; tagged?: boolean; ordering?: string },
  at: PageRequest,
  now: Date,
) {
  const usable = sql`((${promotions.validFrom} is null or ${promotions.validFrom} <= ${now}) and (${promotions.validUntil} is null or ${promotions.validUntil} > ${now}) and (${promotions.stock} is null or ${promotions.stock} > 0))`;
  const search = filters.search && containing(filters.search);
  return listProgramOwned(
    db,
    promotions,
    { used: usedOf },
    {
      companyUid,
      where: [
        filters.program ? eq(promotions.programUid, filters.program) : undefined,
        search ? or(ilike(promotions.title, search), ilike(promotions.description, search)) : undefined,
        filters.active === undefined ? undefined : filters.active ? usable : sql`not ${usable}`,
        filters.tagged === undefined ? undefined : eq(promotions.tagged, filters.tagged),
      ],
      order: orderBy(promotionColumns, filters.ordering, 'position'),
    },
    at,
  );
}

/** The company's promotion; `lock` takes the row lock that redemptions take before they change stock. */
export function findPromotion(db: Executor, companyUid: string, uid: string, lock = false) {
  return findProgramOwned(db, promotions, { used: usedOf }, companyUid, uid, lock);
}

export const nextPromotionPosition = (db: Executor, programUid: string) =>
  nextPosition(db, promotions, programUid);

export async function insertPromotion(db: Executor, row: typeof promotions.$inferInsert): Promise<void> {
  await db.insert(promotions).values(row);
}

export function updatePromotion(db: Executor, uid: string, changes: Partial<typeof promotions.$inferInsert>) {
  return updateVersioned(db, promotions, uid, changes);
}

// Coupons

const usesOf = sql<number>`(select count(*)::int from ${couponUses} where ${couponUses.couponUid} = ${coupons.uid})`;
const influencerOrdersOf = sql<number>`(select count(*)::int from ${orders} where ${orders.companyUid} = ${coupons.companyUid} and ${orders.influencerUid} = ${coupons.influencer})`;

export type AdminCouponRow = CouponRow & { uses: number; influencerOrders: number };

const couponSelection = { coupon: coupons, uses: usesOf, influencerOrders: influencerOrdersOf };
const couponColumns = { code: coupons.code, valid_until: coupons.validUntil };

export async function listCoupons(
  db: Executor,
  companyUid: string,
  filters: { search?: string; is_active?: boolean; ordering?: string },
  at: PageRequest,
) {
  const search = filters.search && containing(filters.search);
  const where = and(
    eq(coupons.companyUid, companyUid),
    search ? or(ilike(coupons.code, search), ilike(coupons.influencer, search)) : undefined,
    filters.is_active === undefined ? undefined : eq(coupons.isActive, filters.is_active),
  );
  const { rows, count: total } = await pageOf(
    db
      .select(couponSelection)
      .from(coupons)
      .where(where)
      .orderBy(orderBy(couponColumns, filters.ordering, 'code'), asc(coupons.uid))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(coupons).where(where),
  );
  return {
    rows: rows.map((row) => ({ ...row.coupon, uses: row.uses, influencerOrders: row.influencerOrders })),
    count: total,
  };
}

/** The company's coupon; `lock` takes the row lock that an order's use of the code takes. */
export async function findCoupon(
  db: Executor,
  companyUid: string,
  uid: string,
  lock = false,
): Promise<AdminCouponRow | undefined> {
  const query = db
    .select(couponSelection)
    .from(coupons)
    .where(and(eq(coupons.companyUid, companyUid), eq(coupons.uid, uid)));
  const [row] = lock ? await query.for('update') : await query;
  return row && { ...row.coupon, uses: row.uses, influencerOrders: row.influencerOrders };
}

/** Another coupon of the company with this code (codes are stored in upper case). */
export async function codeTaken(db: Executor, companyUid: string, code: string, exceptUid?: string) {
  const [row] = await db
    .select({ uid: coupons.uid })
    .from(coupons)
    .where(and(eq(coupons.companyUid, companyUid), eq(coupons.code, code)));
  return row !== undefined && row.uid !== exceptUid;
}

export async function insertCoupon(db: Executor, row: typeof coupons.$inferInsert): Promise<void> {
  await db.insert(coupons).values(row);
}

export function updateCoupon(db: Executor, uid: string, changes: Partial<typeof coupons.$inferInsert>) {
  return updateVersioned(db, coupons, uid, changes);
}

// Gift cards

const giftSelection = { card: giftCards, redeemedBy: users.email };
export type AdminGiftCardRow = GiftCardRow & { redeemedBy: string | null };

function giftCardsQuery(db: Executor) {
  return db
    .select(giftSelection)
    .from(giftCards)
    .innerJoin(programs, eq(programs.uid, giftCards.programUid))
    .leftJoin(memberships, eq(memberships.uid, giftCards.membershipUid))
    .leftJoin(users, eq(users.uid, memberships.userUid));
}

const statusWhere = {
  ACTIVE: and(isNull(giftCards.redeemedAt), isNull(giftCards.voidedAt)),
  REDEEMED: isNotNull(giftCards.redeemedAt),
  VOIDED: isNotNull(giftCards.voidedAt),
};

export async function listGiftCards(
  db: Executor,
  companyUid: string,
  filters: { search?: string; program?: string; status?: keyof typeof statusWhere; ordering?: string },
  at: PageRequest,
) {
  const where = and(
    eq(programs.companyUid, companyUid),
    filters.program ? eq(giftCards.programUid, filters.program) : undefined,
    filters.search ? ilike(giftCards.code, containing(filters.search)) : undefined,
    filters.status ? statusWhere[filters.status] : undefined,
  );
  const order = orderBy(
    { code: giftCards.code, created_at: giftCards.createdAt },
    filters.ordering ?? '-created_at',
    'created_at',
  );
  const { rows, count: total } = await pageOf(
    giftCardsQuery(db).where(where).orderBy(order, asc(giftCards.code)).limit(at.limit).offset(at.offset),
    db
      .select({ n: count() })
      .from(giftCards)
      .innerJoin(programs, eq(programs.uid, giftCards.programUid))
      .where(where),
  );
  return { rows: rows.map((row) => ({ ...row.card, redeemedBy: row.redeemedBy })), count: total };
}

/** The company's card; `lock` takes the row lock that a member's redeem takes. */
export async function findGiftCard(
  db: Executor,
  companyUid: string,
  uid: string,
  lock = false,
): Promise<AdminGiftCardRow | undefined> {
  const query = giftCardsQuery(db).where(and(eq(programs.companyUid, companyUid), eq(giftCards.uid, uid)));
  const [row] = lock ? await query.for('update', { of: giftCards }) : await query;
  return row && { ...row.card, redeemedBy: row.redeemedBy };
}

/**
 * Inserts cards, skipping any whose code the app already has (the unique index on the app and the
 * code decides, so concurrent issues never share a code); answers the uids inserted.
 */
export async function insertGiftCards(db: Executor, rows: (typeof giftCards.$inferInsert)[]) {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(giftCards)
    .values(rows)
    .onConflictDoNothing()
    .returning({ uid: giftCards.uid });
  return inserted.map((row) => row.uid);
}

export async function voidGiftCard(db: Executor, uid: string): Promise<void> {
  await db
    .update(giftCards)
    .set({ voidedAt: sql`now()`, version: sql`${giftCards.version} + 1` })
    .where(eq(giftCards.uid, uid));
}
