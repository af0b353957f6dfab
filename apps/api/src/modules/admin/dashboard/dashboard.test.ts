import { placePickupSettings } from '@storefront/db/schema/catalogue';
import { ledgerEntries, memberships, programs, promotions, redemptions } from '@storefront/db/schema/loyalty';
import { type OrderItem, orders } from '@storefront/db/schema/orders';
import { places } from '@storefront/db/schema/tenancy';
import { users } from '@storefront/db/schema/users';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { type AdminTokens, adminTenantFile, adminTokens, as, COMPANY } from '../admin.fixtures.ts';

// Every figure of the dashboard against numbers computed here, in plain JavaScript, over the rows of the
// database (the demo's and a seeded company's: orders across places, types, payment methods, statuses and
// days in and out of the range; ledger entries of every reason, with expiry; redemptions; memberships),
// with and without the place filter; another company's rows are seeded too and must not count.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
const FROM = '2026-03-01';
const TO = '2026-03-31';
/** One place reads its days on another clock: its orders' days differ from the company's. */
const MADRID = 'place-cayma';

/** A seeded pseudo-random generator, so that a failure repeats. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(18);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
/** A moment from 6 days before the range to 6 days after it, at any minute (so also near midnight). */
const moment = () => new Date(Date.parse(`${FROM}T00:00:00Z`) - 6 * 86_400_000 + int(0, 43 * 1440) * 60_000);

const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
const inRange = (day: string) => day >= FROM && day <= TO;
const decimal = (cents: number) => (cents / 100).toFixed(2);

const PRODUCTS = [
  { uid: 'p-a', name: 'Causa', price: 1250 },
  { uid: 'p-b', name: 'Lomo', price: 3290 },
  { uid: 'p-c', name: 'Chicha', price: 600 },
  { uid: 'p-d', name: 'Suspiro', price: 990 },
  { uid: 'p-e', name: 'Ceviche', price: 2800 },
] as const;
const STATUSES = [
  'RECEIVED',
  'ACCEPTED',
  'SHIPPED',
  'DELIVERED',
  'DELIVERED',
  'DELIVERED',
  'CANCELED_BY_PLACE',
  'CANCELED_BY_USER',
] as const;

async function seed() {
  const db = t.db;
  await db
    .update(placePickupSettings)
    .set({ timeZone: 'Europe/Madrid' })
    .where(eq(placePickupSettings.placeUid, MADRID));
  await db.insert(programs).values([
    { uid: 'dash-second', appUid: 'demo', companyUid: COMPANY, name: 'Segundo', stampsRequired: 3 },
    { uid: 'dash-rival', appUid: 'demo', companyUid: 'rival-main', name: 'Rival' },
  ]);
  await db.insert(promotions).values([
    { uid: 'dash-promo-a', programUid: 'demo-club', title: 'Promo A' },
    { uid: 'dash-promo-b', programUid: 'dash-second', title: 'Promo B' },
    { uid: 'dash-promo-rival', programUid: 'dash-rival', title: 'Promo rival' },
  ]);
  const people = await db
    .insert(users)
    .values(Array.from({ length: 24 }, (_, i) => ({ appUid: 'demo', email: `dash${i}@demo.pe` })))
    .returning({ uid: users.uid });
  const programOf = ['demo-club', 'dash-second', 'dash-rival'] as const;
  const joined = await db
    .insert(memberships)
    .values(
      people.flatMap((person, i) =>
        programOf
          .filter((_, p) => (i + p) % 3 !== 2)
          .map((programUid) => ({ appUid: 'demo', userUid: person.uid, programUid, joinedAt: moment() })),
      ),
    )
    .returning();
  const companyPlaces = ['place-miraflores', 'place-san-isidro', 'place-yanahuara', MADRID];
  let number = 1000;
  const orderRows = await db
    .insert(orders)
    .values(
      Array.from({ length: 90 }, (_, i) => {
        const rival = i % 10 === 9;
        const items: OrderItem[] = Array.from({ length: int(1, 3) }, () => {
          const product = pick(PRODUCTS);
          const quantity = int(1, 4);
          return {
            uid: product.uid,
            name: product.name,
            quantity,
            unitPrice: product.price,
            price: product.price * quantity,
            coinPrice: 0,
            isRedeemable: false,
            directPurchase: false,
            optionGroups: [],
          };
        });
        const subtotal = items.reduce((n, item) => n + item.price, 0);
        const orderType = pick(['DELIVERY', 'PICKUP'] as const);
        const deliveryPrice = orderType === 'DELIVERY' ? 500 : 0;
        const discount = rand() < 0.3 ? int(1, 300) : 0;
        const price = subtotal + deliveryPrice - discount;
        // Every method, the online ones too; some pay a part from the gift balance, GIFT_CARD all of it.
        const paymentType = pick([
          'CASH',
          'CARD_ON_DELIVERY',
          'GIFT_CARD',
          'ONLINE_CARD',
          'YAPE',
          'TRANSFER',
        ] as const);
        const giftCardAmount = paymentType === 'GIFT_CARD' ? price : rand() < 0.3 ? int(1, price - 1) : 0;
        number += 1;
        return {
          number,
          status: pick(STATUSES),
          appUid: 'demo',
          companyUid: rival ? 'rival-main' : COMPANY,
          placeUid: rival ? 'place-rival' : pick(companyPlaces),
          userUid: pick(people).uid,
          orderType,
          paymentType,
          giftCardAmount,
          pickupDate: FROM,
          startTime: '12:00',
          endTime: '12:30',
          userData: {
            full_name: 'x',
            document_type: 'DNI',
            document_number: '1',
            email: 'x@x.pe',
            contact_number: '1',
          },
          items,
          subtotal,
          deliveryPrice,
          discount,
          price,
          coins: 0,
          createdAt: moment(),
        };
      }),
    )
    .returning();
  // Redemptions of every state, at places or bought in the app.
  const redemptionRows = await db
    .insert(redemptions)
    .values(
      Array.from({ length: 40 }, (_, i) => {
        const membership = pick(joined);
        const promotionUid = {
          'demo-club': 'dash-promo-a',
          'dash-second': 'dash-promo-b',
          'dash-rival': 'dash-promo-rival',
        }[membership.programUid] as string;
        const status = pick(['PENDING', 'ACQUIRED', 'REDEEMED', 'REDEEMED', 'CANCELED'] as const);
        const createdAt = moment();
        return {
          promotionUid,
          membershipUid: membership.uid,
          code: `DASH${i}`,
          status,
          placeUid: status === 'REDEEMED' ? pick(companyPlaces) : null,
          createdAt,
          redeemedAt:
            status === 'REDEEMED' ? new Date(createdAt.getTime() + int(0, 4 * 1440) * 60_000) : null,
        };
      }),
    )
    .returning();
  // Three quiet members, joined before the range: one only bought a promotion in the app (no coins: no
  // ledger entry), one only placed an order (cancelled), one only saw the company's entries (not active).
  const quiet = await db
    .insert(users)
    .values(['buyer', 'orderer', 'idle'].map((name) => ({ appUid: 'demo', email: `quiet-${name}@demo.pe` })))
    .returning({ uid: users.uid });
  const [buyer, orderer, idle] = await db
    .insert(memberships)
    .values(
      quiet.map((person) => ({
        appUid: 'demo',
        userUid: person.uid,
        programUid: 'dash-second',
        joinedAt: new Date('2026-01-10T15:00:00Z'),
        coins: 5,
      })),
    )
    .returning();
  if (!buyer || !orderer || !idle) throw new Error('quiet members not inserted');
  await db.insert(redemptions).values({
    promotionUid: 'dash-promo-b',
    membershipUid: buyer.uid,
    code: 'DASHQUIET',
    status: 'ACQUIRED',
    createdAt: new Date('2026-03-15T15:00:00Z'),
  });
  const [quietOrder] = orderRows;
  if (!quietOrder) throw new Error('no order');
  await db.insert(orders).values({
    ...quietOrder,
    uid: undefined,
    number: 5000,
    status: 'CANCELED_BY_USER',
    companyUid: COMPANY,
    placeUid: 'place-miraflores',
    userUid: orderer.userUid,
    createdAt: new Date('2026-03-16T15:00:00Z'),
  });
  await db.insert(ledgerEntries).values(
    (['OPENING_BALANCE', 'ADMIN_ADJUSTMENT'] as const).map((reason, i) => ({
      membershipUid: idle.uid,
      kind: 'coins',
      amount: [2, 3][i] as number,
      remaining: [2, 3][i] as number,
      reason,
      createdAt: new Date('2026-03-17T15:00:00Z'),
    })),
  );
  // Today's correction, after any range ending yesterday.
  await db.insert(ledgerEntries).values({
    membershipUid: idle.uid,
    kind: 'coins',
    amount: 4,
    remaining: 4,
    reason: 'ADMIN_ADJUSTMENT',
    createdAt: new Date(Date.now() - 60_000),
  });
  await db.update(memberships).set({ coins: 9 }).where(eq(memberships.uid, idle.uid));
  for (const m of [buyer, orderer])
    await db.insert(ledgerEntries).values({
      membershipUid: m.uid,
      kind: 'coins',
      amount: 5,
      remaining: 5,
      reason: 'OPENING_BALANCE',
      createdAt: new Date('2026-01-10T15:00:00Z'),
    });
  // The ledger: per membership a history of credits, debits and expiries, balances never negative.
  for (const membership of joined) {
    const credits: { uid: string; kind: string; remaining: number; expiresAt: Date | null }[] = [];
    const balance: Record<string, number> = { coins: 0, points: 0, stamps: 0 };
    const memberOrders = orderRows.filter((o) => o.userUid === membership.userUid);
    const memberRedemptions = redemptionRows.filter((r) => r.membershipUid === membership.uid);
    const entries = Array.from({ length: int(4, 12) }, () => moment()).sort(
      (a, b) => a.getTime() - b.getTime(),
    );
    for (const createdAt of entries) {
      const reason = pick([
        'EARN_ORDER',
        'EARN_ORDER',
        'SPEND_ORDER',
        'SPEND_PURCHASE',
        'REFUND',
        'STAMP',
        'STAMP',
        'STAMP_REWARD',
        'MANUAL_POINTS',
        'OPENING_BALANCE',
        'ADMIN_ADJUSTMENT',
        'ADMIN_ADJUSTMENT',
        'EXPIRE',
      ] as const);
      const order = memberOrders.length > 0 && rand() < 0.8 ? pick(memberOrders) : null;
      const redemption = memberRedemptions.length > 0 ? pick(memberRedemptions) : null;
      const reference =
        reason === 'EARN_ORDER' || reason === 'SPEND_ORDER' || (reason === 'REFUND' && rand() < 0.5)
          ? order && { referenceType: 'order', referenceId: order.uid }
          : reason === 'SPEND_PURCHASE' || reason === 'REFUND'
            ? redemption && { referenceType: 'redemption', referenceId: redemption.uid }
            : reason === 'STAMP' || reason === 'STAMP_REWARD'
              ? { referenceType: 'place', referenceId: pick(companyPlaces) }
              : null;
      let kind: string;
      let amount: number;
      if (reason === 'STAMP') [kind, amount] = ['stamps', 1];
      else if (reason === 'STAMP_REWARD') [kind, amount] = ['stamps', -Math.min(3, balance.stamps ?? 0)];
      else if (reason === 'EXPIRE') {
        // What is left of a credit due by now (some expiries are written after the range ends).
        const due = credits.find((c) => c.remaining > 0 && c.expiresAt && c.expiresAt <= createdAt);
        if (!due) continue;
        await db.update(ledgerEntries).set({ remaining: 0 }).where(eq(ledgerEntries.uid, due.uid));
        balance[due.kind] = (balance[due.kind] ?? 0) - due.remaining;
        await db.insert(ledgerEntries).values({
          membershipUid: membership.uid,
          kind: due.kind,
          amount: -due.remaining,
          reason,
          referenceType: 'ledger_entry',
          referenceId: due.uid,
          createdAt,
        });
        due.remaining = 0;
        continue;
      } else {
        kind = reason === 'MANUAL_POINTS' ? 'points' : pick(['coins', 'points'] as const);
        const debit =
          reason === 'SPEND_ORDER' ||
          reason === 'SPEND_PURCHASE' ||
          (reason === 'ADMIN_ADJUSTMENT' && rand() < 0.5);
        amount = debit ? -Math.min(int(1, 40), balance[kind] ?? 0) : int(1, 80);
      }
      if (amount === 0) continue;
      // Debits take from the oldest-expiring credits, as the ledger does.
      if (amount < 0 && kind !== 'stamps') {
        let owed = -amount;
        for (const credit of credits.filter((c) => c.kind === kind && c.remaining > 0)) {
          const take = Math.min(owed, credit.remaining);
          credit.remaining -= take;
          owed -= take;
          await db
            .update(ledgerEntries)
            .set({ remaining: credit.remaining })
            .where(eq(ledgerEntries.uid, credit.uid));
          if (owed === 0) break;
        }
      }
      const expiresAt =
        amount > 0 && kind !== 'stamps' && rand() < 0.6
          ? new Date(createdAt.getTime() + int(1, 20) * 86_400_000)
          : null;
      const [entry] = await db
        .insert(ledgerEntries)
        .values({
          membershipUid: membership.uid,
          kind,
          amount,
          reason,
          ...(reference ?? {}),
          createdAt,
          expiresAt,
          remaining: amount > 0 ? amount : null,
        })
        .returning();
      if (entry && amount > 0 && kind !== 'stamps')
        credits.push({ uid: entry.uid, kind, remaining: amount, expiresAt });
      balance[kind] = (balance[kind] ?? 0) + amount;
    }
    // The cached balances equal the ledger's sums (architecture §4).
    await db
      .update(memberships)
      .set({ coins: balance.coins, totalPoints: balance.points, stamps: balance.stamps })
      .where(eq(memberships.uid, membership.uid));
  }
}

/** The figures, computed over every row of the database with plain JavaScript. */
async function expected(place: string | null, range = { from: FROM, to: TO }) {
  const inRange = (day: string) => day >= range.from && day <= range.to;
  const db = t.db;
  const placeRows = await db.select().from(places).where(eq(places.companyUid, COMPANY));
  const clocks = new Map(
    (await db.select().from(placePickupSettings)).map((s) => [s.placeUid, s.timeZone] as const),
  );
  const clockOf = (uid: string) => clocks.get(uid) ?? 'America/Lima';
  const zones = placeRows.map((p) => clockOf(p.uid));
  const companyClock = place
    ? clockOf(place)
    : ([...new Set(zones)]
        .sort()
        .sort(
          (a, b) => zones.filter((z) => z === b).length - zones.filter((z) => z === a).length,
        )[0] as string);
  const dayOf = (at: Date) => localDate(at, companyClock);
  const programRows = (await db.select().from(programs).where(eq(programs.companyUid, COMPANY))).sort(
    (a, b) => a.position - b.position || a.uid.localeCompare(b.uid),
  );
  const programUids = new Set(programRows.map((p) => p.uid));
  const allOrders = await db.select().from(orders);
  const orderPlace = new Map(allOrders.map((o) => [o.uid, o.placeUid]));
  const inScope = allOrders.filter(
    (o) =>
      o.companyUid === COMPANY &&
      (place === null || o.placeUid === place) &&
      inRange(localDate(o.createdAt, clockOf(o.placeUid))),
  );
  const sales = inScope.filter((o) => o.status === 'DELIVERED');
  const sum = (list: { price: number }[]) => list.reduce((n, o) => n + o.price, 0);
  const byType = [...new Set(sales.map((o) => o.orderType))].sort().map((order_type) => {
    const of = sales.filter((o) => o.orderType === order_type);
    return { order_type, orders: of.length, amount: decimal(sum(of)) };
  });
  // Each sale's money under the method that took it: its gift part, and the rest under its own method.
  const parts = sales.flatMap((o) => [
    ...(o.giftCardAmount > 0 ? [{ method: 'GIFT_CARD', cents: o.giftCardAmount }] : []),
    ...(o.paymentType === 'GIFT_CARD' ? [] : [{ method: o.paymentType, cents: o.price - o.giftCardAmount }]),
  ]);
  const byPayment = [...new Set(parts.map((p) => p.method))].sort().map((payment_type) => {
    const of = parts.filter((p) => p.method === payment_type);
    return { payment_type, orders: of.length, amount: decimal(of.reduce((n, p) => n + p.cents, 0)) };
  });
  const days: string[] = [];
  for (
    let d = Date.parse(`${range.from}T00:00:00Z`);
    d <= Date.parse(`${range.to}T00:00:00Z`);
    d += 86_400_000
  )
    days.push(new Date(d).toISOString().slice(0, 10));
  const products = new Map<string, { uid: string; name: string; units: number; amount: number }>();
  for (const item of sales.flatMap((o) => o.items)) {
    const p = products.get(item.uid) ?? { uid: item.uid, name: item.name, units: 0, amount: 0 };
    p.units += item.quantity;
    p.amount += item.price;
    products.set(item.uid, p);
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const top = (first: 'units' | 'amount', second: 'units' | 'amount') =>
    [...products.values()]
      .sort((a, b) => b[first] - a[first] || b[second] - a[second] || cmp(a.uid, b.uid))
      .slice(0, 10)
      .map((p) => ({ ...p, amount: decimal(p.amount) }));

  const membershipRows = (await db.select().from(memberships)).filter((m) => programUids.has(m.programUid));
  const membershipOf = new Map(membershipRows.map((m) => [m.uid, m]));
  const redemptionRows = await db.select().from(redemptions);
  const redemptionPlace = new Map(redemptionRows.map((r) => [r.uid, r.placeUid]));
  const allEntries = await db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.membershipUid, [...membershipOf.keys()]));
  const placeOfEntry = (e: (typeof allEntries)[number]) =>
    e.referenceType === 'order'
      ? orderPlace.get(e.referenceId ?? '')
      : e.referenceType === 'place'
        ? e.referenceId
        : e.referenceType === 'redemption'
          ? redemptionPlace.get(e.referenceId ?? '')
          : null;
  const entries = allEntries.filter(
    (e) => inRange(dayOf(e.createdAt)) && (place === null || placeOfEntry(e) === place),
  );
  const taken = redemptionRows.filter(
    (r) =>
      membershipOf.has(r.membershipUid) &&
      (r.status === 'ACQUIRED' || r.status === 'REDEEMED') &&
      inRange(dayOf(r.redeemedAt ?? r.createdAt)) &&
      (place === null || r.placeUid === place),
  );
  // Active: an order with the company, an own ledger movement or a promotion taken, in the range.
  const actors = new Set(inScope.map((o) => o.userUid));
  const activeOf = (programUid: string) =>
    new Set(
      membershipRows
        .filter(
          (m) =>
            m.programUid === programUid &&
            (actors.has(m.userUid) ||
              entries.some(
                (e) =>
                  e.membershipUid === m.uid &&
                  !['EXPIRE', 'OPENING_BALANCE', 'ADMIN_ADJUSTMENT'].includes(e.reason),
              ) ||
              taken.some((r) => r.membershipUid === m.uid)),
        )
        .map((m) => m.userUid),
    );
  const firstJoined = new Map<string, Date>();
  for (const m of membershipRows) {
    const first = firstJoined.get(m.userUid);
    if (!first || m.joinedAt < first) firstJoined.set(m.userUid, m.joinedAt);
  }
  const balance = (programUid: string, kind: string) => {
    const of = entries.filter(
      (e) => membershipOf.get(e.membershipUid)?.programUid === programUid && e.kind === kind,
    );
    const total = (keep: (e: (typeof of)[number]) => boolean) =>
      of.filter(keep).reduce((n, e) => n + e.amount, 0);
    // Outstanding at the end of the range: every entry until then, less credits due by then whose expiry was
    // written only later (its EXPIRE entry) or not yet (what is left of them).
    const mine = allEntries.filter(
      (e) => membershipOf.get(e.membershipUid)?.programUid === programUid && e.kind === kind,
    );
    const until = mine.filter((e) => dayOf(e.createdAt) <= range.to);
    const owedLater = until
      .filter((c) => c.expiresAt && dayOf(c.expiresAt) <= range.to)
      .map((c) => {
        const expiry = mine.find((e) => e.reason === 'EXPIRE' && e.referenceId === c.uid);
        if (!expiry) return c.remaining ?? 0;
        return dayOf(expiry.createdAt) > range.to ? -expiry.amount : 0;
      })
      .reduce((n, v) => n + v, 0);
    return {
      issued: total((e) => e.amount > 0 && e.reason !== 'REFUND'),
      spent: 0 - total((e) => e.reason === 'SPEND_ORDER' || e.reason === 'SPEND_PURCHASE'),
      refunded: total((e) => e.reason === 'REFUND'),
      expired: 0 - total((e) => e.reason === 'EXPIRE'),
      removed: 0 - total((e) => e.reason === 'ADMIN_ADJUSTMENT' && e.amount < 0),
      outstanding: place ? null : until.reduce((n, e) => n + e.amount, 0) - owedLater,
    };
  };
  const promotionRows = await db.select().from(promotions);
  const perPromotion = promotionRows
    .map((p) => {
      const of = taken.filter((r) => r.promotionUid === p.uid);
      const redeemed = of.filter((r) => r.status === 'REDEEMED').length;
      return {
        promotion: p.uid,
        title: p.title,
        program: p.programUid,
        redeemed,
        acquired: of.length - redeemed,
        total: of.length,
      };
    })
    .filter((p) => p.total > 0)
    .sort((a, b) => b.total - a.total || cmp(a.title, b.title) || cmp(a.promotion, b.promotion));
  const everyActive = new Set(programRows.flatMap((p) => [...activeOf(p.uid)]));

  return {
    from: range.from,
    to: range.to,
    place,
    time_zone: companyClock,
    sales: {
      amount: decimal(sum(sales)),
      orders: sales.length,
      average_ticket: decimal(sales.length ? Math.round(sum(sales) / sales.length) : 0),
    },
    orders: {
      placed: inScope.length,
      delivered: sales.length,
      in_progress: inScope.filter((o) => ['RECEIVED', 'ACCEPTED', 'SHIPPED'].includes(o.status)).length,
      cancelled: inScope.filter((o) => o.status.startsWith('CANCELED')).length,
    },
    sales_per_day: days.map((date) => {
      const of = sales.filter((o) => localDate(o.createdAt, clockOf(o.placeUid)) === date);
      return { date, orders: of.length, amount: decimal(sum(of)) };
    }),
    by_type: byType,
    by_payment: byPayment,
    top_products: { by_units: top('units', 'amount'), by_amount: top('amount', 'units') },
    members: {
      new_members: place ? null : [...firstJoined.values()].filter((first) => inRange(dayOf(first))).length,
      active_members: everyActive.size,
    },
    redemptions: perPromotion,
    programs: programRows.map((p) => {
      const stamps = entries.filter(
        (e) => membershipOf.get(e.membershipUid)?.programUid === p.uid && e.kind === 'stamps',
      );
      return {
        uid: p.uid,
        name: p.name,
        new_members: place
          ? null
          : membershipRows.filter((m) => m.programUid === p.uid && inRange(dayOf(m.joinedAt))).length,
        active_members: activeOf(p.uid).size,
        coins: balance(p.uid, 'coins'),
        points: balance(p.uid, 'points'),
        stamps: {
          given: stamps.filter((e) => e.reason === 'STAMP').reduce((n, e) => n + e.amount, 0),
          cards_completed: stamps.filter((e) => e.reason === 'STAMP_REWARD').length,
        },
      };
    }),
  };
}

const dashboard = (query: string, token = tokens.manager, company = COMPANY) =>
  t.app.inject({ url: `/api/admin/companies/${company}/dashboard/?${query}`, headers: as(token) });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  await seed();
});
afterAll(() => t.close());

describe('admin dashboard', () => {
  it('answers every figure of the company as computed independently from its rows', async () => {
    const res = await dashboard(`from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const want = await expected(null);
    expect(body).toEqual(want);
    // The seed reaches every figure (a dashboard of zeros would prove nothing).
    expect(want.sales.orders).toBeGreaterThan(5);
    expect(want.orders.cancelled).toBeGreaterThan(0);
    expect(want.orders.in_progress).toBeGreaterThan(0);
    expect(want.by_type).toHaveLength(2);
    expect(want.by_payment.map((p) => p.payment_type)).toEqual([
      'CARD_ON_DELIVERY',
      'CASH',
      'GIFT_CARD',
      'ONLINE_CARD',
      'TRANSFER',
      'YAPE',
    ]);
    // Split by method, the sales add up; mixed orders (gift part plus another method) are among them.
    const split = want.by_payment.reduce((n, p) => n + Math.round(Number(p.amount) * 100), 0);
    expect(split).toBe(Math.round(Number(want.sales.amount) * 100));
    expect(want.by_payment.reduce((n, p) => n + p.orders, 0)).toBeGreaterThan(want.sales.orders);
    expect(want.redemptions.length).toBeGreaterThan(1);
    expect(want.members.new_members).toBeGreaterThan(0);
    // Outstanding meets credits due by the end of the range whose expiry was written after it, or not yet.
    const all = await t.db.select().from(ledgerEntries);
    const end = Date.parse(`${TO}T23:59:59-05:00`);
    const dueBy = all.filter(
      (c) => c.expiresAt && c.expiresAt.getTime() <= end && c.createdAt.getTime() <= end,
    );
    const expiryOf = (c: (typeof all)[number]) =>
      all.find((e) => e.reason === 'EXPIRE' && e.referenceId === c.uid);
    expect(dueBy.filter((c) => !expiryOf(c) && (c.remaining ?? 0) > 0).length).toBeGreaterThan(0);
    expect(dueBy.filter((c) => (expiryOf(c)?.createdAt.getTime() ?? 0) > end).length).toBeGreaterThan(0);
    for (const program of want.programs.filter((p) => p.uid !== 'demo-club' || p.active_members > 0)) {
      expect(program.active_members).toBeGreaterThan(0);
      for (const figure of ['issued', 'spent', 'refunded', 'expired', 'removed'] as const)
        expect(program.coins[figure] + program.points[figure], `${program.uid} ${figure}`).toBeGreaterThan(0);
      expect(program.stamps.cards_completed).toBeGreaterThan(0);
    }
  });

  it('answers the figures of one place, on its own clock', async () => {
    for (const place of ['place-miraflores', MADRID]) {
      const res = await dashboard(`from=${FROM}&to=${TO}&place=${place}`);
      expect(res.statusCode, res.body).toBe(200);
      const want = await expected(place);
      expect(res.json()).toEqual(want);
      expect(want.sales.orders).toBeGreaterThan(0);
      expect(want.members.active_members).toBeGreaterThan(0);
    }
    expect((await dashboard(`from=${FROM}&to=${TO}&place=${MADRID}`)).json().time_zone).toBe('Europe/Madrid');
  });

  it("answers 404 for another company's dashboard and 400 for another company's place", async () => {
    expect((await dashboard(`from=${FROM}&to=${TO}`, tokens.manager, 'rival-main')).statusCode).toBe(404);
    expect((await dashboard(`from=${FROM}&to=${TO}`, tokens.multiOwner)).statusCode).toBe(404);
    const rivalPlace = await dashboard(`from=${FROM}&to=${TO}&place=place-rival`);
    expect(rivalPlace.statusCode).toBe(400);
    expect(rivalPlace.json()).toEqual({ place: ['No existe en esta empresa.'] });
    // The rival's own dashboard counts only its rows.
    const rival = (await dashboard(`from=${FROM}&to=${TO}`, tokens.rivalOwner, 'rival-main')).json();
    const theirs = (await t.db.select().from(orders).where(eq(orders.companyUid, 'rival-main'))).filter((o) =>
      inRange(localDate(o.createdAt, 'America/Lima')),
    );
    expect(rival.orders.placed).toBe(theirs.length);
    expect(rival.programs.map((p: { uid: string }) => p.uid)).toEqual(['dash-rival']);
  });

  it('answers 400 with a clear message for bad dates and ranges, in Spanish and English', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['from=2026-02-30&to=2026-03-01', { from: ['Ingresar una fecha válida con el formato AAAA-MM-DD.'] }],
      ['from=01/03/2026&to=2026-03-01', { from: ['Ingresar una fecha válida con el formato AAAA-MM-DD.'] }],
      ['from=2026-03-01&to=mañana', { to: ['Ingresar una fecha válida con el formato AAAA-MM-DD.'] }],
      ['from=2026-03-02&to=2026-03-01', { to: ['Debe ser igual o posterior a la fecha de inicio.'] }],
      ['from=2025-01-01&to=2026-01-02', { to: ['El rango no puede pasar de 366 días.'] }],
    ];
    for (const [query, body] of cases) {
      const res = await dashboard(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual(body);
    }
    // 366 days, both ends included, is the longest range.
    expect((await dashboard('from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
    const english = await t.app.inject({
      url: `/api/admin/companies/${COMPANY}/dashboard/?from=2025-01-01&to=2026-01-02`,
      headers: { ...as(tokens.manager), 'accept-language': 'en' },
    });
    expect(english.json()).toEqual({ to: ['The range cannot be longer than 366 days.'] });
    const unknown = await dashboard('from=2026-03-01&days=3');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ days: ['Campo no permitido.'] });
  });

  it('exports every table as CSV and XLSX with the figures of the JSON answer', async () => {
    const range = `from=${FROM}&to=${TO}&place=place-miraflores`;
    const figures = (await dashboard(range)).json();
    const file = async (table: string, format: 'csv' | 'xlsx') => {
      const url = `/api/admin/companies/${COMPANY}/dashboard/export/?${range}&table=${table}&format=${format}`;
      const answer = await t.app.inject({ url, headers: as(tokens.manager) });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${table}-${COMPANY}-${FROM}-${TO}-place-miraflores.${format}"`,
      );
      return answer.rawPayload;
    };
    const csvOf = async (table: string) =>
      parse((await file(table, 'csv')).toString('utf8'), { bom: true }) as string[][];
    const xlsxOf = async (table: string) =>
      (await readXlsxFile(await file(table, 'xlsx')))[0]?.data as unknown[][];

    expect(await csvOf('sales_per_day')).toEqual([
      ['date', 'orders', 'amount'],
      ...figures.sales_per_day.map((d: { date: string; orders: number; amount: string }) => [
        d.date,
        String(d.orders),
        d.amount,
      ]),
    ]);
    expect(await xlsxOf('sales_per_day')).toEqual([
      ['date', 'orders', 'amount'],
      ...figures.sales_per_day.map((d: { date: string; orders: number; amount: string }) => [
        d.date,
        d.orders,
        Number(d.amount),
      ]),
    ]);
    expect(await csvOf('summary')).toEqual([
      ['figure', 'value'],
      ['sales_amount', figures.sales.amount],
      ['sales_orders', String(figures.sales.orders)],
      ['average_ticket', figures.sales.average_ticket],
      ['orders_placed', String(figures.orders.placed)],
      ['orders_delivered', String(figures.orders.delivered)],
      ['orders_in_progress', String(figures.orders.in_progress)],
      ['orders_cancelled', String(figures.orders.cancelled)],
      // Not counted per place.
      ['new_members', ''],
      ['active_members', String(figures.members.active_members)],
    ]);
    const top = await xlsxOf('top_products_by_amount');
    expect(top).toEqual([
      ['uid', 'name', 'units', 'amount'],
      ...figures.top_products.by_amount.map(
        (p: { uid: string; name: string; units: number; amount: string }) => [
          p.uid,
          p.name,
          p.units,
          Number(p.amount),
        ],
      ),
    ]);
    expect((await csvOf('redemptions')).slice(1)).toEqual(
      figures.redemptions.map((r: Record<string, string | number>) =>
        ['promotion', 'title', 'program', 'redeemed', 'acquired', 'total'].map((key) => String(r[key])),
      ),
    );
    const [header, ...programRows] = await xlsxOf('programs');
    expect(header).toContain('coins_issued');
    expect(programRows.map((row) => row[0])).toEqual(figures.programs.map((p: { uid: string }) => p.uid));
    for (const table of ['orders_by_type', 'orders_by_payment', 'top_products_by_units'])
      expect((await csvOf(table)).length).toBeGreaterThan(1);
    const bad = await t.app.inject({
      url: `/api/admin/companies/${COMPANY}/dashboard/export/?table=secrets&format=pdf`,
      headers: as(tokens.manager),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['format', 'table']);
  });

  it('defaults to the 30 days ending today on the company clock, whose outstanding is counted back from now', async () => {
    const res = await dashboard('');
    expect(res.statusCode, res.body).toBe(200);
    const to = localDate(new Date(), 'America/Lima');
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(res.json()).toEqual(await expected(null, { from, to }));
    // Ending yesterday: counted back from now, past today's entries (the demo's opening balances).
    const yesterday = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await dashboard(`from=${from}&to=${yesterday}`);
    expect(before.json()).toEqual(await expected(null, { from, to: yesterday }));
    const second = (body: { programs: { uid: string; coins: { outstanding: number } }[] }) =>
      body.programs.find((p) => p.uid === 'dash-second')?.coins.outstanding;
    expect(second(res.json())).toBe((second(before.json()) ?? 0) + 4);
    // A range ending after every seeded entry but today's: all of them are outstanding but the due ones.
    const later = await dashboard(`from=${FROM}&to=2026-06-30`);
    expect(later.json()).toEqual(await expected(null, { from: FROM, to: '2026-06-30' }));
  });
});
