// `npm run bench:memory` (issue 19): the production start's resident memory, idle and under a fixed
// menu read load, on the embedded database and (with TEST_DATABASE_URL) on PostgreSQL; and what the
// request log line costs, as the menu's throughput with LOG_LEVEL=info over LOG_LEVEL=warn in one run.
// Writes the memory section of docs/benchmarks.md.
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openBenchDatabase } from './bench-database.ts';
import { load } from './bench-http.ts';
import { writeBenchSection } from './bench-report.ts';
import { idleResidentMb, residentMb, startServer } from './server-process.mjs';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '20' } } });
const DURATION = Number(values.duration);
const CONNECTIONS = 10;
const MENU = { path: '/api/v7/places/place-miraflores/products/' };

/** The largest resident size seen while `work` runs, read every 200 ms. */
async function peakDuring(pid: number, work: Promise<unknown>): Promise<number> {
  let peak = residentMb(pid);
  let done = false;
  void work.finally(() => {
    done = true;
  });
  while (!done) {
    peak = Math.max(peak, residentMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await work;
  return peak;
}

const rows: string[] = [];
const logRows: string[] = [];
const bench = await openBenchDatabase('bench_memory', { onDisk: true });
await bench.handle.close(); // the server loads the demo data itself, as `npm start` does
try {
  const kind = bench.handle.kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)';
  const first = await startServer(bench.serverEnv);
  await first.stop();

  const server = await startServer(bench.serverEnv);
  const idle = await idleResidentMb(server.pid);
  await load(server.url, MENU, { connections: CONNECTIONS, duration: 2 });
  const underLoad = await peakDuring(
    server.pid,
    load(server.url, MENU, { connections: CONNECTIONS, duration: DURATION }),
  );
  const after = await idleResidentMb(server.pid);
  const quiet = await load(server.url, MENU, { connections: CONNECTIONS, duration: DURATION / 2 });
  await server.stop();
  rows.push(
    `| ${kind} | ${(server.startMs / 1000).toFixed(2)} | ${idle.toFixed(0)} | ${underLoad.toFixed(0)} | ${after.toFixed(0)} |`,
  );

  const logging = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'info' });
  await load(logging.url, MENU, { connections: CONNECTIONS, duration: 2 });
  const logged = await load(logging.url, MENU, { connections: CONNECTIONS, duration: DURATION / 2 });
  await logging.stop();
  logRows.push(
    `| ${kind} | ${quiet.rps.toFixed(0)} | ${logged.rps.toFixed(0)} | ${(logged.rps / quiet.rps).toFixed(2)} |`,
  );
} finally {
  await bench.drop();
}

const table = [
  '### Resident memory of the production start',
  '',
  `Machine: ${availableParallelism()} cores (nproc), Node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(
      ' ',
    )}. Command: \`npm run bench:memory\`${bench.handle.kind === 'postgres' ? ' with TEST_DATABASE_URL' : ''}. The server as \`npm run serve\` starts it, on the demo data a first start loaded; cold start is the time to the first /api/health answer on that existing data. Idle: median of 7 readings of VmRSS 1 s apart after 3 quiet seconds; under load: the peak during ${DURATION} s of the first menu page at ${CONNECTIONS} connections; after: idle again. Budget (issue 19): 200 MB idle and 256 MB under load embedded, 128 MB idle on PostgreSQL; \`npm test\` fails above 256 MB idle embedded.`,
  '',
  '| database | cold start (s) | idle (MB) | under load (MB) | idle after load (MB) |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows,
  '',
  'Request logs: the menu page with `LOG_LEVEL=warn` (no request lines) and with `LOG_LEVEL=info` (one line per request, stdout to /dev/null), each after a warm-up, in the same run.',
  '',
  '| database | req/s without request lines | req/s with them | ratio |',
  '| --- | ---: | ---: | ---: |',
  ...logRows,
  '',
].join('\n');
console.log(table);
writeBenchSection(`memory:${bench.handle.kind}`, table);
