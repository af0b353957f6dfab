// `npm test`: every check CI runs (.ci/run), phase by phase, and at the end the time each phase took, so
// that every run shows where its time went (docs/testing.md keeps the figures of a fresh clone).
// Phases in one group run at the same time, each printing its output when it ends.
// Usage: npm test [-- --from PHASE] (start at a phase, e.g. `--from journeys` after a build).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Where the runners write each test's time (Vitest here, Playwright in its config), for the slowest list. */
const TIMES = 'test-times';

const vitest = (report, ...projects) =>
  `npx vitest run ${projects.map((project) => `--project ${project}`).join(' ')} ` +
  `--reporter=default --reporter=json --outputFile.json=${TIMES}/${report}.json`;

/** Groups of phases, in order; the phases of one group run together. */
const GROUPS = [
  [{ name: 'install', command: 'node scripts/ensure-install.mjs' }],
  [{ name: 'prerequisites', command: 'node scripts/check-prerequisites.mjs' }],
  // The type check holds one core for a minute; the build, then the unit tests, take the other (the
  // unit tests need no build: Vitest compiles what it runs).
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint, audit, build', command: 'npm run lint && npm run audit && npm run build' },
    { name: 'unit (web, admin, scripts)', command: vitest('unit', 'web', 'admin', 'scripts') },
  ],
  [{ name: 'server on PGlite', command: vitest('server-pglite', 'server-pglite') }],
  [{ name: 'bundle budget', command: 'npm run test:budget' }],
  // The memory budget reads a server's resident memory, mostly waiting for it to idle (a core free for a
  // minute): the PostgreSQL suite uses that core. Bytes resident do not depend on how busy the machine is.
  [
    ...(onPostgres
      ? [{ name: 'server on PostgreSQL', command: vitest('server-postgres', 'server-postgres') }]
      : []),
    { name: 'memory budget', command: 'npm run test:memory' },
  ],
  [{ name: 'Lighthouse', command: 'npm run test:lighthouse' }],
  [{ name: 'journeys', command: 'npm run test:e2e' }],
  [{ name: 'skipped proofs', command: 'npm run test:skipped' }],
];

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const names = GROUPS.flat().map((phase) => phase.name);
if (values.from && !names.includes(values.from)) {
  console.error(`npm test: no phase "${values.from}"; the phases are: ${names.join(', ')}`);
  process.exit(2);
}

/** Runs one phase; alone, its output goes straight through; beside others, it is printed when it ends. */
function run(phase, alone) {
  const started = performance.now();
  const child = spawn(phase.command, {
    shell: true,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n── ${phase.name} ──\n${Buffer.concat(output).toString()}`);
      resolve({ name: phase.name, code, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const format = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

function printTable(results, total) {
  const width = Math.max(...results.map((result) => result.name.length), 'total'.length);
  console.log('\nnpm test, phase by phase (wall time, m:ss; phases of one group ran together):');
  for (const result of results) {
    const mark = result.code === 0 ? '' : `  FAILED (exit ${result.code})`;
    console.log(`  ${result.name.padEnd(width)}  ${format(result.seconds).padStart(6)}${mark}`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${format(total).padStart(6)}`);
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** Each test file's time, from Vitest's JSON reports of this run. */
function testFileTimes() {
  return ['unit', 'server-pglite', 'server-postgres'].flatMap((report) =>
    (readJson(`${TIMES}/${report}.json`)?.testResults ?? []).map((file) => ({
      name: `${report === 'unit' ? '' : `${report} `}${relative(process.cwd(), file.name)}`,
      seconds: (file.endTime - file.startTime) / 1000,
    })),
  );
}

/** Each journey's time (its first attempt), from Playwright's JSON report of this run. */
function journeyTimes() {
  const walk = (suite, path) => [
    ...(suite.suites ?? []).flatMap((inner) => walk(inner, [...path, inner.title])),
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        name: `${test.projectName} ${[...path, spec.title].filter(Boolean).join(' › ')}`,
        seconds: (test.results[0]?.duration ?? 0) / 1000,
      })),
    ),
  ];
  const report = readJson(`${TIMES}/journeys.json`);
  return report ? report.suites.flatMap((suite) => walk(suite, [suite.title])) : [];
}

function printSlowest(title, times) {
  if (times.length === 0) return;
  console.log(`\nThe ten slowest ${title}:`);
  for (const { name, seconds } of times.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
  }
}

rmSync(TIMES, { recursive: true, force: true });
const started = performance.now();
const results = [];
let reached = !values.from;
for (const group of GROUPS) {
  reached ||= group.some((phase) => phase.name === values.from);
  if (!reached) continue;
  const ended = await Promise.all(group.map((phase) => run(phase, group.length === 1)));
  results.push(...ended);
  if (ended.some((result) => result.code !== 0)) break;
}
const total = (performance.now() - started) / 1000;
printSlowest('test files', testFileTimes());
printSlowest('journeys', journeyTimes());
printTable(results, total);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
