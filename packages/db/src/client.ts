import { mkdirSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgDatabase, NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgTransaction } from 'drizzle-orm/pg-core';

/**
 * The one database type the code sees. PGlite and node-postgres share the PostgreSQL dialect and the
 * query builder; only the driver differs, so the PGlite instance is typed as the node-postgres one.
 */
export type Database = NodePgDatabase;
export type Transaction = PgTransaction<
  NodePgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** A repository runs on the database or inside a caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole database as a tar, which `loadDataDir` starts from. */
  dump?: () => Promise<Blob>;
}

export type DatabaseConfig =
  | { url: string; poolSize?: number }
  /**
   * `loadDataDir`: start a PGlite (in memory, or in a new folder) from a dump (the test templates).
   * `walSegmentMb`: the WAL's segment size for a new one (PostgreSQL's default, 16, when not given).
   */
  | { dataDir: string | null; loadDataDir?: Blob; walSegmentMb?: number };

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
// Any constant works: it only has to be the same in every API process sharing one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_150_2026;

/**
 * PGlite keeps PostgreSQL's shared buffers in its WebAssembly memory, which never shrinks: at the default
 * 128 MB they were a quarter of an idle server's resident memory (issue 19). Its data files go through
 * the operating system's page cache like any file, so a small buffer pool costs little speed.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

/**
 * Opens the database and applies pending migrations. `dataDir: null` is an in-memory PGlite. Only the
 * driver in use is loaded: each holds 15 MB or more of a process's memory (issue 19).
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('url' in config) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    await migratePostgres(config.url);
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // An idle client that loses its connection must not take the process down.
    pool.on('error', () => {});
    return {
      db: drizzlePg({ client: pool, casing: 'snake_case' }),
      kind: 'postgres',
      close: () => pool.end(),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const [{ PGlite }, { btree_gin }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gin'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  /**
   * PGlite runs each query on the event loop's own thread (WebAssembly), and a chain of queries goes on
   * through promises alone: a page's dozen reads would hold the loop for their whole length (50 ms for a
   * /carta whose kept reads expired), while every visitor answered from memory waited. Each query (every
   * query, plain or in a transaction, goes through execProtocolStream) first lets the loop take a turn.
   */
  class PGliteTakingTurns extends PGlite {
    override async execProtocolStream(
      ...args: Parameters<InstanceType<typeof PGlite>['execProtocolStream']>
    ) {
      await nextTurn();
      return super.execProtocolStream(...args);
    }
  }
  // The extensions the migrations create (the menu search index, decision record 005): PGlite loads
  // their code only when asked, on every open, also of a data folder or dump that already has them.
  const client = new PGliteTakingTurns({
    dataDir: config.dataDir ?? undefined,
    loadDataDir: config.loadDataDir,
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(config.walSegmentMb ? { initDbStartParams: [`--wal-segsize=${config.walSegmentMb}`] } : {}),
  });
  const db = drizzlePglite({ client, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    // A checkpoint first, so that the dump holds every write in the data files, not only in the WAL.
    dump: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
  };
}

/** Several API processes may start at once on one server: an advisory lock lets one migrate at a time. */
async function migratePostgres(url: string): Promise<void> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.end();
  }
}
