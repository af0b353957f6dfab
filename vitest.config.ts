import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests of the storefront and the admin site run in jsdom; server and package tests in Node. The API suites run on
// PGlite, and again on the PostgreSQL server named by TEST_DATABASE_URL when it is set (see .ci/run).
const serverTests = ['apps/api/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// A server test file's worker is reused for the next file instead of a new process: the API's modules are
// imported once per worker, not once per file (decision 037). Every file still builds its own app on its
// own database, and closes it.
const reusedWorkers = { isolate: false };

export default defineConfig({
  test: {
    // Vitest's default leaves a core to itself: one worker on CI's 2 cores. The server suites mostly wait
    // on a database or a socket, so two workers there run the unit phase in 634 s instead of 870.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // A test file of plain logic says `// @vitest-environment node` on its first line: a jsdom costs
        // about a second to build for each file.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        // The budgets' own logic (what a gate counts decides whether CI passes).
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          ...reusedWorkers,
          environment: 'node',
          env: { TEST_DATABASE_URL: '' },
          globalSetup: ['packages/db/src/test-global-setup.ts', 'apps/api/src/test/proofs-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                ...reusedWorkers,
                globalSetup: ['packages/db/src/test-global-setup.ts'],
                environment: 'node' as const,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
