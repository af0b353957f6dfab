// `npm run bench` (issue 9): the API under HTTP load from a second process (scripts/bench-load.mjs,
// autocannon) against the real server process (compiled, as `npm run serve` starts it), each call also against a raw
// node:http server answering the same bytes in the same run, which is the ceiling the ratio is taken
// to. Then the scale table: the same reads with 100, 10,047 and 100,000 products in a place, and the
// member's pages before and after 1,000,000 ledger entries in the program.
// PGlite in a temporary directory by default, a new PostgreSQL database with TEST_DATABASE_URL.
// Then the server-rendered /carta against the JSON menu call (issue 16), with and without the page cache.
// Then the admin site's product list over the company's 110,148 products (issue 17): first, deep,
// searched and sorted pages.
// Then the owner's dashboard over 1,000,000 ledger entries and 100,000 orders (issue 18, bench-dashboard.ts).
// Then the public reads against the wire with wrk (issue 31, bench-wire.ts).
// Then the delays the tests wait for without timing them (bench-timings.ts).
// Then online payments: approved charge to the board, and the event endpoints (issue 27, bench-payments.ts).
// Then another company's menu during a 10,000-row products import (issue 28, bench-import.ts).
// Usage: npm run bench [-- --duration 5 --connections 10 --only load|scale|ssr|admin|dashboard|wire|timings|payments|import]; writes docs/benchmarks.md.
// The /carta part needs the storefront built (npm run build).
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '@storefront/db/client';
import { DEV_SECRETS_KEY } from '@storefront/db/secrets';
import { importTenantFile } from '@storefront/db/tenant-import';
import { refreshMenuCounts } from '@storefront/db/tenant-import-catalogue';
import { sql } from 'drizzle-orm';
import { defaultMenuCacheSeconds } from '../apps/api/src/config.ts';
import {
  benchOrderLines,
  createMembers,
  demoMemberToken,
  pickupBody,
  tomorrow,
} from '../apps/api/src/modules/orders/orders.fixtures.ts';
import { DEMO_FILE } from '../apps/api/src/test/test-app.ts';
import { benchDashboard } from './bench-dashboard.ts';
import { openBenchDatabase } from './bench-database.ts';
import { type Job, load as loadWith, type Result } from './bench-http.ts';
import { benchImport } from './bench-import.ts';
import { benchPayments } from './bench-payments.ts';
import { machine, writeBenchSection } from './bench-report.ts';
import { benchTimings } from './bench-timings.ts';
import { benchWire } from './bench-wire.ts';
import { startServer as startProductionServer } from './server-process.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const PLACE = 'place-miraflores';
const PROGRAM = 'demo-club';
const host = 'localhost';
const runs = (
  part: 'load' | 'scale' | 'ssr' | 'admin' | 'dashboard' | 'wire' | 'timings' | 'payments' | 'import',
) => !values.only || values.only === part;
// The dashboard, the timings and the import start databases of their own: alone, they skip the shared seeding below.
const alone = { dashboard: benchDashboard, timings: benchTimings, import: benchImport }[values.only ?? ''];
if (alone) {
  await alone();
  process.exit(0);
}
// So does the wire part: the demo data as `npm start` loads it.
if (values.only === 'wire') {
  await benchWire(DURATION);
  process.exit(0);
}
// And online payments: the demo data on a server of their own, against the fake providers.
if (values.only === 'payments') {
  await benchPayments(DURATION, CONNECTIONS);
  process.exit(0);
}
if (runs('ssr') && !existsSync('apps/web/dist-ssr/entry-server.js'))
  throw new Error('the /carta benchmark renders the built storefront: run npm run build first');

/** Set-based seeding: 110,100 products in the demo company, offered in three places of 10,000, 100 and 100,000. */
async function seedProducts(db: Database) {
  await db.execute(sql`
    insert into places (uid, app_uid, company_uid, area_uid, name, address)
    select 'bench-place-' || n, app_uid, company_uid, area_uid, name || ' ' || n, address
    from places, (values (100), (100000)) as sizes(n) where uid = ${PLACE}`);
  await db.execute(sql`
    insert into products (uid, app_uid, company_uid, category_uid, title, unit_price, search_text)
    select 'bench-' || g, 'demo', 'demo-main',
      (array['pc-entradas','pc-sopas','pc-fondos','pc-bebidas','pc-postres'])[1 + g % 5],
      'Plato de prueba ' || g, 1000 + (g % 50) * 100, 'plato de prueba ' || g
    from generate_series(0, 110099) as g`);
  await db.execute(sql`
    insert into place_products (place_uid, product_uid, stock)
    select case when g < 10000 then ${PLACE} when g < 10100 then 'bench-place-100' else 'bench-place-100000' end,
      'bench-' || g, case when g % 7 = 0 then 5 end
    from generate_series(0, 110099) as g`);
  // What the tenant import does after writing products: the menu's copies and counts.
  await db.execute(sql`
    update place_products pp set category_uid = p.category_uid, is_redeemable = p.is_redeemable,
      is_active = p.is_active, search_text = p.search_text
    from products p where p.uid = pp.product_uid and p.uid like 'bench-%'`);
  await refreshMenuCounts(db, [PLACE, 'bench-place-100', 'bench-place-100000']);
  // Order creation takes stock of this product: ample, so that no order fails for it.
  await db.execute(
    sql`update place_products set stock = 10000000 where place_uid = ${PLACE} and product_uid = 'p-causa-limena'`,
  );
  // As autovacuum would have done by the time a place has grown so: the visibility map lets counts
  // with a search read the menu index alone.
  await db.execute(sql`vacuum analyze`);
}

/** 1,000,000 ledger entries in the program: 10,000 members with 100 point credits each. */
async function seedLedger(db: Database) {
  await db.execute(sql`
    insert into users (app_uid, email, first_name)
    select 'demo', 'ledger' || g || '@bench.pe', 'Socio' from generate_series(1, 10000) as g`);
  await db.execute(sql`
    insert into memberships (app_uid, user_uid, program_uid, total_points)
    select 'demo', uid, ${PROGRAM}, 100 from users where email like 'ledger%@bench.pe'`);
  await db.execute(sql`
    insert into ledger_entries (membership_uid, kind, amount, reason)
    select m.uid, 'points', 1, 'bench' from memberships m
    join users u on u.uid = m.user_uid and u.email like 'ledger%@bench.pe', generate_series(1, 100)
    where m.program_uid = ${PROGRAM}`);
  await db.execute(sql`analyze`);
}

/**
 * The production start (the compiled server), on the bench database, without the demo import. The
 * demo's provider secrets were sealed by this process's seeding, with the development key.
 */
const startServer = (env: Record<string, string>) =>
  startProductionServer({ ...env, NODE_ENV: 'production', SECRETS_KEY: DEV_SECRETS_KEY.toString('hex') });

/** autocannon with this run's connections and duration unless told otherwise. */
const load = (base: string, job: Job, connections = CONNECTIONS, duration = DURATION) =>
  loadWith(base, job, { connections, duration, host });

/** The ceiling: node:http answering the exact status and bytes the server gave, with no work at all. */
async function rawServer(answers: Map<string, { status: number; body: string }>) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = answers.get(`${req.method} ${req.url}`);
      res.writeHead(answer?.status ?? 404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(answer?.body ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ms = (n: number) => n.toFixed(1);
/**
 * The server-rendered /carta (HTML of the place's first page, its state and head) against the JSON menu
 * call for the same place, on the server as it starts (MENU_CACHE_SECONDS default: the page and menu
 * caches on) and restarted with MENU_CACHE_SECONDS=0 (both caches off: every request renders).
 * Returns the running server.
 */
async function benchPages(
  running: Awaited<ReturnType<typeof startServer>>,
  env: Record<string, string>,
): Promise<Awaited<ReturnType<typeof startServer>>> {
  // The same place for both: the cookies the storefront mirrors from local storage (decision 015).
  const cookie = `selectedAreaUid=area-lima; selectedPlaceUid=${PLACE}`;
  const cases = [
    { name: 'JSON menu call (first page of 25)', job: { path: `/api/v7/places/${PLACE}/products/` } },
    { name: 'server-rendered /carta (HTML)', job: { path: '/carta', headers: { cookie } } },
    // A render on every request with the data caches as shipped: what the page cache's misses cost (a
    // page's refresh, a shared link's tracking parameter). Without the caches it is the row below.
    {
      name: 'server-rendered /carta, a new address each request',
      job: { path: '/carta', headers: { cookie }, newAddress: 'visit' },
      cachedOnly: true,
    },
  ];
  const first = await fetch(`${running.url}/carta`, { headers: { host, cookie } });
  const html = await first.text();
  if (first.status !== 200 || !/S\/ \d+\.\d\d/.test(html) || !html.includes('id="page-state"'))
    throw new Error(`/carta answered ${first.status} without the place's products`);
  const rows: string[] = [];
  let server = running;
  for (const cached of [true, false]) {
    if (!cached) {
      await server.stop();
      server = await startServer({ ...env, MENU_CACHE_SECONDS: '0' });
    }
    let json: Result | null = null;
    for (const c of cases) {
      if (c.cachedOnly && !cached) continue;
      console.log(`Pages: ${c.name}, ${cached ? 'cached' : 'no cache'}...`);
      await load(server.url, c.job, CONNECTIONS, 1); // warm-up
      const r = await load(server.url, c.job);
      if (r.non2xx > 0 || r.errors > 0)
        throw new Error(`${c.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      json ??= r;
      rows.push(
        `| ${c.name} | ${cached ? `on (MENU_CACHE_SECONDS default, ${defaultMenuCacheSeconds(kind === 'postgres')} s)` : 'off (MENU_CACHE_SECONDS=0)'} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${(r.rps / json.rps).toFixed(2)} |`,
      );
    }
  }
  const table = [
    `### Server-rendered /carta against the JSON menu call (${kind}, ${CONNECTIONS} connections, ${DURATION} s each)`,
    '',
    `Machine: ${machine()}. Command: \`npm run build && npm run bench -- --only ssr\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. The same place (10,047 products) in the same run, from a second process (autocannon, no Accept-Encoding: uncompressed) against the real server process; /carta is ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB of HTML with its page state and head. With the cache the page is rendered once per MENU_CACHE_SECONDS per key (tenant, menu version, language, URL, mirrored cookies); a new address each request (\`?visit=N\`) misses the page cache, so every request renders React on the server while the data reads it makes stay kept; without the caches every request renders and reads the database. A render is one pass once its path has been rendered (the queries its last render asked for are fetched first, ssr/query-plans.ts), one per level of dependent queries before. Latencies in ms; the last column is req/s over the JSON call's in the same cache mode.`,
    '',
    '| call | page and menu cache | req/s | p50 | p95 | p99 | req/s / JSON |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
  console.log(table);
  writeBenchSection(`ssr:${kind}`, table);
  return server;
}

/**
 * The admin site's product list (issue 17) over every product of the demo company (110,148: the seeded
 * ones and the demo's), as a manager pages, searches and sorts it: one request at a time, the median
 * and tail of the requests of a few seconds each. Target: under 50 ms a page.
 */
async function benchAdminList(
  running: Awaited<ReturnType<typeof startServer>>,
  env: Record<string, string>,
): Promise<Awaited<ReturnType<typeof startServer>>> {
  // Without the menu cache, as the scale part: the admin list has no cache of its own anyway.
  await running.stop();
  const server = await startServer({ ...env, MENU_CACHE_SECONDS: '0' });
  const signIn = await fetch(`${server.url}/api/admin/session/`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gerente@demo.pe', password: 'Demo1234!' }),
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in answered ${signIn.status}`);
  const headers = { authorization: `Token ${((await signIn.json()) as { token: string }).token}` };
  const base = '/api/admin/companies/demo-main/products/';
  const cases = [
    { name: 'first page (25, by name)', query: '' },
    { name: 'deep page (page 2,000 of 4,406)', query: '?page=2000' },
    { name: 'search, narrow ("prueba 10077")', query: '?search=prueba%2010077' },
    { name: 'search, broad ("prueba 7")', query: '?search=prueba%207' },
    { name: 'sorted by price, descending', query: '?ordering=-price' },
    { name: 'sorted by title, page 50', query: '?ordering=title&page=50' },
    { name: 'one category, sorted by price', query: '?category=pc-bebidas&ordering=price' },
  ];
  const rows: string[] = [];
  const jobOf = (c: (typeof cases)[number]) => ({ path: `${base}${c.query}`, headers });
  // Every case once first: the fresh process compiles its code and reads its indexes into memory.
  for (const c of cases) await load(server.url, jobOf(c), 1, 1);
  for (const c of cases) {
    console.log(`Admin list: ${c.name}...`);
    const job = jobOf(c);
    const first = await fetch(`${server.url}${job.path}`, { headers: { host, ...headers } });
    if (first.status !== 200) throw new Error(`${c.name} answered ${first.status}`);
    const count = ((await first.json()) as { count: number }).count;
    const r = await load(server.url, job, 1, Math.max(2, Math.ceil(DURATION / 2)));
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${c.name}: ${r.non2xx} non-2xx answers`);
    rows.push(
      `| ${c.name} | ${count.toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.p50 < 50 ? 'yes' : 'no'} |`,
    );
  }
  const table = [
    `### Admin product list, 110,148 products in one company (${kind}, one request at a time)`,
    '',
    `Machine: ${machine()}. Command: \`npm run bench -- --only admin\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. A manager's token against the real server process (MENU_CACHE_SECONDS=0), from the same load process as above, one connection: each figure is over the requests of ${Math.max(2, Math.ceil(DURATION / 2))} s. Each answer is a page of 25 with the exact \`count\` of matches. Target: p50 under 50 ms a page.`,
    '',
    '| page | matches (count) | p50 ms | p95 ms | p99 ms | p50 < 50 ms |',
    '| --- | ---: | ---: | ---: | ---: | :---: |',
    ...rows,
    '',
  ].join('\n');
  console.log(table);
  writeBenchSection(`admin:${kind}`, table);
  return server;
}

const bench = await openBenchDatabase('bench_http', { onDisk: true });
const kind = bench.handle.kind;
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  console.log(`Seeding (${kind}): the demo shop, 110,100 products, 50 members...`);
  await importTenantFile(bench.handle.db, JSON.parse(readFileSync(DEMO_FILE, 'utf8')), {
    includeDemoUsers: true,
  });
  await seedProducts(bench.handle.db);
  const buyers = await createMembers(bench.handle.db, 50, 'bench');
  const member = await demoMemberToken(bench.handle.db);
  await bench.handle.close();

  server = await startServer(bench.serverEnv);
  const memberHeaders = { authorization: `Token ${member}` };
  const date = tomorrow();
  const schedule = await fetch(`${server.url}/api/v7/places/${PLACE}/pickup-schedule/?date=${date}`, {
    headers: { host },
  }).then((res) => res.json() as Promise<{ slots: { start_time: string; end_time: string }[] }>);
  const slot = schedule.slots[0];
  if (!slot) throw new Error('no pickup slot tomorrow');
  const orderBody = JSON.stringify(
    pickupBody({ pickup_date: date, start_time: slot.start_time, end_time: slot.end_time }, benchOrderLines),
  );

  /** One call's answer from the real server, checked, for the ceiling to repeat. */
  const sample = async (job: Job) => {
    const headers: Record<string, string> = { host, ...job.headers };
    if (job.tokens) headers.authorization = `Token ${job.tokens[0]}`;
    if (job.body)
      Object.assign(headers, {
        'content-type': 'application/json',
        'idempotency-key': `sample-${Date.now()}`,
      });
    const res = await fetch(`${server?.url}${job.path}`, {
      method: job.method ?? 'GET',
      headers,
      body: job.body,
    });
    const body = await res.text();
    if (res.status >= 300) throw new Error(`${job.path} answered ${res.status}: ${body.slice(0, 300)}`);
    return { status: res.status, body };
  };

  if (runs('load')) {
    const cases: { name: string; job: Job }[] = [
      { name: 'menu page (25 of 10,047 in the place)', job: { path: `/api/v7/places/${PLACE}/products/` } },
      { name: 'product detail', job: { path: `/api/v7/places/${PLACE}/products/p-lomo-saltado/` } },
      {
        name: 'promotions page (member)',
        job: { path: `/api/v5/me/programs/${PROGRAM}/promotions`, headers: memberHeaders },
      },
      {
        name: 'order creation (2 lines, Idempotency-Key each)',
        job: {
          path: `/api/v5/places/${PLACE}/orders/`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: orderBody,
          tokens: buyers,
        },
      },
    ];
    const answers = new Map<string, { status: number; body: string }>();
    for (const c of cases) answers.set(`${c.job.method ?? 'GET'} ${c.job.path}`, await sample(c.job));
    const raw = await rawServer(answers);
    const rows: string[] = [];
    try {
      for (const c of cases) {
        console.log(`Load: ${c.name}...`);
        await load(server.url, c.job, CONNECTIONS, 1); // warm-up
        const real = await load(server.url, c.job);
        const ceiling = await load(raw.url, c.job);
        if (real.non2xx > 0 || real.errors > 0)
          throw new Error(`${c.name}: ${real.non2xx} non-2xx answers, ${real.errors} errors`);
        rows.push(
          `| ${c.name} | ${real.rps.toFixed(0)} | ${ms(real.p50)} | ${ms(real.p95)} | ${ms(real.p99)} | ${ceiling.rps.toFixed(0)} | ${ms(ceiling.p99)} | ${(real.rps / ceiling.rps).toFixed(2)} |`,
        );
      }
    } finally {
      await raw.close();
    }
    const table = [
      `### API under HTTP load (${kind}, ${CONNECTIONS} connections, ${DURATION} s each)`,
      '',
      `Machine: ${machine()}. Command: \`npm run bench\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. Load from a second process (autocannon) against the real server process (NODE_ENV=production, LOG_LEVEL=warn); the ceiling is a raw node:http server answering the same bytes, measured in the same run. Latencies in ms.`,
      '',
      '| call | req/s | p50 | p95 | p99 | ceiling req/s | ceiling p99 | ratio to ceiling |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
    ].join('\n');
    console.log(table);
    writeBenchSection(`http:${kind}`, table);
  }

  if (runs('ssr')) {
    server = await benchPages(server, bench.serverEnv);
  }

  if (runs('admin')) {
    server = await benchAdminList(server, bench.serverEnv);
  }

  if (runs('scale')) {
    // Latency one request at a time: the page time, not the throughput, so without the menu page cache
    // (which would answer every repeat of the same URL from memory).
    const scaleEnv = { ...bench.serverEnv, MENU_CACHE_SECONDS: '0' };
    await server.stop();
    server = await startServer(scaleEnv);
    const reads = async (path: string, headers?: Record<string, string>) => {
      const url = server?.url as string;
      await load(url, { path, headers }, 1, 1);
      return load(url, { path, headers }, 1, Math.max(2, Math.ceil(DURATION / 2)));
    };
    const row = (name: string, r: Result, base: Result) =>
      `| ${name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${(r.p50 / base.p50).toFixed(2)} |`;
    const rows: string[] = [];
    const sizes = [
      { place: 'bench-place-100', label: '100', product: 'bench-10007' },
      { place: PLACE, label: '10,047', product: 'bench-7' },
      { place: 'bench-place-100000', label: '100,000', product: 'bench-20007' },
    ];
    const shapes = [
      { name: 'menu, first page', path: (s: Size) => `/api/v7/places/${s.place}/products/` },
      {
        name: 'menu, search "prueba 7"',
        path: (s: Size) => `/api/v7/places/${s.place}/products/?search=prueba%207`,
      },
      {
        // "prueba" is in every product, "10077" in 1 / 0 / 11 of them: a short page, no count.
        name: 'menu, narrow search "prueba 10077"',
        path: (s: Size) => `/api/v7/places/${s.place}/products/?search=prueba%2010077`,
      },
      {
        name: 'menu, one category',
        path: (s: Size) => `/api/v7/places/${s.place}/products/?category=pc-bebidas`,
      },
      { name: 'product detail', path: (s: Size) => `/api/v7/places/${s.place}/products/${s.product}/` },
    ];
    type Size = (typeof sizes)[number];
    for (const shape of shapes) {
      let base: Result | null = null;
      for (const size of sizes) {
        console.log(`Scale: ${shape.name}, ${size.label} products...`);
        const r = await reads(shape.path(size));
        base ??= r;
        rows.push(row(`${shape.name}, ${size.label} products`, r, base));
      }
    }
    const memberPages = [
      { name: 'member program page', path: `/api/v5/me/programs/${PROGRAM}` },
      { name: 'promotions page', path: `/api/v5/me/programs/${PROGRAM}/promotions` },
    ];
    const before: Result[] = [];
    for (const page of memberPages) before.push(await reads(page.path, memberHeaders));
    await server.stop();
    server = null;
    console.log('Seeding 1,000,000 ledger entries...');
    const again = await openDatabase(bench.config);
    await seedLedger(again.db);
    await again.close();
    server = await startServer(scaleEnv);
    for (const [i, page] of memberPages.entries()) {
      const base = before[i] as Result;
      const after = await reads(page.path, memberHeaders);
      rows.push(row(`${page.name}, demo ledger`, base, base));
      rows.push(row(`${page.name}, 1,000,000 ledger entries in the program`, after, base));
    }
    const table = [
      `### Page time at scale (${kind}, one request at a time)`,
      '',
      `Machine: ${machine()}. Command: \`npm run bench\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. The same server restarted with MENU_CACHE_SECONDS=0 (the page time, not the menu cache) and the same load process as above; the last column is the median over the smallest case of the same call (flat is about 1).`,
      '',
      '| call | p50 ms | p95 ms | p99 ms | p50 / smallest |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
    ].join('\n');
    console.log(table);
    writeBenchSection(`scale:${kind}`, table);
  }
} finally {
  await server?.stop();
  await bench.drop();
}
if (runs('dashboard')) await benchDashboard();
if (runs('wire')) await benchWire(DURATION);
if (runs('timings')) await benchTimings();
if (runs('payments')) await benchPayments(DURATION, CONNECTIONS);
if (runs('import')) await benchImport();
