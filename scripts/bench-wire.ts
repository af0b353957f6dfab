// The public reads against the wire (issue 31): each read of a visitor (the menu page, a product, the
// catalogue and content calls, the server-rendered pages) on the server as `npm start` runs it (its
// defaults, request logs on), against a raw node:http server answering the very same status, headers
// and bytes from memory in the same run (and one answering the type alone). Load from Debian's wrk
// (1 thread, 32 connections): autocannon tops out far below a raw server and flatters every ratio.
// Ratios go in the docs, not absolute times.
import { execFile } from 'node:child_process';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { openBenchDatabase } from './bench-database.ts';
import { machine, median, writeBenchSection } from './bench-report.ts';
import { startServer } from './server-process.mjs';

const CONNECTIONS = 32;
/** Runs of each server per read; the table gives the medians. */
const ROUNDS = 3;
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

/** An answer as wrk gets it: its status, its headers (flat, as `writeHead` takes them) and its bytes. */
interface Answer {
  status: number;
  headers: string[];
  type: string;
  body: Buffer;
}

/** Headers of the connection, which node:http writes itself. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** What the server answers a visitor who asks as wrk does (no Accept-Encoding). */
function answerOf(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const own: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const [name = '', value = ''] = res.rawHeaders.slice(i, i + 2);
          if (!CONNECTION_HEADERS.has(name.toLowerCase())) own.push(name, value);
        }
        const type = res.headers['content-type'] ?? '';
        resolve({ status: res.statusCode ?? 0, headers: own, type, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/**
 * The ceiling: node:http answering from memory the status and bytes the server gave, with the very
 * headers it sent (the same bytes on the wire but for the date), or with the type alone.
 */
async function rawServer(answers: Map<string, Answer>, sameHeaders: boolean) {
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) return res.writeHead(404).end();
    res.writeHead(answer.status, sameHeaders ? answer.headers : { 'content-type': answer.type });
    res.end(answer.body);
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
  const answers = new Map<string, Answer>();
  const rows: string[] = [];
  const raws: Awaited<ReturnType<typeof rawServer>>[] = [];
  try {
    for (const read of READS) {
      const headers: Record<string, string> = { host: HOST, ...(read.cookie ? { cookie: read.cookie } : {}) };
      // Twice: the first may be the one that computes it, the second is the kept answer.
      await answerOf(`${server.url}${read.path}`, headers);
      const answer = await answerOf(`${server.url}${read.path}`, headers);
      if (answer.status !== 200) throw new Error(`${read.path} answered ${answer.status}`);
      answers.set(read.path, answer);
    }
    const same = await rawServer(answers, true);
    const typeOnly = await rawServer(answers, false);
    raws.push(same, typeOnly);
    const headersOf = (read: (typeof READS)[number]) => ({
      Host: HOST,
      ...(read.cookie ? { Cookie: read.cookie } : {}),
    });
    // Every server answers every read for a second before any is measured: the first read measured used
    // to get the bench's first minute alone (its raw p99 5.6-6.0 ms where the other reads' were 2.6-3.5).
    // On a loaded machine a page being rendered may answer nothing within it: not a result.
    for (const read of READS)
      for (const base of [server.url, same.url, typeOnly.url])
        await wrk(`${base}${read.path}`, headersOf(read), 1).catch(() => undefined);
    for (const read of READS) {
      console.log(`Wire: ${read.name}...`);
      const headers = headersOf(read);
      // Warm-up of this read's kept answer, just before its rounds.
      await wrk(`${server.url}${read.path}`, headers, 1).catch(() => undefined);
      // Rounds of our server then the raw ones, each ratio taken within its round: the machine's other
      // tenants move req/s by a quarter from one run to the next, so one triple could land either way.
      const rounds: { ours: Wrk; same: Wrk; typeOnly: Wrk }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const ours = await wrk(`${server.url}${read.path}`, headers, seconds);
        const sameRun = await wrk(`${same.url}${read.path}`, headers, seconds);
        rounds.push({
          ours,
          same: sameRun,
          typeOnly: await wrk(`${typeOnly.url}${read.path}`, headers, seconds),
        });
      }
      const ratio = median(rounds.map((run) => run.ours.rps / run.same.rps));
      const typeOnlyRatio = median(rounds.map((run) => run.ours.rps / run.typeOnly.rps));
      const p99 = median(rounds.map((run) => run.ours.p99));
      const rawP99 = median(rounds.map((run) => run.same.p99));
      const met = ratio >= read.ratio && p99 < read.p99 ? 'yes' : 'no';
      const answer = answers.get(read.path);
      const headerBytes = answer?.headers.reduce((sum, part) => sum + part.length + 2, 0) ?? 0;
      rows.push(
        `| ${read.name} | ${((answer?.body.length ?? 0) / 1024).toFixed(1)} | ${headerBytes} | ${p99.toFixed(1)} | ${rawP99.toFixed(1)} | ${ratio.toFixed(2)} | ${typeOnlyRatio.toFixed(2)} | ≥ ${read.ratio}, p99 < ${read.p99} ms | ${met} |`,
      );
    }
  } finally {
    await Promise.all(raws.map((raw) => raw.close()));
    await server.stop();
    await bench.drop();
  }
  const table = [
    `### Public reads against the wire (embedded database, wrk, 1 thread, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${seconds} s each)`,
    '',
    `Machine: ${machine()} (at the end of the run). Command: \`npm run bench -- --only wire\`. The server as \`npm start\` runs it (its defaults on the embedded database: MENU_CACHE_SECONDS 60, request logs on, stdout to /dev/null), on the demo data its first start loaded; each read against raw \`node:http\` servers answering from memory the status and bytes it gave, one with the very headers it sent (the same bytes on the wire but for the date: the ratio to raw and its p99), one with the type alone (as this table measured until 2026-12-06), in ${ROUNDS} rounds of our server then the raw ones. No Accept-Encoding (uncompressed). A ratio is the median of the rounds' req/s over the raw server's, the p99s the medians of the rounds'; the machine is shared, so the p99 (ms) is indicative only: the raw server's, in the same run, is what the machine itself allowed.`,
    '',
    '| read | KiB | header bytes | p99 (ms) | raw p99 (ms) | ratio to raw | ratio to raw, type only | target (issue 31) | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  console.log(table);
  writeBenchSection('wire:pglite', table);
}
