// The owner's dashboard at scale (issue 18): 1,000,000 ledger entries and 100,000 orders in the demo
// company over the last year (set-based seeding with generate_series), then each dashboard query of
// apps/api/src/modules/admin/dashboard/dashboard.repository.ts and the whole call through app.inject,
// several times each (medians), for the last 30 days, the longest range (366 days) and a month a year
// ago, with and without a place; and EXPLAIN (ANALYZE, BUFFERS) of every query for the last 30 days.
// PGlite by default, a new PostgreSQL database with TEST_DATABASE_URL. Run: npm run bench -- --only dashboard.
import { readFileSync } from 'node:fs';
import type { Database } from '@storefront/db/client';
import { importTenantFile } from '@storefront/db/tenant-import';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import * as repo from '../apps/api/src/modules/admin/dashboard/dashboard.repository.ts';
import { issueToken } from '../apps/api/src/modules/sessions/sessions.service.ts';
import { DEMO_FILE, OFFLINE_CONFIG } from '../apps/api/src/test/test-app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { machine, median, writeBenchSection } from './bench-report.ts';

const COMPANY = 'demo-main';
const PROGRAM = 'demo-club';
const MEMBERS = 10_000;
const ORDERS = 100_000;
const LEDGER = 1_000_000;
const RUNS = 7;
const TARGET_MS = 200;

/** The data set: members, orders over the last 365 days, their ledger, stamps, points and redemptions. */
async function seed(db: Database) {
  await db.execute(sql`
    insert into users (app_uid, email, first_name)
    select 'demo', 'dash' || g || '@bench.pe', 'Socio' from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into memberships (app_uid, user_uid, program_uid, joined_at)
    select 'demo', uid, ${PROGRAM}, now() - (random() * 365) * interval '1 day'
    from users where email like 'dash%@bench.pe'`);
  // Orders: 4 places, both types, three payment methods, 80% delivered, two lines each.
  await db.execute(sql`
    with m as (select user_uid, row_number() over (order by uid) as n from memberships where program_uid = ${PROGRAM}),
    p as (select uid, title, unit_price, row_number() over (order by uid) - 1 as n from products where company_uid = ${COMPANY}),
    pc as (select count(*) as c from p)
    insert into orders (number, status, app_uid, company_uid, place_uid, user_uid, order_type, payment_type,
      pickup_date, start_time, end_time, user_data, items, subtotal, delivery_price, discount, price, coins, created_at)
    select 100000 + g,
      (array['DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','CANCELED_BY_USER','RECEIVED'])[1 + g % 10],
      'demo', ${COMPANY},
      (array['place-miraflores','place-san-isidro','place-yanahuara','place-cayma'])[1 + g % 4],
      m.user_uid,
      (array['DELIVERY','PICKUP'])[1 + g % 2],
      (array['CASH','CARD_ON_DELIVERY','GIFT_CARD'])[1 + g % 3],
      current_date, '12:00', '12:30', '{}'::jsonb,
      jsonb_build_array(
        jsonb_build_object('uid', p1.uid, 'name', p1.title, 'quantity', 1 + g % 3, 'price', p1.unit_price * (1 + g % 3)),
        jsonb_build_object('uid', p2.uid, 'name', p2.title, 'quantity', 1, 'price', p2.unit_price)),
      p1.unit_price * (1 + g % 3) + p2.unit_price, 0, 0, p1.unit_price * (1 + g % 3) + p2.unit_price, 0,
      now() - (g::float / ${ORDERS}) * interval '365 days'
    from generate_series(1, ${ORDERS}) g
    cross join pc
    join m on m.n = 1 + g % ${MEMBERS}
    join p p1 on p1.n = g % pc.c
    join p p2 on p2.n = (g * 7 + 3) % pc.c`);
  // Coins and points earned by every delivered order, on the order's day.
  await db.execute(sql`
    insert into ledger_entries (membership_uid, kind, amount, reason, reference_type, reference_id, created_at, expires_at, remaining)
    select m.uid, k.kind, o.price / 100, 'EARN_ORDER', 'order', o.uid::text, o.created_at,
      o.created_at + interval '400 days', o.price / 100
    from orders o join memberships m on m.user_uid = o.user_uid and m.program_uid = ${PROGRAM}
    cross join (values ('coins'), ('points')) k(kind)
    where o.company_uid = ${COMPANY} and o.status = 'DELIVERED' and o.price >= 100`);
  // The rest of the million: stamps at the places (a card of 10 completed every 10th), manual points,
  // coins spent, spread over the year; each member gets every kind (r cycles per member).
  await db.execute(sql`
    with m as (select uid, row_number() over (order by uid) as n from memberships where program_uid = ${PROGRAM}),
    done as (select count(*) as c from ledger_entries)
    insert into ledger_entries (membership_uid, kind, amount, reason, reference_type, reference_id, created_at, expires_at, remaining)
    select m.uid, x.kind, x.amount, x.reason, x.ref_type, x.ref_id, now() - random() * interval '365 days', x.expires, greatest(x.amount, 0)
    from done, generate_series(1, ${LEDGER} - done.c) g
    join m on m.n = 1 + g % ${MEMBERS}
    cross join lateral (select (g / ${MEMBERS}) % 10 as r) k
    cross join lateral (select
      case r when 9 then 'coins' when 8 then 'points' else 'stamps' end as kind,
      case r when 9 then -1 when 8 then 5 when 7 then -5 else 1 end as amount,
      case r when 9 then 'SPEND_ORDER' when 8 then 'MANUAL_POINTS' when 7 then 'STAMP_REWARD' else 'STAMP' end as reason,
      case when r < 8 then 'place' end as ref_type,
      case when r < 8 then (array['place-miraflores','place-san-isidro','place-yanahuara','place-cayma'])[1 + (g / 7) % 4] end as ref_id,
      case r when 8 then now() + interval '30 days' end as expires) x`);
  // Debits leave the credits' remaining as they are (the balance check below is what matters here).
  await db.execute(sql`update ledger_entries set remaining = null where amount <= 0 or kind = 'stamps'`);
  await db.execute(sql`
    update memberships m set coins = s.coins, total_points = s.points, stamps = s.stamps
    from (select membership_uid,
        greatest(coalesce(sum(amount) filter (where kind = 'coins'), 0), 0) as coins,
        greatest(coalesce(sum(amount) filter (where kind = 'points'), 0), 0) as points,
        greatest(coalesce(sum(amount) filter (where kind = 'stamps'), 0), 0) as stamps
      from ledger_entries group by 1) s
    where s.membership_uid = m.uid`);
  // 20,000 promotions taken, half at a counter.
  await db.execute(sql`
    with m as (select uid, row_number() over (order by uid) as n from memberships where program_uid = ${PROGRAM}),
    pr as (select uid, row_number() over (order by uid) - 1 as n from promotions where program_uid = ${PROGRAM}),
    pc as (select count(*) as c from pr)
    insert into redemptions (promotion_uid, membership_uid, code, status, place_uid, created_at, redeemed_at)
    select pr.uid, m.uid, 'BENCH' || g, case when g % 2 = 0 then 'REDEEMED' else 'ACQUIRED' end,
      case when g % 2 = 0 then (array['place-miraflores','place-san-isidro','place-yanahuara','place-cayma'])[1 + g % 4] end,
      now() - random() * interval '365 days', case when g % 2 = 0 then now() - random() * interval '365 days' end
    from generate_series(1, 20000) g cross join pc
    join m on m.n = 1 + g % ${MEMBERS} join pr on pr.n = g % pc.c`);
  await db.execute(sql`vacuum analyze`);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm: plans and pages in memory
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** A database whose every statement is also EXPLAINed: the plans of one repository call, as it runs. */
function explaining(db: Database, plans: { text: string }[]): Database {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (query: SQL) => {
        const result = await target.execute(sql`explain (analyze, buffers, format text) ${query}`);
        plans.push({
          text: (result.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'),
        });
        // The answer itself, for the statements that depend on it (outstanding picks its side of the ledger).
        return target.execute(query);
      };
    },
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function benchDashboard(): Promise<void> {
  const bench = await openBenchDatabase('bench_dashboard');
  const kind = bench.handle.kind;
  const db = bench.handle.db;
  try {
    console.log(
      `Seeding (${kind}): the demo shop, ${MEMBERS} members, ${ORDERS} orders, ${LEDGER} ledger entries...`,
    );
    await importTenantFile(db, JSON.parse(readFileSync(DEMO_FILE, 'utf8')), { includeDemoUsers: true });
    const seeding = performance.now();
    await seed(db);
    const [counts] = (
      await db.execute(
        sql`select (select count(*) from ledger_entries) as ledger, (select count(*) from orders) as orders`,
      )
    ).rows as { ledger: string; orders: string }[];
    console.log(`Seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s:`, counts);
    const app = await buildApp({
      config: OFFLINE_CONFIG,
      db,
      logger: false,
    });
    await app.ready();
    const [owner] = (await db.execute(sql`select uid from users where email = 'dueno@demo.pe'`)).rows as {
      uid: string;
    }[];
    if (!owner) throw new Error('no demo owner');
    const token = await issueToken(db, { uid: owner.uid, appUid: 'demo' });

    const timeZone = await repo.companyTimeZone(db, COMPANY);
    const ranges = [
      { name: 'last 30 days', from: day(-29), to: day(0) },
      { name: 'longest range (366 days)', from: day(-365), to: day(0) },
      { name: 'a month a year ago', from: day(-360), to: day(-331) },
    ];
    const queries: { name: string; run: (d: Database, s: repo.DashboardScope) => Promise<unknown> }[] = [
      { name: 'orders by status, type, payment', run: repo.orderGroups },
      { name: 'sales per day', run: repo.salesPerDay },
      { name: 'top products', run: (d, s) => repo.topProducts(d, s) },
      { name: 'ledger by program, kind, reason', run: repo.ledgerGroups },
      { name: 'outstanding at the end', run: repo.outstanding },
      { name: 'new members', run: repo.newMembers },
      { name: 'active members', run: repo.activeMembers },
      { name: 'redemptions per promotion', run: repo.redemptionsPerPromotion },
    ];
    const rows: string[] = [];
    let worst = 0;
    for (const range of ranges) {
      for (const placeUid of [null, 'place-miraflores']) {
        const bounds = { companyUid: COMPANY, ...range, placeUid };
        const scope: repo.DashboardScope = {
          ...bounds,
          timeZone,
          places: await repo.placeBounds(db, bounds),
        };
        const label = `${range.name}, ${placeUid ? 'one place' : 'all places'}`;
        console.log(`Dashboard: ${label}...`);
        const query = `from=${range.from}&to=${range.to}${placeUid ? `&place=${placeUid}` : ''}`;
        const call = async () => {
          const res = await app.inject({
            url: `/api/admin/companies/${COMPANY}/dashboard/?${query}`,
            headers: { host: 'admin.localhost', authorization: `Token ${token}` },
          });
          if (res.statusCode !== 200) throw new Error(`dashboard answered ${res.statusCode}: ${res.body}`);
        };
        const whole = await timed(call);
        const cells: string[] = [];
        for (const q of queries) {
          // The place filter leaves out outstanding and new members (they belong to no place).
          if (placeUid && (q.run === repo.outstanding || q.run === repo.newMembers)) {
            cells.push('–');
            continue;
          }
          const ms = await timed(() => q.run(db, scope));
          worst = Math.max(worst, ms);
          cells.push(ms.toFixed(1));
        }
        rows.push(`| ${label} | ${whole.toFixed(1)} | ${cells.join(' | ')} |`);
      }
    }
    // The plans of the last 30 days, all places: execution time and the scans each query used.
    const planRows: string[] = [];
    const details: string[] = [];
    const first = { companyUid: COMPANY, ...(ranges[0] as (typeof ranges)[number]), placeUid: null };
    const scope: repo.DashboardScope = { ...first, timeZone, places: await repo.placeBounds(db, first) };
    for (const q of queries) {
      const plans: { text: string }[] = [];
      await q.run(explaining(db, plans), scope);
      for (const plan of plans) {
        const execution = /Execution Time: ([\d.]+) ms/.exec(plan.text)?.[1] ?? '?';
        const scans = [
          ...new Set(
            [
              ...plan.text.matchAll(
                /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan) (?:using (\S+) )?on (\S+)/g,
              ),
            ].map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`),
          ),
        ];
        planRows.push(`| ${q.name} | ${execution} | ${scans.join('; ')} |`);
        details.push(`-- ${q.name}\n${plan.text}`);
      }
    }
    console.log(details.join('\n\n'));
    const table = [
      `### Owner's dashboard, ${Number(counts?.ledger).toLocaleString('en')} ledger entries and ${Number(counts?.orders).toLocaleString('en')} orders (${kind})`,
      '',
      `Machine: ${machine()}. Command: \`npm run bench -- --only dashboard\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. One company, ${MEMBERS.toLocaleString('en')} members of one program, orders and ledger over the last 365 days (seeded with generate_series), 20,000 redemptions. Medians of ${RUNS} runs after a warm-up, in ms: the whole call through app.inject (its queries run side by side on the pool), then each query of dashboard.repository.ts alone. Target: every query under ${TARGET_MS} ms; slowest query here ${worst.toFixed(1)} ms.`,
      '',
      `| range | whole call | ${queries.map((q) => q.name).join(' | ')} |`,
      `| --- | ${queries.map(() => '---:').join(' | ')} | ---: |`,
      ...rows,
      '',
      'EXPLAIN (ANALYZE, BUFFERS) of each statement for the last 30 days, all places (the full plans are printed by the script):',
      '',
      '| query | execution ms | scans |',
      '| --- | ---: | --- |',
      ...planRows,
      '',
    ].join('\n');
    console.log(table);
    writeBenchSection(`dashboard:${kind}`, table);
    await app.close();
  } finally {
    await bench.handle.close();
    await bench.drop();
  }
}
