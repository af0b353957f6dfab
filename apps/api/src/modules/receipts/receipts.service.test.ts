import { randomUUID } from 'node:crypto';
import { type OrderItem, orders } from '@storefront/db/schema/orders';
import { companyEInvoicing, placeReceiptSeries, receipts } from '@storefront/db/schema/receipts';
import { places } from '@storefront/db/schema/tenancy';
import { DEV_SECRETS_KEY, encryptSecret } from '@storefront/db/secrets';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { DEMO_MEMBER_UID } from '../orders/orders.fixtures.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { ReceiptRefused } from './receipt-refused.ts';
import { COMPANY_BUYER, ISSUER, makeCertificate } from './receipts.fixtures.ts';
import { issueReceipt } from './receipts.service.ts';

// Architecture §12: numbers are consecutive per series with no gap and no repeat under any concurrency,
// taken in the transaction that records the receipt; a refused build gives its number back.

let t: Awaited<ReturnType<typeof createTestApp>>;
let order: OrderRow;

const item = (name: string, quantity: number, unitPrice: number, options: string[] = []): OrderItem => ({
  uid: `product-${name}`,
  name,
  quantity,
  unitPrice,
  price: unitPrice * quantity,
  coinPrice: 0,
  isRedeemable: false,
  directPurchase: false,
  optionGroups: options.length
    ? [{ uid: 'extras', name: 'Extras', options: options.map((o) => ({ uid: o, name: o, price: 0 })) }]
    : [],
});

beforeAll(async () => {
  t = await createTestApp();
  const [place] = await t.db.select().from(places).limit(1);
  if (!place) throw new Error('the demo has no place');
  // Two lomos with an egg, a chicha, a S/ 5.00 delivery and a S/ 10.00 coupon: S/ 72.00.
  const [inserted] = await t.db
    .insert(orders)
    .values({
      uid: randomUUID(),
      number: 90_001,
      status: 'RECEIVED',
      appUid: place.appUid,
      companyUid: place.companyUid,
      placeUid: place.uid,
      userUid: DEMO_MEMBER_UID,
      orderType: 'DELIVERY',
      paymentType: 'CASH',
      pickupDate: '2026-12-07',
      startTime: '12:00',
      endTime: '12:30',
      userData: {
        full_name: 'Rosa Quispe',
        document_type: 'DNI',
        document_number: '45678912',
        email: 'rosa@example.com',
        contact_number: '987654321',
      },
      coins: 0,
      items: [item('Lomo saltado', 2, 3250, ['Huevo frito']), item('Chicha morada', 1, 1200)],
      subtotal: 7700,
      deliveryPrice: 500,
      discount: 1000,
      couponUid: null,
      couponCode: 'BIENVENIDA',
      price: 7200,
      giftCardAmount: 0,
    })
    .returning();
  if (!inserted) throw new Error('order not inserted');
  order = inserted;
  const certificate = makeCertificate();
  await t.db.insert(companyEInvoicing).values({
    companyUid: order.companyUid,
    enabled: true,
    ruc: ISSUER.ruc,
    legalName: ISSUER.legalName,
    address: ISSUER.address,
    igvPercent: '18.00',
    certificateEncrypted: encryptSecret(DEV_SECRETS_KEY, certificate.pkcs12.toString('base64')),
    certificatePasswordEncrypted: encryptSecret(DEV_SECRETS_KEY, certificate.password),
  });
  await t.db.insert(placeReceiptSeries).values({
    placeUid: order.placeUid,
    companyUid: order.companyUid,
    establishmentCode: '0000',
    boletaSeries: 'B001',
    facturaSeries: 'F001',
    boletaNoteSeries: 'BC01',
    facturaNoteSeries: 'FC01',
  });
}, 120_000);
afterAll(() => t?.close());

const issue = (request?: Parameters<typeof issueReceipt>[2]) =>
  t.db.transaction((tx) => issueReceipt(tx, order, request));

describe('issueReceipt', () => {
  it('gives 50 issues at once on a new series 50 consecutive numbers, none missing or repeated', async () => {
    const issued = await Promise.all(Array.from({ length: 50 }, () => issue()));
    const numbers = issued.map((receipt) => receipt?.number ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int`, max: sql<number>`max(${receipts.number})` })
      .from(receipts)
      .where(eq(receipts.series, 'B001'));
    expect(row).toEqual({ n: 50, max: 50 });
  });

  it('records a boleta to the member’s document, PENDING, with the order’s amounts', async () => {
    const receipt = await issue();
    // The coupon spread over 65.00 and 12.00: 8.44 and 1.56; then each price ÷ 1.18, half up:
    // 56.56 → 47.93, 10.44 → 8.85, the delivery 5.00 → 4.24.
    expect(receipt).toMatchObject({
      type: 'BOLETA',
      series: 'B001',
      number: 51,
      status: 'PENDING',
      valueCents: 6102,
      igvCents: 1098,
      totalCents: 7200,
      orderUid: order.uid,
    });
    expect(receipt?.xml).toContain('<cbc:ID>B001-51</cbc:ID>');
    // Signed by the sender, after the commit.
    expect(receipt?.xml).not.toContain('<ds:Signature');
    expect(receipt?.hash).toBeNull();
  });

  it('gives a refused build’s number back, whether the caller goes on or rolls back', async () => {
    // A factura to a buyer with no RUC is refused after its number was taken: the savepoint returns it.
    await expect(
      issue({ kind: 'FACTURA', buyer: { documentType: 'DNI', documentNumber: '45678912', name: 'Rosa' } }),
    ).rejects.toThrow(ReceiptRefused);
    // A caller whose transaction fails after the issue gives its number back too.
    await expect(
      t.db.transaction(async (tx) => {
        await issueReceipt(tx, order, { kind: 'FACTURA', buyer: COMPANY_BUYER });
        throw new Error('the payment failed after all');
      }),
    ).rejects.toThrow('the payment failed after all');
    const factura = await issue({ kind: 'FACTURA', buyer: COMPANY_BUYER });
    expect(factura).toMatchObject({ series: 'F001', number: 1 });
    expect((await issue())?.number).toBe(52);
  });

  it('issues nothing while e-invoicing is off, and never deletes a receipt', async () => {
    await expect(t.db.delete(receipts).where(eq(receipts.series, 'F001'))).rejects.toThrow();
    await t.db
      .update(companyEInvoicing)
      .set({ enabled: false })
      .where(eq(companyEInvoicing.companyUid, order.companyUid));
    expect(await issue()).toBeNull();
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(receipts);
    expect(row?.n).toBe(53);
  });
});
