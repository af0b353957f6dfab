// A fresh database for a benchmark: PGlite by default (in memory, or in a temporary directory when
// another process must open it too), or a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (dropped again by `drop`). The test helpers need vitest; this does not.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseConfig, type DatabaseHandle, openDatabase } from '@storefront/db/client';
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

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Opens the same database again (after handle.close(), for PGlite, which one process holds at a time). */
  config: DatabaseConfig;
  /** What the API server process needs in its environment to open the same database. */
  serverEnv: Record<string, string>;
  drop: () => Promise<void>;
}

export async function openBenchDatabase(prefix: string, { onDisk = false } = {}): Promise<BenchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = onDisk ? mkdtempSync(join(tmpdir(), `${prefix}-`)) : null;
    const config = { dataDir };
    return {
      handle: await openDatabase(config),
      config,
      serverEnv: dataDir ? { DATA_DIR: dataDir } : {},
      drop: async () => {
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config = { url: url.toString(), poolSize: 20 };
  return {
    handle: await openDatabase(config),
    config,
    serverEnv: { DATABASE_URL: url.toString() },
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
