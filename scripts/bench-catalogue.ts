// Menu reads at scale (issue 4): seeds 10,000 products into one place and measures the first page and
// a search through app.inject, against GET /api/health in the same process as the baseline.
// Runs on in-memory PGlite, or on the PostgreSQL server named by TEST_DATABASE_URL.
// Usage: npm run bench:catalogue [-- --calls 300] ; writes its table into docs/benchmarks.md.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { normaliseSearch } from '@storefront/contracts/search';
import { placeProducts, products } from '@storefront/db/schema/catalogue';
import { importTenantFile } from '@storefront/db/tenant-import';
import { refreshMenuCounts } from '@storefront/db/tenant-import-catalogue';
import { buildApp } from '../apps/api/src/app.ts';
import { DEMO_FILE, OFFLINE_CONFIG } from '../apps/api/src/test/test-app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { writeBenchSection } from './bench-report.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '300' } } });
const CALLS = Number(values.calls);
const PRODUCTS = 10_000;
const PLACE = 'place-miraflores';
const CATEGORIES = ['pc-entradas', 'pc-sopas', 'pc-fondos', 'pc-bebidas', 'pc-postres'];
const DISHES = [
  'Ají de gallina',
  'Lomo saltado',
  'Causa limeña',
  'Chicha morada',
  'Ceviche',
  'Rocoto relleno',
  'Suspiro',
  'Tacu tacu',
  'Papa a la huancaína',
  'Anticucho',
];
const STYLES = [
  'clásico',
  'de la casa',
  'norteño',
  'arequipeño',
  'limeño',
  'especial',
  'familiar',
  'para compartir',
];

const { handle, drop } = await openBenchDatabase('bench_catalogue');
const kind = handle.kind;
const app = await buildApp({
  config: OFFLINE_CONFIG,
  db: handle.db,
});
const t = { app, db: handle.db };
try {
  await importTenantFile(handle.db, JSON.parse(readFileSync(DEMO_FILE, 'utf8')), { includeDemoUsers: false });
  await app.ready();
  console.log(`Seeding ${PRODUCTS} products into ${PLACE} (${kind})...`);
  for (let start = 0; start < PRODUCTS; start += 1000) {
    const batch = Array.from({ length: 1000 }, (_, i) => {
      const n = start + i;
      const title = `${DISHES[n % DISHES.length]} ${STYLES[Math.floor(n / DISHES.length) % STYLES.length]} ${n}`;
      return {
        uid: `bench-${n}`,
        appUid: 'demo',
        companyUid: 'demo-main',
        categoryUid: CATEGORIES[n % CATEGORIES.length] as string,
        title,
        unitPrice: 1000 + (n % 50) * 100,
        searchText: normaliseSearch(title),
      };
    });
    await t.db.insert(products).values(batch);
    await t.db.insert(placeProducts).values(
      batch.map((p, i) => ({
        placeUid: PLACE,
        productUid: p.uid,
        stock: i % 7 === 0 ? 5 : null,
        categoryUid: p.categoryUid,
        searchText: p.searchText,
      })),
    );
  }
  // What the tenant import does after writing products.
  await refreshMenuCounts(t.db, [PLACE]);
  await t.db.execute('vacuum analyze');

  const host = { host: 'localhost' };
  const cases = [
    { name: 'GET /api/health (baseline)', url: '/api/health' },
    { name: 'menu, first page (25 of 10,047)', url: `/api/v7/places/${PLACE}/products/` },
    { name: 'menu, search "aji" (1,000 matches)', url: `/api/v7/places/${PLACE}/products/?search=aji` },
    {
      name: 'menu, search "rocoto relleno 77"',
      url: `/api/v7/places/${PLACE}/products/?search=rocoto%20relleno%2077`,
    },
    { name: 'menu, one category', url: `/api/v7/places/${PLACE}/products/?category=pc-bebidas` },
    { name: 'menu, page 200', url: `/api/v7/places/${PLACE}/products/?page=200` },
  ];
  const rows: { name: string; median: number; p95: number }[] = [];
  for (const c of cases) {
    const check = await t.app.inject({ url: c.url, headers: host });
    if (check.statusCode !== 200) throw new Error(`${c.url} answered ${check.statusCode}`);
    for (let i = 0; i < 30; i++) await t.app.inject({ url: c.url, headers: host });
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await t.app.inject({ url: c.url, headers: host });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
    rows.push({ name: c.name, median: at(0.5), p95: at(0.95) });
  }

  const baseline = rows[0]?.median ?? 1;
  // The load average tells how much other work shared the cores while it ran.
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  const machine = `${availableParallelism()} cores, Node ${process.version}, ${new Date().toISOString()}, load average ${load}`;
  const table = [
    `### Catalogue menu reads (${kind}, ${CALLS} calls each)`,
    '',
    `Machine: ${machine}. Command: \`npm run bench:catalogue\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}.`,
    '',
    '| call | median ms | p95 ms | median / health |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.median / baseline).toFixed(1)}x |`,
    ),
    '',
  ].join('\n');
  console.log(table);

  writeBenchSection(`catalogue:${kind}`, table);
} finally {
  await app.close();
  await handle.close();
  await drop();
}
