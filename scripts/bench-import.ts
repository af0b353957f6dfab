// Another company's menu during a 10,000-row products import (issue 28, decision 030): the real server
// process (compiled, as `npm start` runs it, MENU_CACHE_SECONDS=0 so that every read reaches the database), the demo data,
// one manager importing 10,000 new products while a visitor of the multi app reads the café's menu
// again and again, one read at a time. PGlite in a temporary folder, or PostgreSQL with TEST_DATABASE_URL.
// Usage: npm run bench -- --only import.
import { readFileSync } from 'node:fs';
import { importTenantFile } from '@storefront/db/tenant-import';
import { getAs } from '../apps/api/src/test/server-process.ts';
import { DEMO_FILE } from '../apps/api/src/test/test-app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { machine, writeBenchSection } from './bench-report.ts';
import { startServer } from './server-process.mjs';

const ROWS = 10_000;
const TARGET_MS = 200;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

export async function benchImport(): Promise<void> {
  const bench = await openBenchDatabase('bench_import', { onDisk: true });
  const kind = bench.handle.kind;
  await importTenantFile(bench.handle.db, JSON.parse(readFileSync(DEMO_FILE, 'utf8')), {
    includeDemoUsers: true,
  });
  await bench.handle.close();
  // As `npm start` runs it (not NODE_ENV=production, which wants the demo's SECRETS_KEY).
  const server = await startServer({ ...bench.serverEnv, NODE_ENV: 'development', MENU_CACHE_SECONDS: '0' });
  try {
    /** One read of the café's menu (another company, another app), in ms. */
    const read = async () => {
      const started = performance.now();
      const res = await getAs(
        'multi.localhost',
        `${server.url}/api/v7/places/multi-place-cafe/products/?search=espresso`,
      );
      if (res.status !== 200) throw new Error(`the menu answered ${res.status}`);
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) idle.push(await read());

    const signIn = await fetch(`${server.url}/api/admin/session/`, {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gerente@demo.pe', password: 'Demo1234!' }),
    });
    if (signIn.status !== 200) throw new Error(`admin sign-in answered ${signIn.status}`);
    const { token } = (await signIn.json()) as { token: string };
    const lines = Array.from({ length: ROWS }, (_, i) => `BENCH-${i};Plato ${i};${(i % 50) + 1}.50`);
    const form = new FormData();
    form.append('file', new Blob([`sku;title;price\n${lines.join('\n')}\n`]), 'productos.csv');
    const started = performance.now();
    let importMs = 0;
    const running = fetch(`${server.url}/api/admin/companies/demo-main/products/import/`, {
      method: 'POST',
      headers: { host: 'localhost', authorization: `Token ${token}` },
      body: form,
    }).then(async (res) => {
      importMs = performance.now() - started;
      if (res.status !== 200) throw new Error(`the import answered ${res.status}: ${await res.text()}`);
    });
    const during: number[] = [];
    while (importMs === 0) during.push(await read());
    await running;

    const row = (name: string, values: number[]) =>
      `| ${name} | ${values.length} | ${percentile(values, 0.5).toFixed(0)} | ${percentile(values, 0.95).toFixed(0)} | ${Math.max(...values).toFixed(0)} |`;
    const table = [
      `### Another company's menu during a ${ROWS.toLocaleString('en')}-row import (${kind})`,
      '',
      `Machine: ${machine()}. Command: \`npm run bench -- --only import\`${kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. The real server process (MENU_CACHE_SECONDS=0), the demo data; a manager imports ${ROWS.toLocaleString('en')} new products (a CSV) while a visitor reads the multi app's café menu, one read after another. The import took ${(importMs / 1000).toFixed(1)} s. Target: every read under ${TARGET_MS} ms. Latencies in ms.`,
      '',
      '| reads | n | p50 | p95 | max |',
      '| --- | ---: | ---: | ---: | ---: |',
      row('idle', idle),
      row('during the import', during),
      '',
      `Max during the import: ${Math.max(...during).toFixed(0)} ms, ${Math.max(...during) < TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target.`,
      '',
    ].join('\n');
    console.log(table);
    writeBenchSection(`import:${kind}`, table);
  } finally {
    await server.stop();
    await bench.drop();
  }
}
