// Lighthouse budget (issue 9), part of `npm test`: the real server on a fresh database with the demo data,
// Lighthouse (mobile, simulated throttling, Debian Chromium) 3 times on each storefront page, the median
// of each category. Fails when a median performance is under the gate, accessibility is under 100, or the
// median total blocking time is over 150 ms (issue 16's budget: TBT is what hydrating React costs).
// The target is 95; medians here are 99 with React rendered on the server (docs/benchmarks.md), and the
// gate sits a few points under them so that a busier machine does not fail the build while a real
// regression does. Three runs a page, not five (issue 41, decision 037): with medians 7 points over the
// gate and TBT at a tenth of its budget, one odd run in three cannot move a median across either.
// Usage: npm run test:lighthouse [-- --runs 5], after npm run build (the compiled server and apps/web/dist).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { toRunningTime } from './lighthouse-trace.mjs';
import { startServer } from './server-process.mjs';

const PAGES = ['/carta', '/program/demo-club', '/cart', '/login'];
const PERFORMANCE_GATE = 92;
const ACCESSIBILITY_GATE = 100;
const TBT_BUDGET_MS = 150;
const MOBILE_THROTTLING = throttling.mobileSlow4G;
// Lighthouse's 4x CPU slowdown takes a high-end desktop (benchmark index 1500 to 2000) to the mid-tier
// phone it emulates, about 440 (docs/throttling.md, "Calibrating the CPU slowdown"). A machine that
// other work slows measures a lower index in that very run, and gets the smaller slowdown that lands on
// the same phone; never more than the default 4x, never under 1x. Decision 029.
const EMULATED_PHONE_INDEX = 440;
const cpuSlowdown = (benchmarkIndex) =>
  Math.max(1, Math.min(MOBILE_THROTTLING.cpuSlowdownMultiplier, benchmarkIndex / EMULATED_PHONE_INDEX));

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);

/** The server as `npm start` runs it, on a fresh embedded database that imports the demo data. */
async function startDemoServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  const server = await startServer({ DATA_DIR: dataDir });
  return {
    // The demo app answers on localhost.
    origin: server.url.replace('127.0.0.1', 'localhost'),
    stop: () => server.stop().finally(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// The server and the browser go before other work on the machine (they inherit this priority; Chromium
// then sets its renderers' own); without the right to raise it (not root) they run as they are.
try {
  setPriority(-15);
} catch {
  console.log('Lighthouse runs at normal priority (raising it needs root).');
}

const server = await startDemoServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** One Lighthouse run; a run whose trace broke (NO_NAVSTART and the like, on a loaded machine) is redone. */
async function audit(path, attempt = 1) {
  // Lighthouse's defaults: mobile form factor and screen, simulated throttling, storage cleared. The page
  // is loaded once (gatherMode) and scored from what was recorded (auditMode) with the CPU slowdown
  // calibrated to the machine as that load measured it.
  const flags = {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  };
  const recorded = mkdtempSync(join(tmpdir(), 'lighthouse-run-'));
  try {
    await lighthouse(`${server.origin}${path}`, { ...flags, gatherMode: recorded });
    // Simulated throttling records the load unthrottled, so the slowdown only matters to the scoring; the
    // recording names its settings, and auditMode refuses settings other than those.
    const artifactsFile = join(recorded, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8'));
    const traceFile = join(recorded, 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
    const share = toRunningTime(trace.traceEvents);
    writeFileSync(traceFile, JSON.stringify(trace));
    artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown(artifacts.BenchmarkIndex);
    writeFileSync(artifactsFile, JSON.stringify(artifacts));
    const { lhr } = await lighthouse(`${server.origin}${path}`, {
      ...flags,
      auditMode: recorded,
      throttling: artifacts.settings.throttling,
    });
    if (!lhr.runtimeError) return { lhr, share };
    if (attempt < 3) return audit(path, attempt + 1);
    throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  } finally {
    rmSync(recorded, { recursive: true, force: true });
  }
}

/** The machine's CPU time so far, from /proc/stat: all of it, and what the hypervisor gave other guests. */
function cpuTimes() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return { total: fields.reduce((sum, field) => sum + field, 0), steal: fields[7] ?? 0 };
}

const rows = [];
const problems = new Map();
const started = Date.now();
const cpuAtStart = cpuTimes();
const stolenPercent = () => {
  const now = cpuTimes();
  return (100 * (now.steal - cpuAtStart.steal)) / Math.max(1, now.total - cpuAtStart.total);
};
try {
  for (const path of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const { lhr, share } = await audit(path);
      const { categories, audits, environment } = lhr;
      runs.push({
        benchmarkIndex: environment.benchmarkIndex,
        mainThreadShare: share,
        cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
      // What cost points, to say why when the gate fails.
      for (const ref of [...categories.performance.auditRefs, ...categories.accessibility.auditRefs]) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
          problems.set(
            `${path} ${ref.id}`,
            `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
          );
        }
      }
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    rows.push({
      path,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      benchmarkIndex: pick('benchmarkIndex'),
      mainThreadShare: pick('mainThreadShare'),
      cpuSlowdown: pick('cpuSlowdown'),
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

console.log(
  `Lighthouse, mobile, simulated throttling, median of ${RUNS} (${Math.round((Date.now() - started) / 1000)} s):`,
);
console.log(
  '| page | performance | accessibility | LCP ms | TBT ms | CLS | benchmark index | main thread running | CPU slowdown |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.path} | ${row.performance} | ${row.accessibility} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${Math.round(row.benchmarkIndex)} | ${row.mainThreadShare.toFixed(2)} | ${row.cpuSlowdown.toFixed(1)}x |`,
  );
}
console.log(
  `Load average at the end: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}; CPU time stolen by the hypervisor during the runs: ${stolenPercent().toFixed(1)}%`,
);
const failed = rows.filter(
  (row) =>
    row.performance < PERFORMANCE_GATE || row.accessibility < ACCESSIBILITY_GATE || row.tbt > TBT_BUDGET_MS,
);
if (failed.length > 0) {
  for (const [where, what] of problems) console.log(`  ${where}: ${what}`);
  console.log(
    `Lighthouse budget broken on ${failed.map((row) => row.path).join(', ')}: performance must be ${PERFORMANCE_GATE} or more (target 95), accessibility ${ACCESSIBILITY_GATE}, and total blocking time ${TBT_BUDGET_MS} ms or less.`,
  );
  process.exit(1);
}
console.log(
  `Within the Lighthouse budget (performance ${PERFORMANCE_GATE}+, target 95; accessibility 100; total blocking time at most ${TBT_BUDGET_MS} ms).`,
);
