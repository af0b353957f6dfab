import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_PUSH_PORT, E2E_SMTP_PORT, HEADLESS_SHELL } from './apps/web/e2e/support.ts';

// The journeys run against the real server on a fresh embedded database with the demo data, in
// Debian's Chromium (browser downloads do not work on these machines).
const port = E2E_PORT;
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-data-'));
// Where the loopback SMTP server keeps the mail it receives; the workers inherit it to read the links.
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-mail-'));
// The local push service's certificate, which the API trusts (its only https peer in the journeys).
process.env.E2E_PUSH_CERT ??= join(mkdtempSync(join(tmpdir(), 'e2e-push-')), 'push-service.pem');

export default defineConfig({
  // The storefront's journeys (apps/web/e2e) and the admin site's (apps/admin/e2e).
  testDir: 'apps',
  testMatch: /\/e2e\/.*\.spec\.ts$/,
  fullyParallel: true,
  workers: 2,
  // One retry everywhere, and a trace only for it: recording every journey's trace (a DOM snapshot and a
  // screenshot at each step) took a large share of the run's CPU on 2 cores, to keep the traces of the
  // journeys that failed. A failure is run again with its trace; a journey that passes only on its retry
  // is reported as flaky.
  retries: 1,
  // A journey of an owner on the admin site and a visitor on the storefront takes 22 to 32 s on a busy
  // 2-core machine (a price changed, the menu read, a stale save, a copy: 30.8 s); each step still waits
  // at most expect's 5 s.
  timeout: 45_000,
  // The JSON report gives npm test its list of the slowest journeys (scripts/test.mjs).
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: 'test-times/journeys.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'on-first-retry',
    // The journeys act on settled pages. The sidebar slides in unless motion is reduced: on a loaded
    // machine a click could land where its button was a frame earlier, on the backdrop that closes it.
    // axe would measure a half-faded toast as low contrast (sonner honours reduced motion).
    reducedMotion: 'reduce',
    launchOptions: HEADLESS_SHELL,
  },
  // Every journey runs on a desktop screen; the main ones (order, join, redeem, order board), tagged
  // @phone, run again on a phone-sized screen. The accessibility suite checks every route at phone sizes itself.
  projects: [
    { name: 'desktop' },
    { name: 'phone', grep: /@phone/, use: { viewport: { width: 390, height: 844 } } },
  ],
  // The SMTP server and the push service start first, so that the API's workers find them from their
  // first pass (and the API trusts the push service's certificate, written before it starts).
  webServer: [
    {
      command: 'node --import tsx apps/web/e2e/smtp-inbox.ts',
      port: E2E_SMTP_PORT,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(E2E_SMTP_PORT), E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      command: 'node --import tsx apps/web/e2e/push-service.ts',
      port: E2E_PUSH_PORT,
      reuseExistingServer: false,
      env: { E2E_PUSH_PORT: String(E2E_PUSH_PORT), E2E_PUSH_CERT: process.env.E2E_PUSH_CERT },
    },
    {
      // The production start: the compiled server that `npm run build` wrote.
      command: 'npm run serve',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      // Migrations and the demo import take a while on a loaded machine.
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        // The journeys stand in for members on many devices behind a proxy on loopback: their requests say
        // which address they come from in X-Forwarded-For (support.ts newMember), which a loopback proxy
        // is trusted to set.
        TRUST_PROXY: 'loopback',
        // The members' devices subscribe with the local push service, on loopback, over https.
        PUSH_ALLOW_LOOPBACK: 'true',
        NODE_EXTRA_CA_CERTS: process.env.E2E_PUSH_CERT,
      },
    },
  ],
});
