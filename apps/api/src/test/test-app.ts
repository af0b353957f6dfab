import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importTenantFile } from '@storefront/db/tenant-import';
import { openTestDatabase } from '@storefront/db/testing';
import { type AppConfig, type BuildOptions, buildApp } from '../app.ts';

export const DEMO_FILE = fileURLToPath(
  new URL('../../../../packages/db/demo/demo.tenant.json', import.meta.url),
);
export const demoTenantFile = () =>
  JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as { apps: Record<string, unknown>[] };

/**
 * An API that reaches nothing outside the machine: no built storefront, and every sign-in and captcha
 * provider at an unreachable address (a test that needs one starts a fake and points the API at it).
 */
export const OFFLINE_CONFIG = {
  production: false,
  WEB_DIST: '/nonexistent',
  PUBLIC_URL: undefined,
  GOOGLE_OAUTH_URL: 'http://127.0.0.1:9',
  FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9',
  APPLE_KEYS_URL: 'http://127.0.0.1:9',
  RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9',
  CULQI_API_URL: 'http://127.0.0.1:9',
  CULQI_CHECKOUT_URL: 'http://127.0.0.1:9/js/v4',
  CULQI_3DS_URL: 'http://127.0.0.1:9/3ds',
  MERCADOPAGO_API_URL: 'http://127.0.0.1:9',
  MERCADOPAGO_SDK_URL: 'http://127.0.0.1:9/js/v2',
} satisfies Partial<AppConfig>;

/**
 * A fresh API on a fresh database (in-memory PGlite, or a new database on TEST_DATABASE_URL), loaded
 * with the demo data unless told otherwise. Call `close()` in afterAll.
 */
export async function createTestApp(
  options: {
    tenantFile?: unknown;
    demo?: boolean;
    config?: Partial<AppConfig>;
    logger?: BuildOptions['logger'];
  } = {},
) {
  // The demo data comes ready in its template; another tenant file is imported into an empty database.
  const database = await openTestDatabase(options.tenantFile || options.demo === false ? 'empty' : 'demo');
  if (options.tenantFile) {
    await importTenantFile(database.db, options.tenantFile, { includeDemoUsers: true });
  }
  const app = await buildApp({
    config: { ...OFFLINE_CONFIG, ...options.config },
    db: database.db,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
