// Fails when the JavaScript a first page loads, gzipped, exceeds its budget. Exact bytes, from each build's
// manifest: the entry with its static imports plus the route chunks the first page needs.
// - The storefront (issue 16: 150 KiB with React; issue 31: 120, gate 125): the entry and the /carta route
//   chunk with the chunks it imports, which the entry loads before it hydrates (119.6 KiB: decision 013).
//   The shell's small lazy pieces (selectors, cart, footer) are left out: their server HTML stays until
//   they load and hydrate (docs/decisions/015-server-rendering.md).
// - The admin site (issue 17: 400 KiB): its sign-in screen, the entry alone; every other screen is a lazy
//   chunk (docs/decisions/021-admin-framework.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGETS = [
  {
    name: 'Storefront first-page',
    dist: 'apps/web/dist',
    budgetKib: 125,
    // The demo's first page, /carta (the server answers / with a redirect there): the entry and its route.
    modules: ['index.html', 'src/features/menu/components/carta-page.tsx'],
  },
  { name: 'Admin site first-screen', dist: 'apps/admin/dist', budgetKib: 400, modules: ['index.html'] },
];

function measure({ name, dist, budgetKib, modules }) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) {
    if (!manifest[key]) throw new Error(`bundle-budget: ${key} is not in ${dist}'s build manifest`);
    visit(key);
  }
  let total = 0;
  for (const file of [...files].filter((file) => file.endsWith('.js'))) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    console.log(`  ${file}: ${(size / 1024).toFixed(1)} KiB gzip`);
  }
  const within = total <= budgetKib * 1024;
  console.log(
    `${name} JavaScript: ${(total / 1024).toFixed(1)} KiB gzip, ${within ? 'within' : 'OVER'} the budget of ${budgetKib} KiB.`,
  );
  return within;
}

const results = BUDGETS.map(measure);
if (results.includes(false)) process.exit(1);
