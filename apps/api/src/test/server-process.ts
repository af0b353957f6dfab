import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '@storefront/db/client';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { importTenantFile } from '@storefront/db/tenant-import';
import { and, eq } from 'drizzle-orm';
import { DEMO_MEMBER_UID } from '../modules/orders/orders.fixtures.ts';
import { issueToken } from '../modules/sessions/sessions.service.ts';
import { DEMO_FILE } from './test-app.ts';

// The real API server as a child process (node --import tsx apps/api/src/server.ts), for the proofs that
// need processes: several servers on one database, kill -9 in the middle of writes.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** A loopback port the system has just found free (it hands out another one next). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server and resolves once it listens; `env` picks the database (DATABASE_URL or DATA_DIR).
 * `wrapper` runs it inside another command, e.g. `unshare --pid --fork` for its own pid namespace.
 * Without a `port`, it takes a free one, and tries another if some other process took it meanwhile
 * (the memory budget's load and other suites' servers run beside these proofs).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  port?: number,
  wrapper: string[] = [],
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, port ?? (await freePort()), wrapper);
    } catch (error) {
      if (port !== undefined || attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

function startOnce(env: NodeJS.ProcessEnv, port: number, wrapper: string[]): Promise<ServerProcess> {
  const { DATABASE_URL: _unset, DATA_DIR: _unset2, ...inherited } = process.env;
  const command = [...wrapper, process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, base: `http://127.0.0.1:${port}/api`, exited, output: () => output };
  return new Promise((resolve, reject) => {
    // Generous: on a loaded 2-core machine, migrations and the demo import take a while.
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Storefront and API on')) {
        clearTimeout(timer);
        resolve(server);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
}

/** A JSON call to a server process as the demo app (host localhost), with a member's token if given. */
export async function callServer(
  server: ServerProcess,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${server.base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      host: 'localhost',
      ...(init.token ? { authorization: `Token ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * A data folder for server processes to start on: the demo imported, one product's stock at one place
 * set (null: not counted), then whatever else `prepare` writes. Answers the demo member's token.
 */
export async function prepareDemoFolder(
  dataDir: string,
  { placeUid, productUid, stock }: { placeUid: string; productUid: string; stock: number | null },
  prepare: (db: Database) => Promise<unknown> = async () => {},
): Promise<string> {
  const setup = await openDatabase({ dataDir });
  try {
    await importTenantFile(setup.db, JSON.parse(readFileSync(DEMO_FILE, 'utf8')), { includeDemoUsers: true });
    await setup.db
      .update(placeProducts)
      .set({ stock })
      .where(and(eq(placeProducts.placeUid, placeUid), eq(placeProducts.productUid, productUid)));
    await prepare(setup.db);
    return await issueToken(setup.db, { uid: DEMO_MEMBER_UID, appUid: 'demo' });
  } finally {
    await setup.close();
  }
}

/** SIGKILL, then wait for the exit. */
export async function killServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** A GET with its Host header (fetch drops it), as a browser on that domain asks: the tenant is the host's. */
export const getAs = (host: string, url: string) =>
  new Promise<{ status: number; body: string }>((done, fail) => {
    request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    })
      .on('error', fail)
      .end();
  });
