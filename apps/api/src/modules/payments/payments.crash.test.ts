import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@storefront/db/client';
import { orders } from '@storefront/db/schema/orders';
import { payments } from '@storefront/db/schema/payments';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../app.ts';
import { killServer, prepareDemoFolder, type ServerProcess, startServer } from '../../test/server-process.ts';
import { orderLine, pickupBody, tomorrow } from '../orders/orders.fixtures.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { reconcilePayments, SETTLE_AFTER_MS } from './payments.reconcile.ts';
import { startFakeProviders } from './sandbox/fake-server.ts';

// The real server in a child process, paying by card against the fake provider, killed with SIGKILL at
// a random point between orders, charges and confirmations, then restarted; after the reconciliation,
// every approved charge belongs to exactly one received order or has been refunded, and no received
// order lacks its approved charge. PGlite only (durability on PostgreSQL is the server's).

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const dataDir = mkdtempSync(join(tmpdir(), 'payments-crash-'));
let server: ServerProcess | null = null;
let fake: Awaited<ReturnType<typeof startFakeProviders>> | null = null;

afterAll(async () => {
  if (server) await killServer(server);
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('card payments survive kill -9', () => {
  it('leaves no approved charge without its one received order (or a refund), and no order unpaid', async () => {
    fake = await startFakeProviders();
    const token = await prepareDemoFolder(
      dataDir,
      { placeUid: PLACE, productUid: PRODUCT, stock: 100_000 },
      (db) => useProvider(db, 'CULQI'),
    );

    const env = { DATA_DIR: dataDir, CULQI_API_URL: fake.culqiUrl, MERCADOPAGO_API_URL: fake.mercadopagoUrl };
    for (let round = 0; round < 2; round++) {
      server = await startServer(env);
      const { base } = server;
      const date = tomorrow();
      const schedule = await (await fetch(`${base}/v7/places/${PLACE}/pickup-schedule/?date=${date}`)).json();
      const slot = {
        pickup_date: date,
        start_time: schedule.slots[0].start_time,
        end_time: schedule.slots[0].end_time,
      };
      let answered = 0;
      const stream = async () => {
        for (;;) {
          try {
            const payment_token = await cardToken(fake?.base ?? '', 'CULQI');
            const res = await fetch(`${base}/v5/places/${PLACE}/orders/`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Token ${token}`,
                host: 'localhost',
              },
              body: JSON.stringify(
                pickupBody(slot, [orderLine(PRODUCT)], {
                  payment_type: 'ONLINE_CARD',
                  payment_token,
                  billing,
                }),
              ),
            });
            if (res.status === 201) answered++;
          } catch {
            return; // the server is gone
          }
        }
      };
      const streams = Array.from({ length: 4 }, stream);
      // Killed at a random point once some orders went through: mid-order, mid-charge or mid-confirmation.
      const target = 10 + Math.floor(Math.random() * 20);
      while (answered < target) await new Promise((resolve) => setTimeout(resolve, 10));
      await killServer(server);
      server = null;
      await Promise.all(streams);
    }
    server = await startServer(env);
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    await killServer(server, 'SIGTERM');
    server = null;

    const check = await openDatabase({ dataDir });
    try {
      const config = { CULQI_API_URL: fake.culqiUrl, MERCADOPAGO_API_URL: fake.mercadopagoUrl } as AppConfig;
      const deps = { db: check.db, config, log: silent };
      const later = new Date(Date.now() + SETTLE_AFTER_MS + 60_000);
      await reconcilePayments(deps, later);
      await reconcilePayments(deps, later);
      const rows = await check.db.select().from(orders);
      const paid = await check.db.select().from(payments);
      const paymentOf = new Map(paid.map((p) => [p.orderUid, p]));
      const charges = [...fake.fake.charges.values()].filter((c) => c.status === 'approved');
      expect(charges.length).toBeGreaterThan(0);
      for (const charge of charges) {
        const order = rows.find((row) => row.uid === charge.orderUid);
        const refunded = charge.refundedCents === charge.amountCents;
        const received = order?.status === 'RECEIVED' && paymentOf.get(order.uid)?.reference === charge.id;
        expect(refunded || received, `charge ${charge.id} of ${charge.orderUid}`).toBe(true);
      }
      for (const order of rows.filter((row) => row.status === 'RECEIVED')) {
        const mine = charges.filter((c) => c.orderUid === order.uid && c.refundedCents === 0);
        expect(mine, `order ${order.uid}`).toHaveLength(1);
        expect(paymentOf.get(order.uid)?.status).toBe('APPROVED');
      }
      // Nothing is left half-way: every order is received, failed or still within its hold.
      expect(
        rows.every((row) => row.status !== 'PENDING_PAYMENT' || paymentOf.get(row.uid)?.status === 'PENDING'),
      ).toBe(true);
    } finally {
      await check.close();
    }
  }, 600_000);
});
