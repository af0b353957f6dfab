import { orders } from '@storefront/db/schema/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { localNow } from '../../catalogue/pickup-schedule.ts';
import { auth, demoMemberToken, firstSlot, pickupBody } from '../../orders/orders.fixtures.ts';
import { type AdminTokens, adminTenantFile, adminTokens, as, COMPANY } from '../admin.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let orderUid: string;
const base = `/api/admin/companies/${COMPANY}`;
const get = (path: string, token = tokens.manager) =>
  t.app.inject({ url: `${base}/${path}`, headers: as(token) });
const move = (uid: string, status: string, token = tokens.manager) =>
  t.app.inject({ method: 'PATCH', url: `${base}/orders/${uid}/`, headers: as(token), payload: { status } });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  const member = await demoMemberToken(t.db);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v5/places/place-miraflores/orders/',
    headers: auth(member),
    payload: pickupBody(await firstSlot(t.app), [
      { uid: 'p-causa-limena', quantity: 1, option_groups: [], direct_purchase: false },
    ]),
  });
  if (placed.statusCode !== 201) throw new Error(placed.body);
  orderUid = placed.json().uid;
});
afterAll(() => t.close());

describe('admin orders', () => {
  it('lists the company orders with filters, newest first', async () => {
    const all = (await get('orders/')).json();
    expect(all.results[0]).toMatchObject({
      uid: orderUid,
      status: 'RECEIVED',
      place: { uid: 'place-miraflores' },
      moves: ['ACCEPTED', 'CANCELED_BY_PLACE'],
    });
    const today = localNow(new Date(), 'America/Lima').date;
    const count = async (query: string) => (await get(`orders/?${query}`)).json().count as number;
    expect(
      await count(`place=place-miraflores&status=RECEIVED&type=PICKUP&date=${today}`),
    ).toBeGreaterThanOrEqual(1);
    expect(await count('type=DELIVERY&status=RECEIVED&place=place-miraflores')).toBe(
      all.results.filter(
        (o: { order_type: string; status: string; place: { uid: string } }) =>
          o.order_type === 'DELIVERY' && o.status === 'RECEIVED' && o.place.uid === 'place-miraflores',
      ).length,
    );
    expect(await count('date=2000-01-01')).toBe(0);
    // A range of days, both included, on the place's clock.
    expect(await count(`since=${today}&until=${today}`)).toBe(all.count);
    expect(await count(`since=2000-01-01&until=${today}`)).toBe(all.count);
    expect(await count('until=2000-01-01')).toBe(0);
    expect(await count('since=2999-01-01')).toBe(0);
    expect(await count('place=place-cayma&status=RECEIVED')).toBe(0);
    const rival = await t.app.inject({
      url: '/api/admin/companies/rival-main/orders/',
      headers: as(tokens.rivalOwner),
    });
    expect(rival.json().count).toBe(0);
  });

  it('moves an order as the board does, audited, and refuses a move the state machine forbids', async () => {
    expect((await move(orderUid, 'SHIPPED')).statusCode).toBe(400);
    const accepted = await move(orderUid, 'ACCEPTED');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('ACCEPTED');
    // A pickup order, once accepted, is delivered or canceled next (never shipped).
    expect(accepted.json().moves).toEqual(['DELIVERED', 'CANCELED_BY_PLACE']);
    const detail = (await get(`orders/${orderUid}/`)).json();
    expect(detail.status).toBe('ACCEPTED');
    const log = (await get(`audit-log/?object_type=order`, tokens.owner)).json();
    expect(log.results[0]).toMatchObject({
      object_uid: orderUid,
      before: { status: 'RECEIVED' },
      after: { status: 'ACCEPTED' },
    });
  });

  it('answers nothing for a place of another company, though that place has orders', async () => {
    // The member's order again, as the rival company's at its own place.
    const [mine] = await t.db.select().from(orders).where(eq(orders.uid, orderUid));
    if (!mine) throw new Error('the order is missing');
    const [theirs] = await t.db
      .insert(orders)
      .values({ ...mine, uid: undefined, companyUid: 'rival-main', placeUid: 'place-rival' })
      .returning({ uid: orders.uid });
    const rivalList = await t.app.inject({
      url: '/api/admin/companies/rival-main/orders/?place=place-rival',
      headers: as(tokens.rivalOwner),
    });
    expect(rivalList.json().results.map((order: { uid: string }) => order.uid)).toEqual([theirs?.uid]);
    // As the other filters of a list do (availability's place, places' city), another company's place
    // matches none of this company's orders: an empty list, not theirs.
    const foreign = await get('orders/?place=place-rival');
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toMatchObject({ count: 0, results: [] });
    await t.db.delete(orders).where(eq(orders.companyUid, 'rival-main'));
  });

  it("answers 404 for another company's order and 400 for bad input", async () => {
    const theirs = await t.app.inject({
      url: `/api/admin/companies/rival-main/orders/${orderUid}/`,
      headers: as(tokens.rivalOwner),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await get('orders/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
    for (const path of [
      'orders/?status=LOST',
      'orders/?type=TAKEAWAY',
      'orders/?date=2026-02-30',
      'orders/?since=yesterday',
      'orders/?until=2026-13-01',
      'orders/?search=x',
      'orders/not-a-uuid/',
    ])
      expect((await get(path)).statusCode, path).toBe(400);
    for (const status of ['RECEIVED', 'CANCELED_BY_USER', '', 7])
      expect((await move(orderUid, status as string)).statusCode).toBe(400);
  });
});
