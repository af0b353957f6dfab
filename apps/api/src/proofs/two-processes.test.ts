import { placeProducts } from '@storefront/db/schema/catalogue';
import { stockMovements } from '@storefront/db/schema/orders';
import { openTestDatabase } from '@storefront/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { picture } from '../modules/media/image-test-files.ts';
import { createMembers, pickupBody, tomorrow } from '../modules/orders/orders.fixtures.ts';
import { openOrderStream } from '../test/order-stream-client.ts';
import { hasPostgres } from '../test/proof-requirements.ts';
import { callServer as call, killServer, type ServerProcess, startServer } from '../test/server-process.ts';

// Two real API processes on one PostgreSQL, with requests alternating between them: nothing that
// matters lives in one process's memory (architecture §1). PostgreSQL only: PGlite is one process's
// embedded database and refuses a second server on its folder (server.test.ts).

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let servers: ServerProcess[] = [];

const onPostgres = hasPostgres();

describe.skipIf(!onPostgres)(
  'two API processes on one PostgreSQL (skipped on PGlite: one process per data folder)',
  () => {
    beforeAll(async () => {
      database = await openTestDatabase('demo');
      const url = database.url as string;
      servers = await Promise.all([startServer({ DATABASE_URL: url }), startServer({ DATABASE_URL: url })]);
    }, 90_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => killServer(server)));
      await database?.close();
    });
    const other = (i: number) => servers[i % 2] as ServerProcess;

    it('keeps a session made on one process on the other, and its end on both', async () => {
      const login = await call(other(0), '/v5/login/', {
        method: 'POST',
        body: { email: 'socio@demo.pe', password: 'Demo1234!' },
      });
      expect(login.status).toBe(200);
      const token = login.json.token as string;
      expect((await call(other(1), '/v5/me/', { token })).json.email).toBe('socio@demo.pe');
      expect((await call(other(1), '/v5/logout/', { method: 'POST', token })).status).toBe(200);
      expect((await call(other(0), '/v5/me/', { token })).status).toBe(401);
    });

    it('ends an order-board stream on one process when its session logs out on the other', async () => {
      const login = await call(other(0), '/v5/login/', {
        method: 'POST',
        body: { email: 'tienda@demo.pe', password: 'Demo1234!' },
      });
      const token = login.json.token as string;
      const stream = await openOrderStream(other(1).base, token, PLACE);
      stream.since();
      expect((await call(other(0), '/v5/logout/', { method: 'POST', token })).status).toBe(200);
      await stream.ended;
    });

    it('serves from one process an image uploaded through the other, with the same ETag', async () => {
      const session = await call(other(0), '/admin/session/', {
        method: 'POST',
        body: { email: 'dueno@demo.pe', password: 'Demo1234!' },
      });
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await picture('png', 700, 500))], { type: 'image/png' }),
        'foto.png',
      );
      const upload = await fetch(`${other(0).base}/admin/companies/demo-main/images/`, {
        method: 'POST',
        headers: { authorization: `Token ${session.json.token}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const { urls } = (await upload.json()) as { urls: Record<string, string> };
      const file = (i: number) =>
        fetch(`${other(i).base.replace(/\/api$/, '')}${urls['640']}`, { headers: { host: 'localhost' } });
      const [first, second] = [await file(0), await file(1)];
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.headers.get('content-type')).toBe('image/webp');
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    });

    it('reads through one process the cart saved through the other', async () => {
      const [token] = await createMembers(database.db, 1, 'cart');
      const line = { uid: PRODUCT, quantity: 2, option_groups: [], direct_purchase: false };
      const saved = await call(other(0), '/v5/me/shopping-cart/', {
        method: 'POST',
        token,
        body: { place: PLACE, products: [line] },
      });
      expect(saved.status).toBe(200);
      const read = await call(other(1), `/v5/me/shopping-cart/?place_uid=${PLACE}`, { token });
      expect(read.json.products).toEqual([line]);
    });

    it('counts login failures across both processes', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await call(other(i), '/v5/login/', {
          method: 'POST',
          body: { email: 'tienda@demo.pe', password: `wrong-${i}` },
        });
        statuses.push(res.status);
      }
      // Five failures per account in 15 minutes, sent to both processes in turn; the sixth is refused.
      expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429]);
    });

    it('sells exactly the stock when 50 members order a stock-3 product through both processes', async () => {
      await database.db
        .update(placeProducts)
        .set({ stock: 3 })
        .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, PRODUCT)));
      const tokens = await createMembers(database.db, 50, 'race');
      const date = tomorrow();
      const schedule = await call(other(0), `/v7/places/${PLACE}/pickup-schedule/?date=${date}`);
      const [slot] = schedule.json.slots as { start_time: string; end_time: string }[];
      const body = pickupBody(
        { pickup_date: date, start_time: slot?.start_time ?? '', end_time: slot?.end_time ?? '' },
        [{ uid: PRODUCT, quantity: 1, option_groups: [], direct_purchase: false }],
      );
      const results = await Promise.all(
        tokens.map((token, i) =>
          call(other(i), `/v5/places/${PLACE}/orders/`, { method: 'POST', token, body }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s !== 201 && s !== 400)).toEqual([]);
      const [row] = await database.db
        .select({ stock: placeProducts.stock })
        .from(placeProducts)
        .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, PRODUCT)));
      expect(row?.stock).toBe(0);
      const moves = await database.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.productUid, PRODUCT));
      expect(moves.filter((m) => m.quantity < 0)).toHaveLength(3);
    }, 60_000);
  },
);
