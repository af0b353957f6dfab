import type { Executor } from '@storefront/db/client';
import { type SQL, sql } from 'drizzle-orm';

// The owner's numbers (decision 023): aggregates over the records the storefront writes (orders, the
// ledger, redemptions, memberships), each a single statement shaped for an index range scan on time
// (migration 0022). Every query takes the company, the days (YYYY-MM-DD, both included) and the place.

export interface DashboardScope {
  companyUid: string;
  from: string;
  to: string;
  placeUid: string | null;
  /** The clock of what belongs to no place (memberships, the ledger, redemptions): the place's with a place. */
  timeZone: string;
  /** The range on each place's clock (placeBounds), for its orders. */
  places: PlaceBounds[];
}

export interface PlaceBounds {
  uid: string;
  timeZone: string;
  /** Start (included) and end (excluded) of the range on the place's clock, ISO instants. */
  lo: string;
  hi: string;
}

const DEFAULT_TIME_ZONE = 'America/Lima';

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Sums come back as text (node-postgres) or numbers (PGlite). */
const num = (value: unknown) => Number(value ?? 0);

/** The company's clock: that of most of its places (America/Lima without any). */
export async function companyTimeZone(db: Executor, companyUid: string): Promise<string> {
  const [row] = await rows<{ tz: string }>(
    db,
    sql`select coalesce(s.time_zone, ${DEFAULT_TIME_ZONE}) as tz, count(*) as n
      from places p left join place_pickup_settings s on s.place_uid = p.uid
      where p.company_uid = ${companyUid} group by 1 order by 2 desc, 1 limit 1`,
  );
  return row?.tz ?? DEFAULT_TIME_ZONE;
}

/** A place of the company with its clock, or null. */
export async function companyPlace(db: Executor, companyUid: string, placeUid: string) {
  const [row] = await rows<{ uid: string; tz: string }>(
    db,
    sql`select p.uid, coalesce(s.time_zone, ${DEFAULT_TIME_ZONE}) as tz
      from places p left join place_pickup_settings s on s.place_uid = p.uid
      where p.company_uid = ${companyUid} and p.uid = ${placeUid}`,
  );
  return row ?? null;
}

/** Start (included) and end (excluded) of the range on the scope's clock. */
const lo = (s: DashboardScope) => sql`(${s.from}::date::timestamp at time zone ${s.timeZone})`;
const hi = (s: DashboardScope) => sql`((${s.to}::date + 1)::timestamp at time zone ${s.timeZone})`;

/** The range on the clock of each place of the company (or of the one place). */
export async function placeBounds(
  db: Executor,
  s: Omit<DashboardScope, 'places' | 'timeZone'>,
): Promise<PlaceBounds[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select p.uid, coalesce(ps.time_zone, ${DEFAULT_TIME_ZONE}) as tz,
        to_json(${s.from}::date::timestamp at time zone coalesce(ps.time_zone, ${DEFAULT_TIME_ZONE})) #>> '{}' as lo,
        to_json((${s.to}::date + 1)::timestamp at time zone coalesce(ps.time_zone, ${DEFAULT_TIME_ZONE})) #>> '{}' as hi
      from places p left join place_pickup_settings ps on ps.place_uid = p.uid
      where p.company_uid = ${s.companyUid} and (${s.placeUid}::text is null or p.uid = ${s.placeUid})`,
  );
  return found.map((r) => ({
    uid: String(r.uid),
    timeZone: String(r.tz),
    lo: String(r.lo),
    hi: String(r.hi),
  }));
}

/**
 * The orders placed in the range, each on its own place's clock (as the admin orders list filters them):
 * the places' bounds as literal rows, so that each is a range scan of orders (place_uid, created_at).
 */
const ordersInRange = (s: DashboardScope) => {
  if (s.places.length === 0)
    return sql`select o.uid, o.status, o.order_type, o.payment_type, o.price, o.gift_card_amount, o.user_uid, o.items, o.created_at::date as day
      from orders o where false`;
  const bounds = sql.join(
    s.places.map((p) => sql`(${p.uid}, ${p.lo}::timestamptz, ${p.hi}::timestamptz, ${p.timeZone})`),
    sql`, `,
  );
  return sql`
    select o.uid, o.status, o.order_type, o.payment_type, o.price, o.gift_card_amount, o.user_uid, o.items,
      (o.created_at at time zone b.tz)::date as day
    from (values ${bounds}) b(place_uid, lo, hi, tz)
    join orders o on o.place_uid = b.place_uid and o.created_at >= b.lo and o.created_at < b.hi
    where o.company_uid = ${s.companyUid}`;
};

export interface OrderGroup {
  status: string;
  orderType: string;
  paymentType: string;
  orders: number;
  amount: number;
  /** Of those, the orders that paid a part from the gift balance, and that part (cents). */
  giftOrders: number;
  giftAmount: number;
}

/** Orders of the range by status, type and payment method: how many and their totals (cents). */
export async function orderGroups(db: Executor, s: DashboardScope): Promise<OrderGroup[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select status, order_type, payment_type, count(*) as orders, sum(price) as amount,
        count(*) filter (where gift_card_amount > 0) as gift_orders, sum(gift_card_amount) as gift_amount
      from (${ordersInRange(s)}) o group by 1, 2, 3`,
  );
  return found.map((r) => ({
    status: String(r.status),
    orderType: String(r.order_type),
    paymentType: String(r.payment_type),
    orders: num(r.orders),
    amount: num(r.amount),
    giftOrders: num(r.gift_orders),
    giftAmount: num(r.gift_amount),
  }));
}

/** Sales orders (DELIVERED) per day of the range, every day listed. */
export async function salesPerDay(db: Executor, s: DashboardScope) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date, count(o.uid) as orders, coalesce(sum(o.price), 0) as amount
      from generate_series(${s.from}::date, ${s.to}::date, interval '1 day') d
      left join (${ordersInRange(s)}) o on o.day = d::date and o.status = 'DELIVERED'
      group by d order by d`,
  );
  return found.map((r) => ({ date: String(r.date), orders: num(r.orders), amount: num(r.amount) }));
}

/** The ten best-selling products by units and by amount (sales orders' lines). */
export async function topProducts(db: Executor, s: DashboardScope, limit = 10) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select * from (
        select uid, name, units, amount,
          row_number() over (order by units desc, amount desc, uid) as by_units,
          row_number() over (order by amount desc, units desc, uid) as by_amount
        from (
          select item->>'uid' as uid, min(item->>'name') as name,
            sum((item->>'quantity')::int) as units, sum((item->>'price')::bigint) as amount
          from (${ordersInRange(s)}) o, jsonb_array_elements(o.items) item
          where o.status = 'DELIVERED' group by 1
        ) p
      ) ranked where by_units <= ${limit} or by_amount <= ${limit}`,
  );
  const all = found.map((r) => ({
    uid: String(r.uid),
    name: String(r.name),
    units: num(r.units),
    amount: num(r.amount),
    byUnits: num(r.by_units),
    byAmount: num(r.by_amount),
  }));
  const pick = (key: 'byUnits' | 'byAmount') =>
    all
      .filter((p) => p[key] <= limit)
      .sort((a, b) => a[key] - b[key])
      .map(({ uid, name, units, amount }) => ({ uid, name, units, amount }));
  return { byUnits: pick('byUnits'), byAmount: pick('byAmount') };
}

const companyPrograms = (s: DashboardScope) =>
  sql`(select uid from programs where company_uid = ${s.companyUid})`;

/**
 * A ledger entry happened at the place: its order's, its stamp's or its redemption's place. Hashed
 * subplans (the place's orders and redemptions, read once), not a look-up per entry.
 */
const atPlace = (placeUid: string) => sql`(
    (le.reference_type = 'place' and le.reference_id = ${placeUid})
    or (le.reference_type = 'order' and le.reference_id in (select uid::text from orders where place_uid = ${placeUid}))
    or (le.reference_type = 'redemption' and le.reference_id in (select uid::text from redemptions where place_uid = ${placeUid}))
  )`;

/** Ledger entries of the company's programs in the range (at the place, with a place). */
const entriesInRange = (s: DashboardScope) => sql`
  select m.program_uid, m.user_uid, le.kind, le.reason, le.amount
  from ledger_entries le join memberships m on m.uid = le.membership_uid
  where m.program_uid in ${companyPrograms(s)}
    and le.created_at >= ${lo(s)} and le.created_at < ${hi(s)}
    ${s.placeUid ? sql`and ${atPlace(s.placeUid)}` : sql``}`;

export interface LedgerGroup {
  programUid: string;
  kind: string;
  reason: string;
  credit: boolean;
  amount: number;
  entries: number;
}

/** The range's ledger movements per program, kind, reason and sign. */
export async function ledgerGroups(db: Executor, s: DashboardScope): Promise<LedgerGroup[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select program_uid, kind, reason, amount > 0 as credit, sum(amount) as amount, count(*) as entries
      from (${entriesInRange(s)}) e group by 1, 2, 3, 4`,
  );
  return found.map((r) => ({
    programUid: String(r.program_uid),
    kind: String(r.kind),
    reason: String(r.reason),
    credit: r.credit === true,
    amount: num(r.amount),
    entries: num(r.entries),
  }));
}

/**
 * Each program's coins and points outstanding at the end of the range: the ledger's balance then less
 * what had expired by then but was written off (EXPIRE) only later or not yet. The balance then is the sum
 * of the entries before the end, or, when fewer entries came after it, the balance now (cached on the
 * memberships, which the ledger keeps equal to its entries) less what moved since: either way exact, and
 * reading the smaller side of the ledger.
 */
export async function outstanding(db: Executor, s: DashboardScope) {
  const [span] = await rows<Record<string, unknown>>(
    db,
    sql`select extract(epoch from min(joined_at)) as first, extract(epoch from ${hi(s)}) as end,
        extract(epoch from now()) as now
      from memberships where program_uid in ${companyPrograms(s)}`,
  );
  const fromNow = num(span?.end) - num(span?.first) > num(span?.now) - num(span?.end);
  const entries = (where: SQL) => sql`
    select m.program_uid, le.kind, le.amount
    from ledger_entries le join memberships m on m.uid = le.membership_uid
    where m.program_uid in ${companyPrograms(s)} and le.kind in ('coins', 'points') and ${where}`;
  const balanceThen = fromNow
    ? sql`select program_uid, 'coins' as kind, coins as amount from memberships where program_uid in ${companyPrograms(s)}
        union all select program_uid, 'points', total_points from memberships where program_uid in ${companyPrograms(s)}
        union all select program_uid, kind, -amount from (${entries(sql`le.created_at >= ${hi(s)}`)}) since`
    : entries(sql`le.created_at < ${hi(s)}`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with movements as (
        ${balanceThen}
        union all
        select m.program_uid, le.kind, le.amount
        from ledger_entries le join memberships m on m.uid = le.membership_uid
        -- The cast only for expiries, whose reference is always a ledger entry's uid.
        join ledger_entries c on c.uid = (case when le.reason = 'EXPIRE' then le.reference_id::uuid end)
        where m.program_uid in ${companyPrograms(s)} and le.reason = 'EXPIRE'
          and le.created_at >= ${hi(s)} and c.expires_at <= ${hi(s)}
        union all
        select m.program_uid, c.kind, -c.remaining
        from ledger_entries c join memberships m on m.uid = c.membership_uid
        where m.program_uid in ${companyPrograms(s)} and c.remaining > 0
          and c.expires_at <= ${hi(s)} and c.created_at < ${hi(s)}
      )
      select p.uid as program_uid,
        coalesce(sum(mv.amount) filter (where mv.kind = 'coins'), 0) as coins,
        coalesce(sum(mv.amount) filter (where mv.kind = 'points'), 0) as points
      from programs p left join movements mv on mv.program_uid = p.uid
      where p.company_uid = ${s.companyUid} group by p.uid`,
  );
  return new Map(found.map((r) => [String(r.program_uid), { coins: num(r.coins), points: num(r.points) }]));
}

/** Memberships created in the range per program, and people whose first membership of the company it is. */
export async function newMembers(db: Executor, s: DashboardScope) {
  const [perProgram, [company]] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`select program_uid, count(*) as n from memberships
        where program_uid in ${companyPrograms(s)} and joined_at >= ${lo(s)} and joined_at < ${hi(s)}
        group by 1`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`select count(*) as n from (
          select user_uid, min(joined_at) as first from memberships
          where program_uid in ${companyPrograms(s)} group by 1
        ) f where first >= ${lo(s)} and first < ${hi(s)}`,
    ),
  ]);
  return {
    perProgram: new Map(perProgram.map((r) => [String(r.program_uid), num(r.n)])),
    company: num(company?.n),
  };
}

/**
 * Members active in the range (decision 023): people with a membership who placed an order with the
 * company, moved their own ledger (not expiry, opening balances or the company's corrections) or took a
 * promotion; at the place, with a place. Per program, and distinct people over all programs.
 */
export async function activeMembers(db: Executor, s: DashboardScope) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with acts as (
        select m.program_uid, m.user_uid from (
          select distinct le.membership_uid from ledger_entries le
          where le.created_at >= ${lo(s)} and le.created_at < ${hi(s)}
            and le.reason not in ('EXPIRE', 'OPENING_BALANCE', 'ADMIN_ADJUSTMENT')
            ${s.placeUid ? sql`and ${atPlace(s.placeUid)}` : sql``}
        ) e join memberships m on m.uid = e.membership_uid
        where m.program_uid in ${companyPrograms(s)}
        union all
        select m.program_uid, m.user_uid from redemptions r join memberships m on m.uid = r.membership_uid
        where m.program_uid in ${companyPrograms(s)} and r.status in ('ACQUIRED', 'REDEEMED')
          and coalesce(r.redeemed_at, r.created_at) >= ${lo(s)} and coalesce(r.redeemed_at, r.created_at) < ${hi(s)}
          ${s.placeUid ? sql`and r.place_uid = ${s.placeUid}` : sql``}
        union all
        select m.program_uid, m.user_uid from (select distinct user_uid from (${ordersInRange(s)}) o) o
        join memberships m on m.user_uid = o.user_uid where m.program_uid in ${companyPrograms(s)}
      ), people as (
        select program_uid, user_uid from acts group by 1, 2
      )
      select program_uid, count(*) as n from people group by 1
      union all select null, count(*) from (select user_uid from people group by 1) u`,
  );
  const perProgram = new Map<string, number>();
  let company = 0;
  for (const r of found) {
    if (r.program_uid === null) company = num(r.n);
    else perProgram.set(String(r.program_uid), num(r.n));
  }
  return { perProgram, company };
}

/** Units of each promotion taken in the range: used at a counter (at the place) or bought in the app. */
export async function redemptionsPerPromotion(db: Executor, s: DashboardScope) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select p.uid, p.title, p.program_uid,
        count(*) filter (where r.status = 'REDEEMED') as redeemed,
        count(*) filter (where r.status = 'ACQUIRED') as acquired
      from redemptions r join promotions p on p.uid = r.promotion_uid
      where p.program_uid in ${companyPrograms(s)} and r.status in ('ACQUIRED', 'REDEEMED')
        and coalesce(r.redeemed_at, r.created_at) >= ${lo(s)} and coalesce(r.redeemed_at, r.created_at) < ${hi(s)}
        ${s.placeUid ? sql`and r.place_uid = ${s.placeUid}` : sql``}
      group by p.uid order by count(*) desc, p.title, p.uid`,
  );
  return found.map((r) => ({
    promotion: String(r.uid),
    title: String(r.title),
    program: String(r.program_uid),
    redeemed: num(r.redeemed),
    acquired: num(r.acquired),
  }));
}

export async function companyProgramsOf(db: Executor, companyUid: string) {
  return rows<{ uid: string; name: string }>(
    db,
    sql`select uid, name from programs where company_uid = ${companyUid} order by position, uid`,
  );
}
