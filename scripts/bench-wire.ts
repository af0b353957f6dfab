// The public reads against the wire (issue 31): each read of a visitor (the menu page, a product, the
// catalogue and content calls, the server-rendered pages) on the server as `npm start` runs it (its
// defaults, request logs on), against a raw node:http server answering the very same status, type and
// bytes from memory in the same run. Load from Debian's wrk (1 thread, 32 connections): autocannon tops
// out far below a raw server and flatters every ratio. Ratios go in the docs, not absolute times.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { promisify } from 'node:util';
import { openBenchDatabase } from './bench-database.ts';
import { writeBenchSection } from './bench-report.ts';
import { startServer } from './server-process.mjs';

const CONNECTIONS = 32;
const HOST = 'localhost';
const PLACE = 'place-miraflores';
const COOKIE = `selectedAreaUid=area-lima; selectedPlaceUid=${PLACE}`;

/** Each read with its target (issue 31): the share of the raw server's req/s and the p99 in ms. */
const READS = [
  { name: 'menu page, JSON', path: `/api/v7/places/${PLACE}/products/`, ratio: 0.5, p99: 5 },
  {
    name: 'product detail, JSON',
    path: `/api/v7/places/${PLACE}/products/p-leche-de-tigre/`,
    ratio: 0.3,
    p99: 10,
  },
  { name: 'places, JSON', path: '/api/v7/places/?company=demo-main', ratio: 0.3, p99: 10 },
  { name: 'categories, JSON', path: `/api/v7/places/${PLACE}/product-categories/`, ratio: 0.3, p99: 10 },
  { name: 'areas, JSON', path: '/api/v7/areas/', ratio: 0.3, p99: 10 },
  { name: 'app record, JSON', path: '/api/v7/apps/demo', ratio: 0.3, p99: 10 },
  { name: 'landing, JSON', path: '/api/v7/apps/demo/landing/', ratio: 0.3, p99: 10 },
  { name: 'program for visitors, JSON', path: '/api/v5/programs/demo-club', ratio: 0.3, p99: 10 },
  { name: '`/carta`, server-rendered', path: '/carta', cookie: COOKIE, ratio: 0.3, p99: 20 },
  { name: '`/program/demo-club`, server-rendered', path: '/program/demo-club', ratio: 0.3, p99: 20 },
  { name: '`/politics`, server-rendered', path: '/politics', ratio: 0.3, p99: 20 },
];

interface Wrk {
  rps: number;
  p99: number;
}

/** wrk's "Requests/sec" and the 99th percentile of its latency distribution, in ms. */
async function wrk(url: string, headers: Record<string, string>, seconds: number): Promise<Wrk> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  // Asynchronous: the raw server answers from this very process.
  const { stdout: out } = await promisify(execFile)('wrk', [...args, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const [, value, unit] = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out) ?? [];
  if (/Non-2xx/.test(out) || !rps || !value) throw new Error(`wrk ${url}: ${out}`);
  const p99 = Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  return { rps, p99 };
}

/** The ceiling: node:http answering the status, type and bytes the server gave, from memory. */
async function rawServer(answers: Map<string, { status: number; type: string; body: Buffer }>) {
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    res.writeHead(answer?.status ?? 404, { 'content-type': answer?.type ?? 'text/plain' });
    res.end(answer?.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchWire(seconds: number) {
  const bench = await openBenchDatabase('bench_wire', { onDisk: true });
  await bench.handle.close(); // the server loads the demo data itself, as `npm start` does
  const server = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'info' });
  const answers = new Map<string, { status: number; type: string; body: Buffer }>();
  const rows: string[] = [];
  let raw: Awaited<ReturnType<typeof rawServer>> | null = null;
  try {
    for (const read of READS) {
      const headers: Record<string, string> = { host: HOST, ...(read.cookie ? { cookie: read.cookie } : {}) };
      const res = await fetch(`${server.url}${read.path}`, { headers, redirect: 'manual' });
      if (res.status !== 200) throw new Error(`${read.path} answered ${res.status}`);
      answers.set(read.path, {
        status: res.status,
        type: res.headers.get('content-type') ?? '',
        body: Buffer.from(await res.arrayBuffer()),
      });
    }
    raw = await rawServer(answers);
    for (const read of READS) {
      console.log(`Wire: ${read.name}...`);
      const headers = { Host: HOST, ...(read.cookie ? { Cookie: read.cookie } : {}) };
      // Warm-up. On a loaded machine a page being rendered may answer nothing within it: not a result.
      await wrk(`${server.url}${read.path}`, headers, 1).catch(() => undefined);
      const ours = await wrk(`${server.url}${read.path}`, headers, seconds);
      const ceiling = await wrk(`${raw.url}${read.path}`, headers, seconds);
      const ratio = ours.rps / ceiling.rps;
      const met = ratio >= read.ratio && ours.p99 < read.p99 ? 'yes' : 'no';
      rows.push(
        `| ${read.name} | ${((answers.get(read.path)?.body.length ?? 0) / 1024).toFixed(1)} | ${ours.p99.toFixed(1)} | ${ceiling.p99.toFixed(1)} | ${ratio.toFixed(2)} | ≥ ${read.ratio}, p99 < ${read.p99} ms | ${met} |`,
      );
    }
  } finally {
    await raw?.close();
    await server.stop();
    await bench.drop();
  }
  const table = [
    `### Public reads against the wire (embedded database, wrk, 1 thread, ${CONNECTIONS} connections, ${seconds} s each)`,
    '',
    `Machine: ${availableParallelism()} cores (nproc), Node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )} (at the end of the run). Command: \`npm run bench -- --only wire\`. The server as \`npm start\` runs it (its defaults: MENU_CACHE_SECONDS 1, request logs on, stdout to /dev/null), on the demo data its first start loaded; each read against a raw \`node:http\` server answering the same status, type and bytes from memory, measured right after it. No Accept-Encoding (uncompressed). The ratio is req/s over the raw server's; the machine is shared, so the p99 (ms) is indicative only: the raw server's, in the same run, is what the machine itself allowed.`,
    '',
    '| read | KiB | p99 (ms) | raw p99 (ms) | ratio to raw | target (issue 31) | met |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  console.log(table);
  writeBenchSection('wire:pglite', table);
}
