import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { importTenantFile } from '@storefront/db/tenant-import';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import {
  auth,
  benchOrderLines,
  createMembers,
  firstSlot,
  pickupBody,
} from '../apps/api/src/modules/orders/orders.fixtures.ts';
import { DEMO_FILE, OFFLINE_CONFIG } from '../apps/api/src/test/test-app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { writeBenchSection } from './bench-report.ts';

// Order creation throughput and latency (issue 5): concurrent POST …/orders/ through app.inject on a
// fresh demo database, PGlite by default or a new database on TEST_DATABASE_URL. Each order takes
// stock of a product under its row lock and the company's order counter, the two hot rows.

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '16' } },
});
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const PLACE = 'place-miraflores';
const { handle, drop } = await openBenchDatabase('bench_orders');
const kind = handle.kind;
const app = await buildApp({
  config: OFFLINE_CONFIG,
  db: handle.db,
});
try {
  await importTenantFile(handle.db, JSON.parse(readFileSync(DEMO_FILE, 'utf8')), { includeDemoUsers: false });
  await handle.db
    .update(placeProducts)
    .set({ stock: 10_000_000 })
    .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-causa-limena')));
  await app.ready();
  const tokens = await createMembers(handle.db, 50, 'bench');
  const slot = await firstSlot(app, PLACE);
  const body = pickupBody(slot, benchOrderLines);
  const place = async (i: number) => {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v5/places/${PLACE}/orders/`,
      headers: auth(tokens[Math.abs(i) % tokens.length] as string, { 'idempotency-key': `bench-${i}` }),
      payload: body,
    });
    if (res.statusCode !== 201) throw new Error(`order ${i} answered ${res.statusCode}: ${res.body}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 50; i++) await place(-1 - i); // warm-up
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS) times.push(await place(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;

  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  const table = [
    `### Order creation (${kind}, ${ORDERS} orders, ${CONCURRENCY} concurrent)`,
    '',
    `Machine: ${availableParallelism()} cores, Node ${process.version}, ${new Date().toISOString()}, load average ${load}. Command: \`npm run bench:orders\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. Each order: two lines (one with options), a stock row lock, the company counter, an Idempotency-Key, through app.inject in one process.`,
    '',
    '| orders/s | median ms | p95 ms | p99 ms |',
    '| ---: | ---: | ---: | ---: |',
    `| ${(ORDERS / seconds).toFixed(0)} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${at(0.99).toFixed(1)} |`,
    '',
  ].join('\n');
  console.log(table);

  writeBenchSection(`orders:${kind}`, table);
} finally {
  await app.close();
  await handle.close();
  await drop();
}
