import type { Executor } from '@storefront/db/client';
import { coupons, couponUses } from '@storefront/db/schema/orders';
import { places } from '@storefront/db/schema/tenancy';
import { and, count, eq, sql } from 'drizzle-orm';

export type CouponRow = typeof coupons.$inferSelect;

/** The company a validate-code call names: a company uid, or a place uid (spec §7, both forms). */
export async function companyOfUid(db: Executor, appUid: string, uid: string): Promise<string> {
  const [place] = await db
    .select({ companyUid: places.companyUid })
    .from(places)
    .where(and(eq(places.appUid, appUid), eq(places.uid, uid)));
  return place?.companyUid ?? uid;
}

/** A company's code (case-insensitive); locked when a use is about to be counted. */
export async function findCoupon(
  db: Executor,
  appUid: string,
  companyUid: string,
  code: string,
  lock = false,
): Promise<CouponRow | null> {
  const query = db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.appUid, appUid),
        eq(coupons.companyUid, companyUid),
        eq(coupons.code, code.toUpperCase()),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function memberUses(db: Executor, couponUid: string, userUid: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(couponUses)
    .where(and(eq(couponUses.couponUid, couponUid), eq(couponUses.userUid, userUid)));
  return row?.value ?? 0;
}

/** Counts a use; the caller holds the coupon's row lock. */
export async function recordUse(tx: Executor, couponUid: string, userUid: string, sourceUid: string) {
  await tx.insert(couponUses).values({ couponUid, userUid, sourceUid });
  await tx
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} + 1` })
    .where(eq(coupons.uid, couponUid));
}
