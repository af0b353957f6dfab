import type { Executor } from '@storefront/db/client';
import { placePickupSettings } from '@storefront/db/schema/catalogue';
import { orders } from '@storefront/db/schema/orders';
import { and, count, desc, eq, sql } from 'drizzle-orm';

export interface CompanyOrdersFilter {
  placeUid?: string;
  status?: (typeof orders.$inferSelect)['status'];
  type?: (typeof orders.$inferSelect)['orderType'];
  /** YYYY-MM-DD on the place's clock (its pickup time zone, America/Lima by default). */
  date?: string;
  /** From and to these days (both included), on the place's clock. */
  since?: string;
  until?: string;
}

/** The day an order was placed on, on its place's clock. */
const placeDay = sql`(${orders.createdAt} at time zone coalesce((select ${placePickupSettings.timeZone} from ${placePickupSettings} where ${placePickupSettings.placeUid} = ${orders.placeUid}), 'America/Lima'))::date`;

/** The company's orders, newest first. */
export async function listCompanyOrders(
  db: Executor,
  companyUid: string,
  filter: CompanyOrdersFilter,
  at: { limit: number; offset: number },
) {
  const where = and(
    eq(orders.companyUid, companyUid),
    filter.placeUid ? eq(orders.placeUid, filter.placeUid) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.type ? eq(orders.orderType, filter.type) : undefined,
    filter.date ? sql`${placeDay} = ${filter.date}::date` : undefined,
    filter.since ? sql`${placeDay} >= ${filter.since}::date` : undefined,
    filter.until ? sql`${placeDay} <= ${filter.until}::date` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findCompanyOrder(db: Executor, companyUid: string, orderUid: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyUid, companyUid), eq(orders.uid, orderUid)));
  return row ?? null;
}
