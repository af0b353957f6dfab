// Mutation testing (Stryker + its Vitest runner) of the rules that matter, one module at a time, each
// with the tests that exercise it and its own incremental file in reports/mutation/ (committed), so a
// second run only re-tests mutants whose code or tests changed. `npm run test:mutation [-- module ...]`
// runs every module or the ones named, then prints and writes the score table (reports/mutation/scores.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const api = 'apps/api/src';
export const MODULES = [
  {
    name: 'sanitiser',
    mutate: ['apps/web/src/components/ui/safe-html.tsx', 'packages/contracts/src/tenant-html.ts'],
    tests: [
      'apps/web/src/components/ui/safe-html*.test.tsx',
      'packages/contracts/src/tenant-html.test.ts',
      'apps/web/src/features/*/components/*.sanitising.test.tsx',
    ],
    environment: 'jsdom',
  },
  {
    name: 'validators',
    mutate: ['packages/contracts/src/validators.ts'],
    tests: ['packages/contracts/src/validators*.test.ts'],
  },
  {
    name: 'auth-plugin',
    mutate: [`${api}/plugins/auth.ts`],
    tests: [`${api}/plugins/auth*.test.ts`],
  },
  {
    name: 'tenant-plugin',
    mutate: [`${api}/plugins/tenant.ts`],
    tests: [`${api}/plugins/tenant*.test.ts`],
  },
  {
    name: 'coupons',
    mutate: [`${api}/modules/coupons/coupons.service.ts`],
    tests: [`${api}/modules/coupons/*.test.ts`, `${api}/modules/orders/checkout.test.ts`],
  },
  {
    name: 'ledger',
    mutate: [`${api}/modules/loyalty/ledger.service.ts`],
    tests: [`${api}/modules/loyalty/ledger*.test.ts`, `${api}/modules/loyalty/loyalty.test.ts`],
  },
  {
    name: 'promotions',
    mutate: [`${api}/modules/loyalty/promotions.service.ts`],
    tests: [
      `${api}/modules/loyalty/promotions*.test.ts`,
      `${api}/modules/loyalty/loyalty.test.ts`,
      `${api}/modules/loyalty/loyalty-lists.test.ts`,
      `${api}/modules/loyalty/programs-public.test.ts`,
      `${api}/modules/loyalty/ledger.model.test.ts`,
    ],
  },
  {
    name: 'orders-pricing-stock',
    mutate: [`${api}/modules/orders/checkout.service.ts`, `${api}/modules/orders/order-lines.service.ts`],
    tests: [
      `${api}/modules/orders/order-lines*.test.ts`,
      `${api}/modules/orders/checkout*.test.ts`,
      `${api}/modules/orders/orders.test.ts`,
      `${api}/modules/orders/strict-input.test.ts`,
    ],
  },
  {
    name: 'public-origin',
    mutate: [`${api}/lib/public-origin.ts`],
    tests: [`${api}/lib/public-origin*.test.ts`],
  },
  {
    name: 'rate-limit-keys',
    // The limits' keys, refusals and give-backs (the counters are rate-limit.test.ts's), and the account a
    // sign-in names.
    mutate: [
      `${api}/plugins/rate-limit.ts:136-233`,
      `${api}/modules/accounts/accounts.service.ts:91-94`,
      `${api}/modules/accounts/accounts.service.ts:217-231`,
    ],
    tests: [`${api}/plugins/rate-limit.keys.test.ts`],
  },
  {
    name: 'order-status',
    mutate: [`${api}/modules/orders/order-status.service.ts`],
    tests: [
      `${api}/modules/orders/order-status.test.ts`,
      `${api}/modules/orders/cancellations.test.ts`,
      `${api}/modules/orders/order-notices.test.ts`,
    ],
  },
  {
    name: 'page-cache',
    // The rendered-page cache of plugins/storefront.ts, not the rendering around it: its size and lifetime,
    // what makes a page keepable, its key, the shared render of a burst, the compressed copies and the
    // cookies that shape a page.
    mutate: [
      '51-51',
      '86-93',
      '130-130',
      '139-155',
      '166-181',
      '205-222',
      '231-233',
      '265-277',
      '327-343',
    ].map((lines) => `${api}/plugins/storefront.ts:${lines}`),
    tests: [`${api}/plugins/storefront-cache.test.ts`],
  },
  {
    name: 'admin-access',
    mutate: [`${api}/modules/admin/access/admin-guard.ts`, `${api}/modules/admin/staff/staff.service.ts`],
    tests: [
      `${api}/modules/admin/admin-matrix.test.ts`,
      `${api}/modules/admin/staff/staff.test.ts`,
      `${api}/modules/admin/session/session.test.ts`,
    ],
  },
  {
    name: 'admin-campaigns',
    mutate: ['coupons', 'gift-cards', 'promotions'].map(
      (s) => `${api}/modules/admin/campaigns/${s}.service.ts`,
    ),
    tests: [`${api}/modules/admin/campaigns/campaigns*.test.ts`],
  },
  {
    name: 'availability',
    mutate: [`${api}/modules/admin/catalogue/availability.service.ts`],
    tests: [`${api}/modules/admin/catalogue/catalogue*.test.ts`],
  },
  {
    name: 'products-file-read',
    // Reading an uploaded CSV or XLSX into rows: the file alone, by a unit test.
    mutate: [`${api}/modules/admin/catalogue/products-file.ts:70-186`],
    tests: [`${api}/modules/admin/catalogue/products-file.read.test.ts`],
  },
  {
    name: 'products-file',
    // The import of those rows: planning, checking and writing them, and undoing a failed import.
    mutate: [
      `${api}/modules/admin/catalogue/products-file.service.ts:56-113`,
      `${api}/modules/admin/catalogue/products-file.service.ts:123-400`,
    ],
    // Not products-file.batches.test.ts: its 10,000 rows take minutes, for each mutant they cover; the
    // limits test drives the same holds, pauses and announcements with a few rows a transaction.
    tests: [
      `${api}/modules/admin/catalogue/products-file.test.ts`,
      `${api}/modules/admin/catalogue/products-file.limits.test.ts`,
    ],
  },
  {
    name: 'payments',
    mutate: ['payments.service', 'payments.reconcile', 'payments.repository', 'events'].map(
      (s) => `${api}/modules/payments/${s}.ts`,
    ),
    // Not payments.crash.test.ts: its server runs in a child process, out of the runner's sight.
    tests: [
      'service',
      'checkout',
      'reconcile',
      'reconcile-search',
      'events',
      'events-kept',
      'three-ds',
      'no-secrets',
    ]
      .map((s) => `${api}/modules/payments/payments.${s}.test.ts`)
      .concat(
        `${api}/modules/payments/secrets.test.ts`,
        `${api}/modules/payments/events.test.ts`,
        // Cancellations by the member, the place and an admin refund a paid order (markCancelled).
        `${api}/modules/orders/order-status.test.ts`,
        `${api}/modules/orders/cancellations.test.ts`,
      ),
  },
  {
    name: 'retail',
    // The whole of the retail service: look-ups, the order board, redeem, stamp and givePoints.
    mutate: [`${api}/modules/retail/retail.service.ts`],
    tests: [`${api}/modules/retail/retail*.test.ts`],
  },
];

const TABLE = 'reports/mutation/scores.md';

/**
 * Whether a mutant is in what was mutated (`file` or `file:from-to`): an incremental file keeps the
 * results of earlier runs over a wider range of lines too, which the score leaves out.
 */
function inScope(mutate, file, line) {
  return mutate.some((spec) => {
    const [path, lines] = spec.split(':');
    if (path !== file) return false;
    if (!lines) return true;
    const [from, to] = lines.split('-').map(Number);
    return line >= from && line <= to;
  });
}

function scoreOf(name, mutate) {
  const file = `reports/mutation/${name}.incremental.json`;
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 };
  for (const [path, source] of Object.entries(report.files)) {
    for (const mutant of source.mutants)
      if (mutant.status in counts && inScope(mutate, path, mutant.location.start.line))
        counts[mutant.status] += 1;
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, valid, score: valid ? (100 * detected) / valid : 100 };
}

// --force re-tests every mutant (after adding tests that the incremental file cannot know cover old survivors).
const force = process.argv.includes('--force');
// --only=<file:lines>[,...] runs one module on part of its code (a long module, a part at a time): its
// incremental file keeps that part's results, and its row says "part".
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const wanted = process.argv.slice(2).filter((arg) => arg !== '--force' && !arg.startsWith('--only='));
if (only && wanted.length !== 1) {
  console.error('--only goes with one module');
  process.exit(2);
}
const chosen = wanted.length ? MODULES.filter((m) => wanted.includes(m.name)) : MODULES;
if (wanted.length && chosen.length !== wanted.length) {
  console.error(`unknown module; known: ${MODULES.map((m) => m.name).join(', ')}`);
  process.exit(2);
}

const results = new Map();
let failed = false;
for (const module of chosen) {
  const started = Date.now();
  const run = spawnSync(
    'npx',
    [
      'stryker',
      'run',
      'stryker.config.mjs',
      '--mutate',
      only ?? module.mutate.join(','),
      '--incrementalFile',
      `reports/mutation/${module.name}.incremental.json`,
      // A sandbox of its own, so that two modules can run at the same time.
      '--tempDirName',
      `.stryker-tmp/${module.name}`,
      ...(force ? ['--force'] : []),
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        MUTATION_TESTS: module.tests.join(','),
        MUTATION_ENVIRONMENT: module.environment ?? 'node',
      },
    },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  const score = scoreOf(module.name, only ? only.split(',') : module.mutate);
  if (run.status !== 0 || !score) {
    failed = true;
    console.error(`mutation: ${module.name} did not finish (exit ${run.status})`);
    continue;
  }
  if (score.score < 80) failed = true;
  results.set(
    module.name,
    `| ${module.name} | ${score.score.toFixed(1)}%${only ? ` (part: ${only})` : ''} | ${score.Killed + score.Timeout} | ${score.Survived} | ${score.NoCoverage} | ${seconds} s |`,
  );
}

// Read the table only now: another run (another module) may have written it meanwhile.
const rows = new Map(
  existsSync(TABLE)
    ? readFileSync(TABLE, 'utf8')
        .split('\n')
        .filter((line) => /^\| [a-z-]+ \|/.test(line))
        .map((line) => [line.split('|')[1].trim(), line])
    : [],
);
for (const [name, row] of results) rows.set(name, row);
const table = [
  '| module | score | killed | survived | no coverage | last run |',
  '| --- | --- | --- | --- | --- | --- |',
  ...MODULES.filter((m) => rows.has(m.name)).map((m) => rows.get(m.name)),
].join('\n');
writeFileSync(TABLE, `${table}\n`);
console.log(`\n${table}\n\nThe bar is 80% per module.`);
process.exit(failed ? 1 : 0);
