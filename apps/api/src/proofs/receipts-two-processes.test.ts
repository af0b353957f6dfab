import { placeProducts } from '@storefront/db/schema/catalogue';
import { companyEInvoicing, placeReceiptSeries, receipts } from '@storefront/db/schema/receipts';
import { openTestDatabase } from '@storefront/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers, pickupBody, tomorrow } from '../modules/orders/orders.fixtures.ts';
import { ISSUER } from '../modules/receipts/receipts.fixtures.ts';
import { hasPostgres } from '../test/proof-requirements.ts';
import { callServer as call, killServer, type ServerProcess, startServer } from '../test/server-process.ts';

// Architecture §12: receipt numbers are consecutive per series under any concurrency. Two real API
// processes on one PostgreSQL confirm 30 transfers at once, alternating: each confirmation issues the
// order's boleta in its transaction, and the 30 boletas are numbered 1 to 30.

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const ORDERS = 30;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let servers: ServerProcess[] = [];

describe.skipIf(!hasPostgres())('receipt numbers across two API processes (PostgreSQL only)', () => {
  beforeAll(async () => {
    database = await openTestDatabase('demo');
    await database.db.insert(companyEInvoicing).values({
      companyUid: 'demo-main',
      enabled: true,
      ruc: ISSUER.ruc,
      legalName: ISSUER.legalName,
      address: ISSUER.address,
    });
    await database.db.insert(placeReceiptSeries).values({
      placeUid: PLACE,
      companyUid: 'demo-main',
      establishmentCode: '0000',
      boletaSeries: 'B007',
      facturaSeries: 'F007',
      boletaNoteSeries: 'BC07',
      facturaNoteSeries: 'FC07',
    });
    await database.db
      .update(placeProducts)
      .set({ stock: 100 })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, PRODUCT)));
    const url = database.url as string;
    servers = await Promise.all([startServer({ DATABASE_URL: url }), startServer({ DATABASE_URL: url })]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => killServer(server)));
    await database?.close();
  });
  const other = (i: number) => servers[i % 2] as ServerProcess;

  it('numbers 30 boletas issued at once through both processes 1 to 30', async () => {
    const tokens = await createMembers(database.db, ORDERS, 'receipt');
    const date = tomorrow();
    const schedule = await call(other(0), `/v7/places/${PLACE}/pickup-schedule/?date=${date}`);
    const [slot] = schedule.json.slots as { start_time: string; end_time: string }[];
    const body = pickupBody(
      { pickup_date: date, start_time: slot?.start_time ?? '', end_time: slot?.end_time ?? '' },
      [{ uid: PRODUCT, quantity: 1, option_groups: [], direct_purchase: false }],
      { payment_type: 'TRANSFER' },
    );
    const placed = await Promise.all(
      tokens.map((token, i) =>
        call(other(i), `/v5/places/${PLACE}/orders/`, { method: 'POST', token, body }),
      ),
    );
    expect(placed.map((res) => res.status)).toEqual(tokens.map(() => 201));
    const login = await call(other(0), '/v5/login/', {
      method: 'POST',
      body: { email: 'tienda@demo.pe', password: 'Demo1234!' },
    });
    const staff = login.json.token as string;
    const confirmed = await Promise.all(
      placed.map((res, i) =>
        call(other(i + 1), `/v5/retail/orders/${res.json.uid}/payment/`, {
          method: 'POST',
          token: staff,
          body: { operation_number: `OP-${1000 + i}` },
        }),
      ),
    );
    expect(confirmed.map((res) => res.status)).toEqual(placed.map(() => 200));
    const issued = await database.db.select().from(receipts).where(eq(receipts.series, 'B007'));
    expect(issued.map((receipt) => receipt.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: ORDERS }, (_, i) => i + 1),
    );
    expect(new Set(issued.map((receipt) => receipt.orderUid)).size).toBe(ORDERS);
  });
});
