import type { Executor } from '@storefront/db/client';
import {
  optionGroups,
  options,
  placeOpeningHours,
  placePickupSettings,
  placeProducts,
  products,
} from '@storefront/db/schema/catalogue';
import { programs } from '@storefront/db/schema/loyalty';
import {
  carts,
  coupons,
  couponUses,
  orderCounters,
  orderStatusHistory,
  orders,
  placeCheckoutSettings,
  stockMovements,
  subscriptions,
} from '@storefront/db/schema/orders';
import { appCompanies, areas, companies, places } from '@storefront/db/schema/tenancy';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PageRequest } from '../../lib/paging.ts';
import { placeColumns } from '../catalogue/catalogue.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type HistoryRow = typeof orderStatusHistory.$inferSelect;
export type OrderStatus = OrderRow['status'];

/**
 * The hottest reads of a checkout are built once per database as prepared statements (named, so the
 * server parses and plans them once per connection too): building a query costs as much as sending it.
 */
const preparedQueries = new WeakMap<Executor, Map<(db: Executor) => unknown, unknown>>();
function prepared<Q>(db: Executor, build: (db: Executor) => Q): Q {
  let queries = preparedQueries.get(db);
  if (!queries) {
    queries = new Map();
    preparedQueries.set(db, queries);
  }
  if (!queries.has(build)) queries.set(build, build(db));
  return queries.get(build) as Q;
}

/**
 * What a checkout reads of a place, in one query: the place as the catalogue shows it (of the app, its
 * company allowed in the app), its company's switches (only where the company is the app's), the
 * company's loyalty program that coins are spent from and earned in (its first one), the place's
 * payment methods, pickup settings (null where it has none) and opening hours on an ISO weekday.
 */
function checkoutPlaceQuery(db: Executor) {
  const appUid = sql.placeholder('appUid');
  return db
    .select({
      ...placeColumns,
      companyOfApp: sql<boolean>`${companies.appUid} = ${appUid}`,
      ecommerceEnabled: companies.ecommerceEnabled,
      subscriptionEnabled: companies.subscriptionEnabled,
      deliveryService: companies.deliveryService,
      programUid: sql<string | null>`(${db
        .select({ uid: programs.uid })
        .from(programs)
        .where(and(eq(programs.appUid, appUid), eq(programs.companyUid, places.companyUid)))
        .orderBy(asc(programs.position), asc(programs.uid))
        .limit(1)})`,
      paymentMethods: placeCheckoutSettings.paymentMethods,
      leadMinutes: placePickupSettings.leadMinutes,
      timeZone: placePickupSettings.timeZone,
      slotMinutes: placePickupSettings.slotMinutes,
      hours: sql<{ opens: string; closes: string }[]>`(select coalesce(json_agg(json_build_object(
        'opens', h.opens, 'closes', h.closes) order by h.opens), '[]') from ${placeOpeningHours} h
        where h.place_uid = ${places.uid} and h.weekday = ${sql.placeholder('weekday')})`,
    })
    .from(places)
    .innerJoin(
      appCompanies,
      and(eq(appCompanies.appUid, appUid), eq(appCompanies.companyUid, places.companyUid)),
    )
    .innerJoin(companies, eq(companies.uid, places.companyUid))
    .innerJoin(areas, eq(areas.uid, places.areaUid))
    .leftJoin(placeCheckoutSettings, eq(placeCheckoutSettings.placeUid, places.uid))
    .leftJoin(placePickupSettings, eq(placePickupSettings.placeUid, places.uid))
    .where(and(eq(places.appUid, appUid), eq(places.uid, sql.placeholder('placeUid'))))
    .prepare('checkout_place');
}

export async function findCheckoutPlace(db: Executor, appUid: string, placeUid: string, weekday: number) {
  const [row] = await prepared(db, checkoutPlaceQuery).execute({ appUid, placeUid, weekday });
  return row ?? null;
}

export interface OfferOptionGroup {
  uid: string;
  name: string;
  minimumToSelect: number;
  maximumToSelect: number;
  options: { uid: string; name: string; price: number }[];
}

/**
 * The products of the place's company on sale in the place, with that place's stock and their active
 * option groups, each with its active options, in their order (as the menu shows them), in one query.
 */
function offersQuery(db: Executor) {
  const placeUid = sql.placeholder('placeUid');
  const activeOptions = sql`(select coalesce(json_agg(json_build_object('uid', o.uid, 'name', o.name,
    'price', o.price) order by o.position, o.uid), '[]') from ${options} o where o.group_uid = og.uid and o.is_active)`;
  return db
    .select({
      uid: products.uid,
      title: products.title,
      unitPrice: products.unitPrice,
      coinPrice: products.coinPrice,
      isRedeemable: products.isRedeemable,
      directPurchase: products.directPurchase,
      stock: placeProducts.stock,
      optionGroups: sql<OfferOptionGroup[]>`(select coalesce(json_agg(json_build_object('uid', og.uid,
        'name', og.name, 'minimumToSelect', og.minimum_to_select, 'maximumToSelect', og.maximum_to_select,
        'options', ${activeOptions}) order by og.position, og.uid), '[]')
        from ${optionGroups} og where og.product_uid = ${products.uid} and og.is_active)`,
    })
    .from(products)
    .innerJoin(
      placeProducts,
      and(eq(placeProducts.productUid, products.uid), eq(placeProducts.placeUid, placeUid)),
    )
    .innerJoin(places, and(eq(places.uid, placeUid), eq(places.companyUid, products.companyUid)))
    .where(
      and(
        sql`${products.uid} = any(${sql.placeholder('productUids')}::text[])`,
        eq(products.isActive, true),
        eq(placeProducts.isAvailable, true),
      ),
    )
    .prepare('checkout_offers');
}

export function listOffers(db: Executor, placeUid: string, productUids: string[]) {
  return prepared(db, offersQuery).execute({ placeUid, productUids });
}

/** Locks a place's stock rows (in uid order, so that two orders never wait on each other). */
export function lockStock(tx: Executor, placeUid: string, productUids: string[]) {
  return tx
    .select({ productUid: placeProducts.productUid, stock: placeProducts.stock })
    .from(placeProducts)
    .where(and(eq(placeProducts.placeUid, placeUid), inArray(placeProducts.productUid, productUids)))
    .orderBy(asc(placeProducts.productUid))
    .for('update');
}

export interface StockMove {
  placeUid: string;
  productUid: string;
  orderUid: string;
  delta: number;
  reason: 'ORDER' | 'CANCEL';
}

/**
 * Moves locked stock rows of one place by their `delta` (negative takes) and records the movements, in
 * two statements. Each moved row gets a new version, so a stock set from an older read answers 409.
 */
export async function moveStock(tx: Executor, moves: StockMove[]): Promise<void> {
  const [first] = moves;
  if (!first) return;
  const delta = sql.join(
    [
      sql`case ${placeProducts.productUid}`,
      ...moves.map((move) => sql`when ${move.productUid} then ${move.delta}::integer`),
      sql`end`,
    ],
    sql` `,
  );
  await tx
    .update(placeProducts)
    .set({ stock: sql`${placeProducts.stock} + ${delta}`, version: sql`${placeProducts.version} + 1` })
    .where(
      and(
        eq(placeProducts.placeUid, first.placeUid),
        inArray(
          placeProducts.productUid,
          moves.map((move) => move.productUid),
        ),
        sql`${placeProducts.stock} is not null`,
      ),
    );
  await tx.insert(stockMovements).values(
    moves.map((move) => ({
      placeUid: move.placeUid,
      productUid: move.productUid,
      orderUid: move.orderUid,
      quantity: move.delta,
      reason: move.reason,
    })),
  );
}

/** The stock an order took and has not given back, per product. */
export function takenStock(tx: Executor, orderUid: string) {
  return tx
    .select({
      productUid: stockMovements.productUid,
      quantity: sql<number>`sum(${stockMovements.quantity})::int`,
    })
    .from(stockMovements)
    .where(eq(stockMovements.orderUid, orderUid))
    .groupBy(stockMovements.productUid)
    .orderBy(asc(stockMovements.productUid));
}

export interface StockTake {
  productUid: string;
  quantity: number;
}

/**
 * Writes a placed order in one statement, the last of its transaction but the idempotency record:
 * takes the stock the lines ask for (an UPDATE re-checks `stock >= quantity` on the row's latest
 * version under its lock, and leaves a short row as it was), then takes the company's next number
 * (the counter row stays locked until the transaction ends), inserts the order, its stock movements
 * and its first history row, and clears the member's regular cart. The stock rows and the counter,
 * which every order of a place waits on, are so held for this statement and the commit only.
 * Arrays travel as single parameters, so the statement has one shape whatever the lines. Answers
 * the rows as written (the values given plus what the database chose: number, ids, times) and the
 * products whose stock was short, in uid order; with any, the caller rolls the order back.
 */
export async function placeOrder(
  tx: Executor,
  order: Omit<OrderRow, 'number' | 'createdAt' | 'updatedAt'>,
  take: StockTake[],
  history: Omit<HistoryRow, 'id' | 'orderUid' | 'createdAt'>,
): Promise<{ order: OrderRow; history: HistoryRow; short: string[] }> {
  const wanted = sql`unnest(${sql.param(take.map((line) => line.productUid))}::text[],
    ${sql.param(take.map((line) => line.quantity))}::integer[]) as wanted (product_uid, quantity)`;
  // A row whose stock became unlimited since the lines were priced is taken from nothing. A counted
  // row's version moves, so that a stock set from a read before this sale answers 409 (issue 28).
  const taken = tx.$with('taken', {}).as(
    sql`update ${placeProducts} pp set stock = pp.stock - wanted.quantity,
        version = pp.version + (pp.stock is not null)::integer from ${wanted}
      where pp.place_uid = ${order.placeUid} and pp.product_uid = wanted.product_uid
        and (pp.stock is null or pp.stock >= wanted.quantity)
      returning pp.product_uid, wanted.quantity, pp.stock is not null as counted`,
  );
  // CTEs run as they are read: counting the taken rows first locks the stock rows before the
  // counter, the order every lock keeps.
  const counter = tx.$with('counter', {}).as(
    sql`insert into ${orderCounters} (company_uid, last_number)
      select ${order.companyUid}, 1 from (select count(*) from ${taken}) as stock_first
      on conflict (company_uid) do update set last_number = ${orderCounters.lastNumber} + 1
      returning last_number`,
  );
  const inserted = tx.$with('inserted').as(
    tx
      .insert(orders)
      .values({ ...order, number: sql`(select last_number from ${counter})` })
      .returning({ number: orders.number, createdAt: orders.createdAt, updatedAt: orders.updatedAt }),
  );
  const moves = tx.$with('moves', {}).as(
    sql`insert into ${stockMovements} (place_uid, product_uid, order_uid, quantity, reason)
      select ${order.placeUid}, product_uid, ${order.uid}::uuid, -quantity, 'ORDER' from ${taken} where counted`,
  );
  const firstHistory = tx.$with('first_history').as(
    tx
      .insert(orderStatusHistory)
      .values({ ...history, orderUid: order.uid })
      .returning({ id: orderStatusHistory.id, createdAt: orderStatusHistory.createdAt }),
  );
  const cart = tx
    .$with('cart')
    .as(
      tx
        .delete(carts)
        .where(
          and(
            eq(carts.userUid, order.userUid),
            eq(carts.placeUid, order.placeUid),
            eq(carts.type, 'REGULAR'),
          ),
        ),
    );
  const [row] = await tx
    .with(taken, counter, inserted, moves, firstHistory, cart)
    .select({
      number: inserted.number,
      createdAt: inserted.createdAt,
      updatedAt: inserted.updatedAt,
      historyId: firstHistory.id,
      historyAt: firstHistory.createdAt,
      taken: sql<string[] | null>`(select array_agg(product_uid) from ${taken})`,
    })
    .from(inserted)
    .crossJoin(firstHistory);
  if (!row) throw new Error('order not returned');
  const takenUids = new Set(row.taken);
  return {
    order: { ...order, number: row.number, createdAt: row.createdAt, updatedAt: row.updatedAt },
    history: { ...history, id: row.historyId, orderUid: order.uid, createdAt: row.historyAt },
    short: take
      .map((line) => line.productUid)
      .filter((uid) => !takenUids.has(uid))
      .sort(),
  };
}

export async function insertSubscription(
  tx: Executor,
  subscription: NewSubscription,
): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(subscription).returning();
  if (!row) throw new Error('subscription not returned');
  return row;
}

export async function insertHistory(
  tx: Executor,
  entry: {
    orderUid: string;
    fromStatus: string | null;
    toStatus: string;
    actorUserUid: string | null;
    actorRole: HistoryRow['actorRole'];
  },
): Promise<HistoryRow> {
  const [row] = await tx.insert(orderStatusHistory).values(entry).returning();
  if (!row) throw new Error('history row not returned');
  return row;
}

export function listHistory(db: Executor, orderUid: string): Promise<HistoryRow[]> {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderUid, orderUid))
    .orderBy(asc(orderStatusHistory.id));
}

/** An order of the app, optionally of one member, optionally locked for a status change. */
export async function findOrder(
  db: Executor,
  appUid: string,
  orderUid: string,
  options: { userUid?: string; lock?: boolean } = {},
): Promise<OrderRow | null> {
  const query = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.appUid, appUid),
        eq(orders.uid, orderUid),
        options.userUid ? eq(orders.userUid, options.userUid) : undefined,
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setOrderStatus(tx: Executor, orderUid: string, status: OrderStatus): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(eq(orders.uid, orderUid))
    .returning();
  if (!row) throw new Error('order vanished');
  return row;
}

export interface OrderFilter {
  paymentType?: OrderRow['paymentType'];
  status?: OrderStatus;
  placeUid?: string;
}

export async function listMemberOrders(
  db: Executor,
  appUid: string,
  userUid: string,
  filter: OrderFilter,
  at: PageRequest,
): Promise<{ count: number; rows: OrderRow[] }> {
  const where = and(
    eq(orders.appUid, appUid),
    eq(orders.userUid, userUid),
    filter.paymentType ? eq(orders.paymentType, filter.paymentType) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.placeUid ? eq(orders.placeUid, filter.placeUid) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { count: total?.value ?? 0, rows };
}

export interface SubscriptionFilter {
  status?: SubscriptionRow['status'];
  placeUid?: string;
  companyUid?: string;
}

export async function listMemberSubscriptions(
  db: Executor,
  appUid: string,
  userUid: string,
  filter: SubscriptionFilter,
  at: PageRequest,
): Promise<{ count: number; rows: SubscriptionRow[] }> {
  const where = and(
    eq(subscriptions.appUid, appUid),
    eq(subscriptions.userUid, userUid),
    filter.status ? eq(subscriptions.status, filter.status) : undefined,
    filter.placeUid ? eq(subscriptions.placeUid, filter.placeUid) : undefined,
    filter.companyUid ? eq(subscriptions.companyUid, filter.companyUid) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ value: count() }).from(subscriptions).where(where),
  ]);
  return { count: total?.value ?? 0, rows };
}

export async function findSubscription(
  db: Executor,
  appUid: string,
  userUid: string,
  uid: string,
  lock = false,
): Promise<SubscriptionRow | null> {
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.appUid, appUid), eq(subscriptions.userUid, userUid), eq(subscriptions.uid, uid)),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function cancelSubscriptionRow(tx: Executor, uid: string): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ status: 'CANCELED_BY_USER', updatedAt: new Date() })
    .where(eq(subscriptions.uid, uid))
    .returning();
  if (!row) throw new Error('subscription vanished');
  return row;
}

/** Gives a coupon use back (a cancelled order): the use row goes and the count drops. */
export async function releaseCouponUse(tx: Executor, couponUid: string, sourceUid: string): Promise<void> {
  const removed = await tx
    .delete(couponUses)
    .where(and(eq(couponUses.couponUid, couponUid), eq(couponUses.sourceUid, sourceUid)))
    .returning({ couponUid: couponUses.couponUid });
  if (removed.length === 0) return;
  await tx
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} - 1` })
    .where(eq(coupons.uid, couponUid));
}

/** Place names by uid, for the orders a list shows. */
export async function placeNames(db: Executor, appUid: string, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: places.uid, name: places.name })
    .from(places)
    .where(and(eq(places.appUid, appUid), inArray(places.uid, uids)));
  return new Map(rows.map((row) => [row.uid, row.name]));
}
