// Mutation testing of the rules that matter, one module at a time: scripts/mutation.mjs passes the
// module's --mutate globs, its incremental file and (by environment) its tests.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  incremental: true,
  reporters: ['clear-text', 'progress'],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  timeoutMS: 30_000,
  ignorePatterns: [
    'dist',
    // The built storefront stays: the page-cache module's tests render with it.
    '!apps/web/dist',
    'data',
    'docs',
    'reports',
    'coverage',
    'test-results',
    'playwright-report',
    'apps/web/e2e',
    '.ci',
    '.stryker-tmp',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
