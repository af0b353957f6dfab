import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type Database, openDatabase } from '@storefront/db/client';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { idempotencyKeys } from '@storefront/db/schema/idempotency';
import { ledgerEntries, memberships, promotions, redemptions } from '@storefront/db/schema/loyalty';
import { orderCounters, orderStatusHistory, orders, stockMovements } from '@storefront/db/schema/orders';
import { staffAuditLog } from '@storefront/db/schema/retail';
import { users } from '@storefront/db/schema/users';
import { openTestDatabase } from '@storefront/db/testing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureMembership, openingBalance } from '../modules/loyalty/ledger.service.ts';
import { pickupBody, tomorrow } from '../modules/orders/orders.fixtures.ts';
import { issueToken } from '../modules/sessions/sessions.service.ts';
import { killServer, type ServerProcess, startServer } from '../test/server-process.ts';

// kill -9 of the real server at random moments of a mixed load: members placing orders (some with
// coins), cancelling them and buying promotions with coins, a staff user redeeming promotions and
// stamping cards. Every keyed write is retried after the restart when its answer was lost. After each
// crash the database itself must show: every acknowledged write exactly once (a retried key never makes
// a second), every membership's balances equal to its ledger, stock never negative and equal to the
// starting stock minus what the live orders hold, order numbers without duplicates or gaps.
// CRASH_CYCLES=50 runs the full proof; npm test runs a few cycles per database.

const CYCLES = Number(process.env.CRASH_CYCLES ?? 6);
const MEMBERS = 8;
const PLACE = 'place-miraflores';
const PROGRAM = 'demo-club';
const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
/** Plenty, one that runs out and comes back with cancellations, and a redeemable one paid in coins. */
const STOCK: Record<string, number> = {
  'p-causa-limena': 1_000_000,
  'p-leche-de-tigre': 40,
  'p-chicha-morada-de-regalo': 1_000_000,
};
const PRODUCTS = Object.keys(STOCK);
/** Coin promotions bought by members: unlimited ones and promo-limitada (stock 3, one per member). */
const MEMBER_PROMOTIONS = ['promo-postre-monedas', 'promo-02', 'promo-limitada'];
const STAFF_PROMOTION = 'promo-07';
const OPENING_COINS = 100_000;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Where the server keeps its data, and direct access to it between crashes. */
interface Target {
  env: NodeJS.ProcessEnv;
  withDb<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dump = inject('testTemplates').pglite?.demo;
  if (!dump) throw new Error('No PGlite demo template');
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-proof-'));
  await (await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(dump)]) })).close();
  return {
    env: { DATA_DIR: dataDir },
    // Opening the folder after a kill is PGlite's crash recovery, the same the next server goes through.
    async withDb(fn) {
      const handle = await openDatabase({ dataDir });
      try {
        return await fn(handle.db);
      } finally {
        await handle.close();
      }
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const handle = await openTestDatabase('demo');
  return { env: { DATABASE_URL: handle.url }, withDb: (fn) => fn(handle.db), close: () => handle.close() };
}

interface Member {
  uid: string;
  token: string;
  /** Acknowledged orders not yet asked to be cancelled. */
  open: string[];
}

/** A write sent with an Idempotency-Key, by its owner (a member, or the staff user). */
interface KeyedWrite {
  kind: 'order' | 'purchase' | 'redeem' | 'stamp';
  ownerUid: string;
  token: string;
  key: string;
  path: string;
  body: unknown;
  member?: Member;
  /** Stamps: whose card. */
  cardOf?: string;
}

interface Baseline {
  orders: Set<string>;
  redemptions: Set<string>;
  promotionStock: number;
}

const state = {
  acked: new Map<string, KeyedWrite & { uid: string; answer: unknown }>(),
  /** Every stamp sent, by key: whose card it was for. */
  stampCards: new Map<string, string>(),
  /** Keyed writes whose answer the crash took; retried with the same key after the restart. */
  unknown: [] as KeyedWrite[],
  lost: 0,
  cancelled: new Set<string>(),
  unexpected: [] as string[],
  /** The refusals (400) the load met, by path and code: out of stock, not enough coins, limits. */
  refused: new Map<string, number>(),
  sequence: 0,
};

async function call(
  server: ServerProcess,
  path: string,
  token: string,
  body: unknown,
  method = 'POST',
  key?: string,
) {
  try {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        host: 'localhost',
        authorization: `Token ${token}`,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  } catch {
    return null; // the server is gone
  }
}

/** 201 is a write to find again; 400 is a refusal the load expects (no stock, no coins, limits). */
function settle(write: KeyedWrite, res: { status: number; json: Record<string, unknown> }) {
  if (res.status === 201) {
    state.acked.set(write.key, { ...write, uid: res.json.uid as string, answer: res.json });
    if (write.kind === 'order') write.member?.open.push(res.json.uid as string);
  } else if (res.status === 400) {
    const reason = `${write.kind} ${JSON.stringify(res.json).slice(0, 120)}`;
    state.refused.set(reason, (state.refused.get(reason) ?? 0) + 1);
  } else {
    state.unexpected.push(`${write.path} ${res.status} ${JSON.stringify(res.json)}`);
  }
}

async function keyed(server: ServerProcess, write: KeyedWrite): Promise<boolean> {
  const res = await call(server, write.path, write.token, write.body, 'POST', write.key);
  if (!res) {
    state.unknown.push(write);
    return false;
  }
  settle(write, res);
  return true;
}

type Slot = { pickup_date: string; start_time: string; end_time: string };

function orderWrite(member: Member, slot: Slot): KeyedWrite {
  const lines = [...new Set([pick(PRODUCTS), pick(PRODUCTS)])].map((uid) => ({
    uid,
    quantity: 1 + Math.floor(Math.random() * 2),
    option_groups: [],
    direct_purchase: false,
  }));
  return {
    kind: 'order',
    ownerUid: member.uid,
    token: member.token,
    key: `order-${state.sequence++}`,
    path: `/v5/places/${PLACE}/orders/`,
    body: pickupBody(slot, lines),
    member,
  };
}

async function memberLoad(server: ServerProcess, member: Member, slot: Slot) {
  for (;;) {
    const roll = Math.random();
    if (roll < 0.15 && member.open.length > 0) {
      const uid = member.open.splice(Math.floor(Math.random() * member.open.length), 1)[0] as string;
      const res = await call(
        server,
        `/v5/me/orders/${uid}/`,
        member.token,
        { status: 'CANCELED_BY_USER' },
        'PATCH',
      );
      if (!res) return;
      if (res.status === 200) state.cancelled.add(uid);
      else state.unexpected.push(`cancel ${res.status} ${JSON.stringify(res.json)}`);
    } else if (roll < 0.4) {
      const promotion = pick(MEMBER_PROMOTIONS);
      const write: KeyedWrite = {
        kind: 'purchase',
        ownerUid: member.uid,
        token: member.token,
        key: `purchase-${state.sequence++}`,
        path: `/v5/me/programs/${PROGRAM}/promotions/${promotion}/purchase/`,
        body: {},
      };
      if (!(await keyed(server, write))) return;
    } else if (!(await keyed(server, orderWrite(member, slot)))) return;
  }
}

async function staffLoad(server: ServerProcess, staffToken: string, members: Member[]) {
  for (;;) {
    const member = pick(members);
    if (Math.random() < 0.5) {
      const write: KeyedWrite = {
        kind: 'redeem',
        ownerUid: STAFF_UID,
        token: staffToken,
        key: `redeem-${state.sequence++}`,
        path: '/v5/retail/redemptions/',
        body: { place: PLACE, member: member.uid, promotion: STAFF_PROMOTION },
      };
      if (!(await keyed(server, write))) return;
    } else {
      const write: KeyedWrite = {
        kind: 'stamp',
        ownerUid: STAFF_UID,
        token: staffToken,
        key: `stamp-${state.sequence++}`,
        path: '/v5/retail/stamps/',
        body: { place: PLACE, member: member.uid, program: PROGRAM },
        cardOf: member.uid,
      };
      state.stampCards.set(write.key, member.uid);
      if (!(await keyed(server, write))) return;
    }
  }
}

/** After a restart: the lost answers are asked again with their keys, and a few known ones replayed. */
async function retryAndReplay(server: ServerProcess) {
  const lost = state.unknown.splice(0);
  state.lost += lost.length;
  for (const write of lost) {
    const res = await call(server, write.path, write.token, write.body, 'POST', write.key);
    if (!res) throw new Error('the restarted server did not answer');
    settle(write, res);
  }
  const known = [...state.acked.values()].sort(() => Math.random() - 0.5).slice(0, 5);
  for (const write of known) {
    const res = await call(server, write.path, write.token, write.body, 'POST', write.key);
    if (res?.status !== 201 || !isDeepStrictEqual(res.json, write.answer))
      state.unexpected.push(`replay of ${write.key} gave ${res?.status} ${JSON.stringify(res?.json)}`);
  }
}

/** Every invariant, read from the database; returns the broken ones. */
async function check(db: Database, baseline: Baseline): Promise<string[]> {
  const problems: string[] = [];
  const allOrders = await db.select().from(orders);
  const runOrders = allOrders.filter((o) => !baseline.orders.has(o.uid));
  const orderByUid = new Map(runOrders.map((o) => [o.uid, o]));
  const runRedemptions = (await db.select().from(redemptions)).filter(
    (r) => !baseline.redemptions.has(r.uid),
  );
  const redemptionByUid = new Map(runRedemptions.map((r) => [r.uid, r]));
  const keys = await db.select().from(idempotencyKeys);

  // Acknowledged writes exist, with the answer stored under their key.
  const keyRow = new Map(keys.map((k) => [`${k.userUid} ${k.key}`, k]));
  for (const write of state.acked.values()) {
    const row = keyRow.get(`${write.ownerUid} ${write.key}`);
    if (row?.responseStatus !== 201 || !isDeepStrictEqual(row.responseBody, write.answer))
      problems.push(`${write.key}: idempotency row ${JSON.stringify(row?.responseBody)}`);
    if (write.kind === 'stamp') continue; // counted below, by card
    const found = write.kind === 'order' ? orderByUid.get(write.uid) : redemptionByUid.get(write.uid);
    if (!found) problems.push(`${write.key}: acknowledged ${write.kind} ${write.uid} is missing`);
  }
  const history = await db
    .select({ orderUid: orderStatusHistory.orderUid, count: sql<number>`count(*)::int` })
    .from(orderStatusHistory)
    .groupBy(orderStatusHistory.orderUid);
  for (const o of runOrders) {
    const rows = history.find((h) => h.orderUid === o.uid)?.count;
    if (rows !== (o.status === 'RECEIVED' ? 1 : 2))
      problems.push(`order ${o.uid} ${o.status}: ${rows} history rows`);
  }
  for (const uid of state.cancelled)
    if (!orderByUid.get(uid)?.status.startsWith('CANCELED')) problems.push(`cancel of ${uid} lost`);

  // Exactly once: every order and redemption of the run is the answer of one key, and a key's claim
  // is never committed without its answer.
  for (const k of keys) if (k.responseStatus === null) problems.push(`key ${k.key} claimed without answer`);
  const answered = (prefix: string) =>
    keys.filter((k) => k.key.startsWith(prefix)).map((k) => (k.responseBody as { uid: string }).uid);
  const orderAnswers = answered('order-');
  const redemptionAnswers = [...answered('purchase-'), ...answered('redeem-')];
  const sameSet = (a: string[], b: string[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  if (!sameSet(orderAnswers, [...orderByUid.keys()]))
    problems.push(`orders ${runOrders.length} vs keys ${orderAnswers.length}`);
  if (!sameSet(redemptionAnswers, [...redemptionByUid.keys()]))
    problems.push(`redemptions ${runRedemptions.length} vs keys ${redemptionAnswers.length}`);
  const audits = await db.select().from(staffAuditLog).where(eq(staffAuditLog.staffUserUid, STAFF_UID));
  for (const r of runRedemptions.filter((r) => r.staffUserUid === STAFF_UID)) {
    const lines = audits.filter((a) => a.action === 'REDEEM' && a.subjectId === r.uid).length;
    if (lines !== 1) problems.push(`redemption ${r.uid} has ${lines} audit lines`);
  }

  // Ledger: each balance is its entries' sum and its open credits' remainder; each coin movement of
  // the run is there once.
  const sums = await db
    .select({
      membershipUid: ledgerEntries.membershipUid,
      kind: ledgerEntries.kind,
      total: sql<number>`sum(${ledgerEntries.amount})::int`,
      open: sql<number>`coalesce(sum(${ledgerEntries.remaining}) filter (where ${ledgerEntries.amount} > 0), 0)::int`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.membershipUid, ledgerEntries.kind);
  const allMemberships = await db.select().from(memberships);
  for (const m of allMemberships) {
    const cached = { coins: m.coins, points: m.totalPoints, stamps: m.stamps, balance: m.balanceCents };
    for (const [kind, value] of Object.entries(cached)) {
      const sum = sums.find((s) => s.membershipUid === m.uid && s.kind === kind);
      if ((sum?.total ?? 0) !== value || (sum?.open ?? 0) !== value)
        problems.push(
          `membership ${m.uid} ${kind}: cached ${value}, ledger ${sum?.total}, open ${sum?.open}`,
        );
    }
  }
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.reason, ['SPEND_ORDER', 'SPEND_PURCHASE', 'REFUND']));
  const moves = (reason: string, id: string) =>
    entries.filter((e) => e.reason === reason && e.referenceId === id).map((e) => e.amount);
  for (const o of runOrders.filter((o) => o.coins > 0)) {
    const refunds = o.status.startsWith('CANCELED') ? [o.coins] : [];
    if (
      moves('SPEND_ORDER', o.uid).join() !== String(-o.coins) ||
      moves('REFUND', o.uid).join() !== refunds.join()
    )
      problems.push(
        `order ${o.uid} coins ${o.coins}: ledger ${moves('SPEND_ORDER', o.uid)} ${moves('REFUND', o.uid)}`,
      );
  }
  for (const r of runRedemptions.filter((r) => r.coinsSpent > 0))
    if (moves('SPEND_PURCHASE', r.uid).join() !== String(-r.coinsSpent))
      problems.push(`redemption ${r.uid}: ledger ${moves('SPEND_PURCHASE', r.uid)}`);

  // Stamps answer the card, not an id: each card has exactly one stamp per stamp key committed.
  const userOf = new Map(allMemberships.map((m) => [m.uid, m.userUid]));
  const stamps = await db
    .select({ membershipUid: ledgerEntries.membershipUid })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reason, 'STAMP'), eq(ledgerEntries.staffUserUid, STAFF_UID)));
  const committed = new Map<string, number>();
  for (const k of keys.filter((k) => k.key.startsWith('stamp-'))) {
    const card = state.stampCards.get(k.key) as string;
    committed.set(card, (committed.get(card) ?? 0) + 1);
  }
  for (const member of new Set(state.stampCards.values())) {
    const stored = stamps.filter((s) => userOf.get(s.membershipUid) === member).length;
    if (stored !== (committed.get(member) ?? 0))
      problems.push(`member ${member}: ${stored} stamps for ${committed.get(member)} keys`);
  }

  // Stock: never negative; the start minus what live orders hold, and the movements say the same.
  const stock = await db
    .select()
    .from(placeProducts)
    .where(and(eq(placeProducts.placeUid, PLACE), inArray(placeProducts.productUid, PRODUCTS)));
  const movements = await db.select().from(stockMovements).where(eq(stockMovements.placeUid, PLACE));
  for (const row of stock) {
    const held = runOrders
      .filter((o) => o.placeUid === PLACE && !o.status.startsWith('CANCELED'))
      .flatMap((o) => o.items.filter((i) => i.uid === row.productUid).map((i) => i.quantity))
      .reduce((a, b) => a + b, 0);
    const moved = movements
      .filter((m) => m.productUid === row.productUid && orderByUid.has(m.orderUid))
      .reduce((a, m) => a + m.quantity, 0);
    const start = STOCK[row.productUid] as number;
    if (row.stock === null || row.stock < 0 || row.stock !== start - held || moved !== -held)
      problems.push(`${row.productUid}: stock ${row.stock}, start ${start}, held ${held}, moved ${moved}`);
  }
  const [limited] = await db.select().from(promotions).where(eq(promotions.uid, 'promo-limitada'));
  // A purchase takes the stock when it is bought (ACQUIRED), before the counter uses it (REDEEMED).
  const used = runRedemptions.filter(
    (r) => r.promotionUid === 'promo-limitada' && (r.status === 'ACQUIRED' || r.status === 'REDEEMED'),
  ).length;
  if (limited?.stock !== baseline.promotionStock - used || (limited?.stock ?? 0) < 0)
    problems.push(`promo-limitada stock ${limited?.stock}, ${used} used of ${baseline.promotionStock}`);

  // Order numbers: one each per company, with no gap, and the counter at the last.
  const counters = await db.select().from(orderCounters);
  for (const { companyUid, lastNumber } of counters) {
    const numbers = allOrders
      .filter((o) => o.companyUid === companyUid)
      .map((o) => o.number)
      .sort((a, b) => a - b);
    if (numbers.join() !== numbers.map((_, i) => i + 1).join() || lastNumber !== numbers.length)
      problems.push(`company ${companyUid}: ${numbers.length} orders, counter ${lastNumber}`);
  }
  return problems;
}

/** Members with coins and the staff user's token; the stock the run starts from. */
async function prepare(db: Database) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        appUid: 'demo',
        email: `crash${i}@test.pe`,
        firstName: 'Socio',
        lastName: String(i),
      })),
    )
    .returning({ uid: users.uid, appUid: users.appUid });
  const members: Member[] = [];
  for (const row of rows) {
    await db.transaction(async (tx) => {
      const { membership } = await ensureMembership(tx, { ...row, userUid: row.uid, programUid: PROGRAM });
      await openingBalance(tx, membership.uid, 'coins', OPENING_COINS);
    });
    members.push({ uid: row.uid, token: await issueToken(db, row), open: [] });
  }
  for (const [productUid, stock] of Object.entries(STOCK)) {
    const updated = await db
      .update(placeProducts)
      .set({ stock })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, productUid)))
      .returning();
    if (updated.length !== 1) throw new Error(`${productUid} is not sold at ${PLACE}`);
  }
  const [limited] = await db.select().from(promotions).where(eq(promotions.uid, 'promo-limitada'));
  const baseline: Baseline = {
    orders: new Set((await db.select({ uid: orders.uid }).from(orders)).map((o) => o.uid)),
    redemptions: new Set((await db.select({ uid: redemptions.uid }).from(redemptions)).map((r) => r.uid)),
    promotionStock: limited?.stock ?? 0,
  };
  const staffToken = await issueToken(db, { uid: STAFF_UID, appUid: 'demo' });
  return { members, staffToken, baseline };
}

let target: Target | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server) await killServer(server);
  await target?.close();
});

describe(`kill -9 under mixed load on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it(
    `keeps every acknowledged write exactly once, ledgers and stock whole, over ${CYCLES} crashes`,
    async () => {
      const started = Date.now();
      target = onPostgres ? await postgresTarget() : await pgliteTarget();
      const { members, staffToken, baseline } = await target.withDb(prepare);
      let slot: Slot | undefined;
      const kills: number[] = [];
      for (let cycle = 1; cycle <= CYCLES + 1; cycle++) {
        server = await startServer(target.env);
        await retryAndReplay(server);
        if (!slot) {
          const date = tomorrow();
          const res = await fetch(`${server.base}/v7/places/${PLACE}/pickup-schedule/?date=${date}`, {
            headers: { host: 'localhost' },
          });
          const [first] = ((await res.json()) as { slots: { start_time: string; end_time: string }[] }).slots;
          slot = { pickup_date: date, start_time: first?.start_time ?? '', end_time: first?.end_time ?? '' };
        }
        if (cycle > CYCLES) {
          // The last restart only settles the lost answers; then a clean stop.
          await killServer(server, 'SIGTERM');
        } else {
          const load = [
            ...members.map((member) => memberLoad(server as ServerProcess, member, slot as Slot)),
            // Two counters: one staff user serving two customers at once.
            staffLoad(server, staffToken, members),
            staffLoad(server, staffToken, members),
          ];
          // A random moment once the load is flowing (the first answer of a cold server can take a while).
          const before = state.acked.size;
          const until = Date.now() + 20_000;
          while (state.acked.size === before && Date.now() < until) await sleep(10);
          const delay = Math.random() * 1000;
          await sleep(delay);
          kills.push(Math.round(delay));
          await killServer(server);
          await Promise.all(load);
        }
        const problems = await target.withDb((db) => check(db, baseline));
        expect(problems, `after crash ${cycle}`).toEqual([]);
        expect(state.unexpected, `after crash ${cycle}`).toEqual([]);
      }
      const counts = { order: 0, purchase: 0, redeem: 0, stamp: 0 };
      for (const write of state.acked.values()) counts[write.kind]++;
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `crash proof (${onPostgres ? 'postgres' : 'pglite'}): ${CYCLES} cycles in ${seconds.toFixed(1)} s ` +
          `(${(seconds / CYCLES).toFixed(2)} s/cycle), acknowledged ${counts.order} orders, ` +
          `${state.cancelled.size} cancellations, ${counts.purchase} purchases, ${counts.redeem} staff ` +
          `redemptions, ${counts.stamp} stamps (of ${state.stampCards.size} sent); ${state.lost} answers lost and asked again; kills at ` +
          `${kills.join(', ')} ms`,
        Object.fromEntries(state.refused),
      );
      // The load did happen: orders and coin purchases were acknowledged, and some answers were lost.
      expect(counts.order).toBeGreaterThan(CYCLES);
      expect(counts.purchase + counts.redeem).toBeGreaterThan(0);
      expect(state.lost).toBeGreaterThan(0);
    },
    // Generous: a busy machine takes seconds to start a server.
    60_000 + CYCLES * 60_000,
  );
});
