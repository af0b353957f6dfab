import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@storefront/db/client';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { orderStatusHistory, orders, stockMovements } from '@storefront/db/schema/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { killServer, prepareDemoFolder, type ServerProcess, startServer } from '../../test/server-process.ts';
import { pickupBody, tomorrow } from './orders.fixtures.ts';

// The real server in a child process, killed with SIGKILL in the middle of a stream of orders: every
// order it answered 201 must survive with its stock movement, and no order may be half written.
// PGlite only: on PostgreSQL durability is the server's, not this process's.

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const INITIAL_STOCK = 100_000;
const dataDir = mkdtempSync(join(tmpdir(), 'orders-crash-'));
let server: ServerProcess | null = null;

afterAll(async () => {
  if (server) await killServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('orders survive kill -9', () => {
  it('keeps every order answered 201, with its stock movement, and no partial order', async () => {
    // Prepare the data folder: demo data, a large stock, a member token.
    const token = await prepareDemoFolder(dataDir, {
      placeUid: PLACE,
      productUid: PRODUCT,
      stock: INITIAL_STOCK,
    });

    server = await startServer({ DATA_DIR: dataDir });
    const { base } = server;
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
    await killServer(server);
    await Promise.all(streams);
    expect(sent).toBeGreaterThan(answered.length);

    server = await startServer({ DATA_DIR: dataDir });
    const health = await fetch(`${server.base}/health`);
    expect(health.status).toBe(200);
    await killServer(server, 'SIGTERM');

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
  }, 300_000);
});
