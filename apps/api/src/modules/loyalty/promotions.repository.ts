import type { Executor } from '@storefront/db/client';
import { memberships, programs, promotions, redemptions } from '@storefront/db/schema/loyalty';
import { places } from '@storefront/db/schema/tenancy';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { announceCatalogueChange } from '../admin/catalogue/catalogue.repository.ts';
import type { ProgramRow } from './ledger.repository.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type RedemptionRow = typeof redemptions.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;

export interface PromotionFilters {
  tagged?: boolean;
  search?: string;
  isFree?: boolean;
  level?: string;
  ordering: string;
}

const ORDER_BY: Record<string, SQL[]> = {
  rate_discount: [asc(promotions.rateDiscount)],
  '-rate_discount': [desc(promotions.rateDiscount)],
  coin_price: [asc(promotions.coinPrice)],
  '-coin_price': [desc(promotions.coinPrice)],
  valid_until: [sql`${promotions.validUntil} asc nulls last`],
  '-valid_until': [sql`${promotions.validUntil} desc nulls last`],
  title: [asc(promotions.title)],
  '-title': [desc(promotions.title)],
};

/** Uses of a promotion by one membership: bought in the app (ACQUIRED) or redeemed at a place. */
const timesUsed = (membershipUid: string | null) =>
  membershipUid
    ? sql<number>`(select count(*)::int from ${redemptions} where ${redemptions.promotionUid} = "promotions"."uid" and ${redemptions.membershipUid} = ${membershipUid} and ${redemptions.status} in ('ACQUIRED', 'REDEEMED'))`
    : sql<number>`0`;

/** Promotions usable now (started, not ended) of a program, with the member's uses. */
export async function listPromotions(
  db: Executor,
  programUid: string,
  membershipUid: string | null,
  filters: PromotionFilters,
  slice: { limit: number; offset: number },
  now: Date,
): Promise<{ count: number; rows: (PromotionRow & { timesUsed: number })[] }> {
  const where = and(
    eq(promotions.programUid, programUid),
    or(isNull(promotions.validFrom), lte(promotions.validFrom, now)),
    or(isNull(promotions.validUntil), gt(promotions.validUntil, now)),
    filters.tagged === undefined ? undefined : eq(promotions.tagged, filters.tagged),
    filters.isFree === undefined
      ? undefined
      : filters.isFree
        ? eq(promotions.coinPrice, 0)
        : gt(promotions.coinPrice, 0),
    filters.search ? ilike(promotions.title, `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    filters.level
      ? sql`(cardinality(${promotions.levelUids}) = 0 or ${filters.level} = any(${promotions.levelUids}))`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ promotion: promotions, timesUsed: timesUsed(membershipUid) })
      .from(promotions)
      .where(where)
      .orderBy(...(ORDER_BY[filters.ordering] ?? []), asc(promotions.position), asc(promotions.uid))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(promotions).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...r.promotion, timesUsed: r.timesUsed })) };
}

/** A promotion of one of the app's programs, with its program; null for another tenant's. */
export async function findPromotion(
  db: Executor,
  appUid: string,
  promotionUid: string,
): Promise<{ promotion: PromotionRow; program: ProgramRow } | null> {
  const [row] = await db
    .select({ promotion: promotions, program: programs })
    .from(promotions)
    .innerJoin(programs, eq(programs.uid, promotions.programUid))
    .where(and(eq(promotions.uid, promotionUid), eq(programs.appUid, appUid)));
  return row ?? null;
}

export async function countTimesUsed(
  db: Executor,
  promotionUid: string,
  membershipUid: string,
): Promise<number> {
  const [row] = await db
    .select({ n: timesUsed(membershipUid) })
    .from(promotions)
    .where(eq(promotions.uid, promotionUid));
  return row?.n ?? 0;
}

/** Locks the promotion row: its stock is taken under this lock. */
export async function lockPromotion(db: Executor, uid: string): Promise<PromotionRow> {
  const [row] = await db.select().from(promotions).where(eq(promotions.uid, uid)).for('update');
  if (!row) throw new Error(`promotion ${uid} not found`);
  return row;
}

/**
 * Moves a promotion's counted stock and tells every process at commit (catalogue_events): visitors'
 * promotion lists show the units left, and are kept until an event moves them (decision 035).
 */
export async function changeStock(db: Executor, uid: string, delta: number): Promise<void> {
  const [moved] = await db
    .update(promotions)
    .set({ stock: sql`${promotions.stock} + ${delta}` })
    .where(and(eq(promotions.uid, uid), sql`${promotions.stock} is not null`))
    .returning({ programUid: promotions.programUid });
  if (!moved) return;
  const [program] = await db
    .select({ appUid: programs.appUid, companyUid: programs.companyUid })
    .from(programs)
    .where(eq(programs.uid, moved.programUid));
  if (program) await announceCatalogueChange(db, program.appUid, program.companyUid);
}

export async function insertRedemption(
  db: Executor,
  row: typeof redemptions.$inferInsert,
): Promise<RedemptionRow> {
  const [created] = await db.insert(redemptions).values(row).returning();
  return created as RedemptionRow;
}

export async function findPendingRedemption(
  db: Executor,
  promotionUid: string,
  membershipUid: string,
): Promise<RedemptionRow | null> {
  const [row] = await db
    .select()
    .from(redemptions)
    .where(
      and(
        eq(redemptions.promotionUid, promotionUid),
        eq(redemptions.membershipUid, membershipUid),
        eq(redemptions.status, 'PENDING'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The oldest promotion the member bought and has not used yet, locked; null when none. */
export async function lockAcquiredRedemption(
  db: Executor,
  promotionUid: string,
  membershipUid: string,
): Promise<RedemptionRow | null> {
  const [row] = await db
    .select()
    .from(redemptions)
    .where(
      and(
        eq(redemptions.promotionUid, promotionUid),
        eq(redemptions.membershipUid, membershipUid),
        eq(redemptions.status, 'ACQUIRED'),
      ),
    )
    .orderBy(asc(redemptions.createdAt), asc(redemptions.uid))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** How many bought, unused codes a membership holds, per promotion (with the promotion). */
export async function listAcquired(
  db: Executor,
  membershipUid: string,
): Promise<(PromotionRow & { acquired: number; timesUsed: number })[]> {
  const rows = await db
    .select({
      promotion: promotions,
      acquired: sql<number>`count(*)::int`,
      timesUsed: timesUsed(membershipUid),
    })
    .from(redemptions)
    .innerJoin(promotions, eq(promotions.uid, redemptions.promotionUid))
    .where(and(eq(redemptions.membershipUid, membershipUid), eq(redemptions.status, 'ACQUIRED')))
    .groupBy(promotions.uid)
    .orderBy(asc(promotions.position), asc(promotions.uid));
  return rows.map((r) => ({ ...r.promotion, acquired: r.acquired, timesUsed: r.timesUsed }));
}

/** A redemption of the app with its membership, locked. */
export async function lockRedemption(
  db: Executor,
  appUid: string,
  redemptionUid: string,
): Promise<{ redemption: RedemptionRow; userUid: string; programUid: string } | null> {
  const [row] = await db
    .select({ redemption: redemptions, userUid: memberships.userUid, programUid: memberships.programUid })
    .from(redemptions)
    .innerJoin(memberships, eq(memberships.uid, redemptions.membershipUid))
    .where(and(eq(redemptions.uid, redemptionUid), eq(memberships.appUid, appUid)))
    .for('update', { of: redemptions });
  return row ?? null;
}

export async function updateRedemption(
  db: Executor,
  uid: string,
  values: Partial<typeof redemptions.$inferInsert>,
): Promise<RedemptionRow> {
  const [row] = await db.update(redemptions).set(values).where(eq(redemptions.uid, uid)).returning();
  return row as RedemptionRow;
}

export async function listRedemptions(
  db: Executor,
  membershipUid: string,
  status: string | undefined,
  slice: { limit: number; offset: number },
): Promise<{ count: number; rows: { redemption: RedemptionRow; promotion: PromotionRow }[] }> {
  const where = and(
    eq(redemptions.membershipUid, membershipUid),
    status ? eq(redemptions.status, status) : ne(redemptions.status, 'PENDING'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ redemption: redemptions, promotion: promotions })
      .from(redemptions)
      .innerJoin(promotions, eq(promotions.uid, redemptions.promotionUid))
      .where(where)
      .orderBy(desc(redemptions.createdAt), desc(redemptions.uid))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(redemptions).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

/**
 * A member's bought and redeemed promotions in every program of the app (not the codes merely
 * issued), newest first, with their program.
 */
export async function listMemberRedemptions(
  db: Executor,
  member: { appUid: string; userUid: string },
  slice: { limit: number; offset: number },
) {
  const where = and(
    eq(memberships.appUid, member.appUid),
    eq(memberships.userUid, member.userUid),
    ne(redemptions.status, 'PENDING'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        redemption: redemptions,
        promotion: promotions,
        program: { uid: programs.uid, name: programs.name },
        coins: memberships.coins,
      })
      .from(redemptions)
      .innerJoin(memberships, eq(memberships.uid, redemptions.membershipUid))
      .innerJoin(programs, eq(programs.uid, memberships.programUid))
      .innerJoin(promotions, eq(promotions.uid, redemptions.promotionUid))
      .where(where)
      .orderBy(desc(redemptions.createdAt), desc(redemptions.uid))
      .limit(slice.limit)
      .offset(slice.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(redemptions)
      .innerJoin(memberships, eq(memberships.uid, redemptions.membershipUid))
      .where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

/** The places of a company, all of them or the listed ones. */
export async function placesOf(
  db: Executor,
  companyUid: string,
  placeUids: string[],
  slice: { limit: number; offset: number },
): Promise<{ count: number; rows: PlaceRow[] }> {
  const where = and(
    eq(places.companyUid, companyUid),
    placeUids.length > 0 ? inArray(places.uid, placeUids) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(places).where(where).orderBy(asc(places.name)).limit(slice.limit).offset(slice.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(places).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}
