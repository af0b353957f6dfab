import { resolve } from 'node:path';
import type { DatabaseConfig } from './client.ts';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite persists under DATA_DIR (default ./data). */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig & { dataDir?: string | null } {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  return { dataDir: resolve(env.DATA_DIR ?? 'data') };
}
