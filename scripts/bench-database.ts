// A fresh database for a benchmark: in-memory PGlite by default, or a new database on the PostgreSQL
// server named by TEST_DATABASE_URL (dropped again by `drop`). The test helpers need vitest; this does not.
import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '@storefront/db/client';
import pg from 'pg';

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(
  prefix: string,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { handle: await openDatabase({ dataDir: null }), drop: async () => {} };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ url: url.toString(), poolSize: 20 }),
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
