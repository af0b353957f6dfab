import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The config Stryker runs (scripts/mutation.mjs): one module's tests at a time, named by MUTATION_TESTS,
// in MUTATION_ENVIRONMENT. Stryker mutates a copy of the tree, so the workspace packages resolve to that
// copy here rather than through node_modules' links back to the original.
const root = fileURLToPath(new URL('.', import.meta.url));
const include = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);
const server = process.env.MUTATION_ENVIRONMENT !== 'jsdom';

export default defineConfig({
  resolve: {
    alias: [{ find: /^@storefront\/(contracts|db)\/(.*)$/, replacement: `${root}packages/$1/src/$2.ts` }],
  },
  test: {
    include,
    environment: server ? 'node' : 'jsdom',
    env: { TEST_DATABASE_URL: '' },
    globalSetup: server ? ['packages/db/src/test-global-setup.ts'] : [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
