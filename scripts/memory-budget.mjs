// `npm run test:memory` (in `npm test`, issues 19 and 31): the production start's resident memory on the
// embedded database, the median of seven readings after three quiet seconds: idle after the first start,
// which imports the demo; idle again after a load of the public reads (menu, product, /carta, a program
// page: 32 connections, a few seconds each); idle after a restart on that data. Issue 31's targets: 200 MB
// idle after the first start and 256 MB after the load; issue 19's: 256 MB idle after a restart. The first
// start imports the demo in a child process (server.ts, --seed-demo), so its server idles as after a
// restart: 194 MB, 235 MB after the load, 194 MB restarted (2026-12-01), against 265, 301 and 198 with
// the import in its own process. The first start's gate sits 10 MB over its target, as the Lighthouse
// gate sits under its own, so that a machine that lays memory out a little differently does not fail
// the build while a return of the import's 70 MB does.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { idleResidentMb, startServer } from './server-process.mjs';

const IDLE_TARGET_MB = 200;
const IDLE_GATE_MB = 210;
const AFTER_LOAD_BUDGET_MB = 256;
const RESTART_BUDGET_MB = 256;
const PLACE = 'place-miraflores';
const READS = [
  { path: `/api/v7/places/${PLACE}/products/` },
  { path: `/api/v7/places/${PLACE}/products/p-leche-de-tigre/` },
  { path: '/carta', headers: { cookie: `selectedAreaUid=area-lima; selectedPlaceUid=${PLACE}` } },
  { path: '/program/demo-club' },
];

/** autocannon in its own process (scripts/bench-load.mjs), as the benchmarks run it. */
async function load(url, { path, headers = {} }) {
  const job = {
    url: `${url}${path}`,
    headers: { host: 'localhost', ...headers },
    connections: 32,
    duration: 4,
  };
  const { stdout } = await promisify(execFile)(process.execPath, [
    'scripts/bench-load.mjs',
    JSON.stringify(job),
  ]);
  const result = JSON.parse(stdout);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${stdout}`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'memory-budget-'));
try {
  const server = await startServer({ DATA_DIR: dataDir });
  const idle = await idleResidentMb(server.pid);
  for (const read of READS) await load(server.url, read);
  const afterLoad = await idleResidentMb(server.pid);
  await server.stop();
  const restarted = await startServer({ DATA_DIR: dataDir });
  const restartIdle = await idleResidentMb(restarted.pid);
  await restarted.stop();
  const against = (mb, budget) => `${mb.toFixed(0)} MB (budget ${budget} MB${mb > budget ? ', OVER' : ''})`;
  console.log(
    `Resident memory on the embedded database: idle after the first start with the demo import ${against(idle, IDLE_TARGET_MB)}; after the public reads' load ${against(afterLoad, AFTER_LOAD_BUDGET_MB)}; idle after a restart ${against(restartIdle, RESTART_BUDGET_MB)}; cold start on existing data ${(restarted.startMs / 1000).toFixed(2)} s`,
  );
  const broken = [
    [idle, IDLE_GATE_MB, 'idle after the first start'],
    [afterLoad, AFTER_LOAD_BUDGET_MB, "after the public reads' load"],
    [restartIdle, RESTART_BUDGET_MB, 'idle after a restart'],
  ].filter(([mb, gate]) => mb > gate);
  for (const [mb, gate, what] of broken)
    console.error(`Over the memory gate ${what}: ${mb.toFixed(0)} MB, gate ${gate} MB.`);
  if (broken.length > 0) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
