import { resolve } from 'node:path';
import type { DatabaseConfig } from './client.ts';

/**
 * DATABASE_URL selects a PostgreSQL server (POOL_SIZE connections per process, default 10); otherwise
 * PGlite persists under DATA_DIR (default ./data).
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig & { dataDir?: string | null } {
  if (env.DATABASE_URL) {
    const poolSize = Number(env.POOL_SIZE);
    return {
      url: env.DATABASE_URL,
      poolSize: Number.isInteger(poolSize) && poolSize > 0 ? poolSize : undefined,
    };
  }
  return { dataDir: resolve(env.DATA_DIR ?? 'data') };
}
