import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@storefront/db/client';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { orderStatusHistory, orders, stockMovements } from '@storefront/db/schema/orders';
import { importTenantFile } from '@storefront/db/tenant-import';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_FILE } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { DEMO_MEMBER_UID, pickupBody, tomorrow } from './orders.fixtures.ts';

// The real server in a child process, killed with SIGKILL in the middle of a stream of orders: every
// order it answered 201 must survive with its stock movement, and no order may be half written.
// PGlite only: on PostgreSQL durability is the server's, not this process's.

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const INITIAL_STOCK = 100_000;
const dataDir = mkdtempSync(join(tmpdir(), 'orders-crash-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}/api`;
let child: ChildProcess | null = null;

function serverEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return {
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  };
}

function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: serverEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 20_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Storefront and API on')) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const exited = (proc: ChildProcess) => new Promise((resolve) => proc.once('exit', resolve));

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('orders survive kill -9', () => {
  it('keeps every order answered 201, with its stock movement, and no partial order', async () => {
    // Prepare the data folder: demo data, a large stock, a member token.
    const setup = await openDatabase({ dataDir });
    await importTenantFile(setup.db, JSON.parse(readFileSync(DEMO_FILE, 'utf8')), { includeDemoUsers: true });
    await setup.db
      .update(placeProducts)
      .set({ stock: INITIAL_STOCK })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, PRODUCT)));
    const token = await issueToken(setup.db, { uid: DEMO_MEMBER_UID, appUid: 'demo' });
    await setup.close();

    child = await startServer();
    const date = tomorrow();
    const schedule = await (await fetch(`${base}/v7/places/${PLACE}/pickup-schedule/?date=${date}`)).json();
    const slot = {
      pickup_date: date,
      start_time: schedule.slots[0].start_time,
      end_time: schedule.slots[0].end_time,
    };
    const body = JSON.stringify(
      pickupBody(slot, [{ uid: PRODUCT, quantity: 1, option_groups: [], direct_purchase: false }]),
    );
    const answered: string[] = [];
    let sent = 0;
    const refused: string[] = [];
    const stream = async () => {
      for (;;) {
        sent += 1;
        try {
          const res = await fetch(`${base}/v5/places/${PLACE}/orders/`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Token ${token}`,
              host: 'localhost',
            },
            body,
          });
          const json = await res.json();
          if (res.status === 201) answered.push(json.uid);
          else refused.push(`${res.status} ${JSON.stringify(json)}`);
        } catch {
          return; // the server is gone
        }
      }
    };
    const streams = Array.from({ length: 4 }, stream);
    // Kill it mid-stream, after a batch of orders has been answered.
    while (answered.length < 60 && refused.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(refused).toEqual([]);
    child.kill('SIGKILL');
    await Promise.all([exited(child), ...streams]);
    expect(sent).toBeGreaterThan(answered.length);

    child = await startServer();
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    child.kill('SIGTERM');
    await exited(child);

    const check = await openDatabase({ dataDir });
    try {
      const rows = await check.db.select().from(orders);
      const uids = new Set(rows.map((row) => row.uid));
      for (const uid of answered) expect(uids.has(uid)).toBe(true);
      const moves = await check.db.select().from(stockMovements);
      const history = await check.db.select().from(orderStatusHistory);
      for (const row of rows) {
        expect(moves.filter((m) => m.orderUid === row.uid).map((m) => m.quantity)).toEqual([-1]);
        expect(history.filter((h) => h.orderUid === row.uid)).toHaveLength(1);
      }
      const [stock] = await check.db
        .select({ stock: placeProducts.stock })
        .from(placeProducts)
        .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, PRODUCT)));
      expect(stock?.stock).toBe(INITIAL_STOCK - rows.length);
      const numbers = rows.map((row) => row.number).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    } finally {
      await check.close();
    }
  }, 90_000);
});
