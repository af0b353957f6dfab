import { randomUUID } from 'node:crypto';
import { orders } from '@storefront/db/schema/orders';
import { companyEInvoicing, placeReceiptSeries, receipts } from '@storefront/db/schema/receipts';
import { staffRoles, users } from '@storefront/db/schema/users';
import { eq, sql } from 'drizzle-orm';
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
} from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { COMPANY_BUYER, ISSUER } from './receipts.fixtures.ts';

// Architecture §12, "When": a receipt is issued when a transfer is confirmed (as when a charge is
// approved: both move the order PENDING_PAYMENT → RECEIVED), and for cash at the door when the order
// is DELIVERED; the order body's `receipt` chooses a factura, whose RUC is checked at checkout.

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';

let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
let staff: string;
let price: number;

beforeAll(async () => {
  t = await createTestApp();
  slot = await firstSlot(t.app);
  const uid = randomUUID();
  await t.db
    .insert(users)
    .values({ uid, appUid: 'demo', email: `${uid}@staff.pe`, firstName: 'Staff', lastName: 'Caja' });
  await t.db
    .insert(staffRoles)
    .values({ userUid: uid, companyUid: 'demo-main', role: 'STAFF', placeUids: [PLACE] });
  staff = await issueToken(t.db, { uid, appUid: 'demo' });
  await setStock(t.db, PLACE, PRODUCT, 100);
  await t.db.insert(companyEInvoicing).values({
    companyUid: 'demo-main',
    enabled: true,
    ruc: ISSUER.ruc,
    legalName: ISSUER.legalName,
    address: ISSUER.address,
  });
  await t.db.insert(placeReceiptSeries).values({
    placeUid: PLACE,
    companyUid: 'demo-main',
    establishmentCode: '0001',
    boletaSeries: 'B002',
    facturaSeries: 'F002',
    boletaNoteSeries: 'BC02',
    facturaNoteSeries: 'FC02',
  });
}, 120_000);
afterAll(() => t?.close());

async function order(extra: Record<string, unknown>) {
  const [member] = await createMembers(t.db, 1, 'receipts');
  const res = await postOrder(t.app, {
    token: member as string,
    payload: pickupBody(slot, [orderLine(PRODUCT)], extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  price = Math.round(Number(res.json().price) * 100);
  return res.json().uid as string;
}
const staffCall = (method: 'POST' | 'PATCH', path: string, payload: object) =>
  t.app.inject({ method, url: `/api/v5/retail/orders/${path}`, headers: auth(staff), payload });
const receiptsOf = (orderUid: string) => t.db.select().from(receipts).where(eq(receipts.orderUid, orderUid));

const FACTURA = {
  type: 'FACTURA',
  document_type: 'RUC',
  document_number: COMPANY_BUYER.documentNumber,
  legal_name: COMPANY_BUYER.name,
  address: COMPANY_BUYER.address,
};

describe('when a receipt is issued', () => {
  it('refuses a factura without a valid RUC, legal name and address, and places no order', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const [member] = await createMembers(t.db, 1, 'refused');
    const res = await postOrder(t.app, {
      token: member as string,
      payload: pickupBody(slot, [orderLine(PRODUCT)], {
        receipt: { type: 'FACTURA', document_type: 'RUC', document_number: '20987654327' },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      'receipt.document_number': ['El RUC no es válido.'],
      'receipt.legal_name': ['Este campo es requerido.'],
      'receipt.address': ['Este campo es requerido.'],
    });
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after).toEqual(before);
  });

  it('issues a cash order’s factura when it is DELIVERED, not before', async () => {
    const uid = await order({ receipt: FACTURA });
    const [stored] = await t.db.select({ receipt: orders.receipt }).from(orders).where(eq(orders.uid, uid));
    expect(stored?.receipt).toEqual(FACTURA);
    expect((await staffCall('PATCH', `${uid}/`, { status: 'ACCEPTED' })).statusCode).toBe(200);
    expect(await receiptsOf(uid)).toEqual([]);
    const delivered = await staffCall('PATCH', `${uid}/`, { status: 'DELIVERED' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [receipt] = await receiptsOf(uid);
    expect(receipt).toMatchObject({
      type: 'FACTURA',
      series: 'F002',
      number: 1,
      status: 'PENDING',
      totalCents: price,
    });
    expect(receipt?.xml).toContain('<cbc:ID schemeID="6"');
    expect(receipt?.xml).toContain('20987654326');
  });

  it('issues a transfer’s boleta, naming the member’s DNI, when staff confirm it', async () => {
    const uid = await order({ payment_type: 'TRANSFER' });
    expect(await receiptsOf(uid)).toEqual([]);
    const settled = await staffCall('POST', `${uid}/payment/`, { operation_number: 'OP-778899' });
    expect(settled.statusCode, settled.body).toBe(200);
    const [receipt] = await receiptsOf(uid);
    expect(receipt).toMatchObject({ type: 'BOLETA', series: 'B002', number: 1, totalCents: price });
    expect(receipt?.xml).toContain('44556677');
  });

  it('issues nothing while the company’s e-invoicing is off', async () => {
    await t.db
      .update(companyEInvoicing)
      .set({ enabled: false })
      .where(eq(companyEInvoicing.companyUid, 'demo-main'));
    const uid = await order({ payment_type: 'TRANSFER' });
    expect((await staffCall('POST', `${uid}/payment/`, { operation_number: 'OP-112233' })).statusCode).toBe(
      200,
    );
    expect(await receiptsOf(uid)).toEqual([]);
  });
});
