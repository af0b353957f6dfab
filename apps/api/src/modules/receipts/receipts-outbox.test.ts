import { randomUUID } from 'node:crypto';
import { type OrderItem, orders } from '@storefront/db/schema/orders';
import { companyEInvoicing, placeReceiptSeries, receipts } from '@storefront/db/schema/receipts';
import { places } from '@storefront/db/schema/tenancy';
import { DEV_SECRETS_KEY, encryptSecret } from '@storefront/db/secrets';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasXmlTools } from '../../test/proof-requirements.ts';
import { createTestApp } from '../../test/test-app.ts';
import { DEMO_MEMBER_UID } from '../orders/orders.fixtures.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { COMPANY_BUYER, ISSUER, makeCertificate } from './receipts.fixtures.ts';
import { issueReceipt } from './receipts.service.ts';
import { sendPendingReceipts } from './receipts-outbox.service.ts';
import { startFakeBillService } from './sandbox/fake-bill-service.ts';

// Architecture §12, sending: after the commit the outbox signs, zips and sends each factura with
// sendBill to the fake billService (which checks the schema, the signature and the amounts as SUNAT
// does), records the CDR and its state, and retries with backoff when SUNAT does not answer.

let t: Awaited<ReturnType<typeof createTestApp>>;
let sunat: Awaited<ReturnType<typeof startFakeBillService>>;
let order: OrderRow;
const certificate = makeCertificate();
const SOL = { solUser: 'MODDATOS', solPassword: 'moddatos' };
const config = {};

const item: OrderItem = {
  uid: 'p-ceviche',
  name: 'Ceviche clásico',
  quantity: 1,
  unitPrice: 3990,
  price: 3990,
  coinPrice: 0,
  isRedeemable: false,
  directPurchase: false,
  optionGroups: [],
};

beforeAll(async () => {
  sunat = await startFakeBillService([
    { ruc: ISSUER.ruc, ...SOL, certificatePem: certificate.certificatePem },
  ]);
  t = await createTestApp();
  const [place] = await t.db.select().from(places).limit(1);
  if (!place) throw new Error('the demo has no place');
  const [inserted] = await t.db
    .insert(orders)
    .values({
      uid: randomUUID(),
      number: 90_002,
      status: 'RECEIVED',
      appUid: place.appUid,
      companyUid: place.companyUid,
      placeUid: place.uid,
      userUid: DEMO_MEMBER_UID,
      orderType: 'DELIVERY',
      paymentType: 'ONLINE_CARD',
      pickupDate: '2026-12-07',
      startTime: '12:00',
      endTime: '12:30',
      userData: {
        full_name: 'Inversiones Andinas',
        document_type: 'TAX_ID',
        document_number: '20987654326',
        email: 'compras@andinas.pe',
        contact_number: '987654321',
      },
      items: [item],
      subtotal: 3990,
      deliveryPrice: 600,
      discount: 0,
      price: 4590,
      coins: 0,
    })
    .returning();
  if (!inserted) throw new Error('order not inserted');
  order = inserted;
  await t.db.insert(companyEInvoicing).values({
    companyUid: order.companyUid,
    enabled: true,
    ruc: ISSUER.ruc,
    legalName: ISSUER.legalName,
    address: ISSUER.address,
    solUser: SOL.solUser,
    solPasswordEncrypted: encryptSecret(DEV_SECRETS_KEY, SOL.solPassword),
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
afterAll(async () => {
  await t?.close();
  await sunat?.close();
});

const issueFactura = () =>
  t.db.transaction((tx) => issueReceipt(tx, order, { kind: 'FACTURA', buyer: COMPANY_BUYER }));
const stored = async (uid: string) => (await t.db.select().from(receipts).where(eq(receipts.uid, uid)))[0];
const pass = (now = new Date()) => sendPendingReceipts(t.db, config, sunat.url, undefined, now);

describe.skipIf(!hasXmlTools())('the receipts outbox', () => {
  it('signs and sends a factura, and records SUNAT’s acceptance with its CDR', async () => {
    const factura = await issueFactura();
    expect(await pass()).toEqual({ sent: 1, serverFailing: false });
    const row = await stored(factura?.uid ?? '');
    expect(row).toMatchObject({ status: 'ACCEPTED', sunatCode: '0', attempts: 1, nextAttemptAt: null });
    expect(row?.sunatMessage).toContain('F001-1');
    expect(row?.hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(row?.xml).toContain('<ds:Signature');
    expect(Object.keys(unzipSync(row?.cdr ?? new Uint8Array()))).toEqual([`R-${ISSUER.ruc}-01-F001-1.xml`]);
    // Nothing is sent twice.
    expect(await pass()).toEqual({ sent: 0, serverFailing: false });
  });

  it('waits with backoff while SUNAT does not answer, then sends the same signed document', async () => {
    const factura = await issueFactura();
    sunat.fake.outages = 1;
    const now = new Date();
    expect(await pass(now)).toEqual({ sent: 0, serverFailing: true });
    const waiting = await stored(factura?.uid ?? '');
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(waiting?.nextAttemptAt?.getTime()).toBe(now.getTime() + 60_000);
    // Not due yet.
    expect(await pass(new Date(now.getTime() + 30_000))).toEqual({ sent: 0, serverFailing: false });
    expect(await pass(new Date(now.getTime() + 60_000))).toEqual({ sent: 1, serverFailing: false });
    const sent = await stored(factura?.uid ?? '');
    expect(sent).toMatchObject({ status: 'ACCEPTED', attempts: 2, hash: waiting?.hash });
  });

  it('records a fault with SUNAT’s code and retries later', async () => {
    await t.db
      .update(companyEInvoicing)
      .set({ solPasswordEncrypted: encryptSecret(DEV_SECRETS_KEY, 'otra-clave') })
      .where(eq(companyEInvoicing.companyUid, order.companyUid));
    const factura = await issueFactura();
    const now = new Date();
    expect(await pass(now)).toEqual({ sent: 0, serverFailing: false });
    expect(await stored(factura?.uid ?? '')).toMatchObject({
      status: 'PENDING',
      sunatCode: '0102',
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + 60_000),
    });
  });
});
