import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';

/** A migrated database, empty or with the demo data; built once per test run by test-global-setup.ts. */
export type TestTemplate = 'empty' | 'demo';

export interface TestTemplates {
  /** PGlite dumps (tar files), by template. */
  pglite?: Record<TestTemplate, string>;
  /** PostgreSQL template databases, by template, on TEST_DATABASE_URL. */
  postgres?: Record<TestTemplate, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file, copied from a template: an in-memory PGlite loaded from
 * the template's dump, or a new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped
 * again on close).
 */
export async function openTestDatabase(
  template: TestTemplate = 'empty',
): Promise<DatabaseHandle & { url?: string }> {
  const templates = inject('testTemplates') ?? {};
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = templates.pglite?.[template];
    if (!dump)
      throw new Error('No PGlite test template: run the tests through vitest (test-global-setup.ts)');
    return openDatabase({ dataDir: null, loadDataDir: new Blob([readFileSync(dump)]) });
  }
  const templateDb = templates.postgres?.[template];
  if (!templateDb)
    throw new Error('No PostgreSQL test template: run the tests through vitest (test-global-setup.ts)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${templateDb}`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 20 });
  return {
    ...handle,
    url: databaseUrl(serverUrl, name),
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
