import { randomUUID } from 'node:crypto';
import { errorMessage, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { orders } from '@storefront/db/schema/orders';
import { payments } from '@storefront/db/schema/payments';
import { staffAuditLog } from '@storefront/db/schema/retail';
import { staffRoles, users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  auth,
  createMembers,
  firstSlot,
  orderLine,
  pickupBody,
  postOrder,
  setStock,
  stockAt,
} from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';

// Staff confirming transfers (issue 43 items 6 and 10): one operation number confirmed two orders, a
// staff member confirmed their own order, and only the staff of the order's place may confirm it.

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';

let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
let staff: string;

/** A new user of the demo app with a staff role on `companyUid` in `placeUids`, and their token. */
async function staffOf(companyUid: string, placeUids: string[]) {
  const uid = randomUUID();
  await t.db
    .insert(users)
    .values({ uid, appUid: 'demo', email: `${uid}@staff.pe`, firstName: 'Staff', lastName: 'Test' });
  await t.db.insert(staffRoles).values({ userUid: uid, companyUid, role: 'STAFF', placeUids });
  return issueToken(t.db, { uid, appUid: 'demo' });
}

beforeAll(async () => {
  t = await createTestApp();
  slot = await firstSlot(t.app);
  staff = await staffOf('demo-main', [PLACE]);
  await setStock(t.db, PLACE, PRODUCT, 100);
}, 120_000);
afterAll(() => t?.close());

/** A transfer order of `token`'s (a new member's by default), waiting for staff. */
async function transferOrder(token?: string) {
  const res = await postOrder(t.app, {
    token: token ?? ((await createMembers(t.db, 1, 'transfer'))[0] as string),
    payload: pickupBody(slot, [orderLine(PRODUCT)], { payment_type: 'TRANSFER' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uid as string;
}

const settle = (uid: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v5/retail/orders/${uid}/payment/`,
    headers: auth(token),
    payload,
  });

/** The order, its payment and the staff's audit of it, as stored. */
async function stored(uid: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.uid, uid));
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderUid, uid));
  const audit = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectId, uid));
  return {
    order: order?.status,
    payment: payment?.status,
    reference: payment?.reference,
    audit: audit.length,
  };
}
const waiting = { order: 'PENDING_PAYMENT', payment: 'PENDING', reference: null, audit: 0 };

describe('an operation number', () => {
  it('confirms one order of the company: of two confirmations at once, one is refused', async () => {
    const [first, second] = [await transferOrder(), await transferOrder()] as [string, string];
    const other = await staffOf('demo-main', [PLACE]);
    const answers = await Promise.all([
      settle(first, staff, { operation_number: 'OP-777000' }),
      settle(second, other, { operation_number: 'OP-777000' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((res) => res.statusCode === 400);
    expect(refused?.json()).toEqual({ operation_number: [FIELD_MESSAGES.operationNumberUsed.es] });
    const loser = answers[0]?.statusCode === 400 ? first : second;
    expect(await stored(loser)).toEqual(waiting);
    // Written in another case, it is the same number; another number confirms the order.
    expect((await settle(loser, staff, { operation_number: 'op-777000' })).statusCode).toBe(400);
    expect(await stored(loser)).toEqual(waiting);
    const confirmed = await settle(loser, staff, { operation_number: 'OP-777001' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'RECEIVED', payment: { reference: 'OP-777001' } });
  });
});

describe('a staff member', () => {
  it('neither confirms nor rejects their own order; another staff member of the place does', async () => {
    const own = await transferOrder(staff);
    for (const payload of [{ operation_number: 'OP-555000' }, { reject: true }]) {
      const res = await settle(own, staff, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: errorMessage('FORBIDDEN', 'es') });
    }
    expect(await stored(own)).toEqual(waiting);
    const colleague = await staffOf('demo-main', [PLACE]);
    expect((await settle(own, colleague, { operation_number: 'OP-555000' })).statusCode).toBe(200);
  });
});

describe("the staff of the order's place", () => {
  it('alone confirm it: staff of another place or another company get 404, and nothing changes', async () => {
    const uid = await transferOrder();
    const stock = await stockAt(t.db, PLACE, PRODUCT);
    const outsiders = [
      // The same company, another of its places.
      await staffOf('demo-main', ['place-cayma']),
      // Another company (of another app), at its own place, and with a role naming this place.
      await staffOf('multi-cafe', ['multi-place-cafe']),
      await staffOf('multi-cafe', [PLACE]),
    ];
    for (const outsider of outsiders)
      for (const payload of [{ operation_number: 'OP-888000' }, { reject: true }]) {
        const res = await settle(uid, outsider, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: errorMessage('NOT_FOUND', 'es') });
      }
    expect(await stored(uid)).toEqual(waiting);
    expect(await stockAt(t.db, PLACE, PRODUCT)).toBe(stock);
    // The place's own staff confirm it.
    expect((await settle(uid, staff, { operation_number: 'OP-888000' })).statusCode).toBe(200);
    expect(await stored(uid)).toEqual({
      order: 'RECEIVED',
      payment: 'APPROVED',
      reference: 'OP-888000',
      audit: 1,
    });
  });
});
