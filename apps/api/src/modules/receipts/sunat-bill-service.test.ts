import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasXmlTools } from '../../test/proof-requirements.ts';
import { saleAmounts } from './receipt-amounts.ts';
import { buildSaleReceipt, type ReceiptDocument } from './receipt-document.ts';
import { receiptZip } from './receipt-package.ts';
import { signReceipt } from './receipt-signature.ts';
import { COMPANY_BUYER, ISSUER, makeCertificate } from './receipts.fixtures.ts';
import { SCHEMAS, validateAgainstSchema } from './receipts.xml-tools.ts';
import { startFakeBillService } from './sandbox/fake-bill-service.ts';
import {
  BillServiceFault,
  BillServiceUnavailable,
  type Cdr,
  sunatBillService,
} from './sunat-bill-service.ts';

// The SOAP client against the fake billService, which checks what SUNAT checks with xmllint and xmlsec1.

const certificate = makeCertificate();
const ACCOUNT = { ruc: ISSUER.ruc, solUser: 'MODDATOS', solPassword: 'moddatos' };
let sunat: Awaited<ReturnType<typeof startFakeBillService>>;
let number = 0;

beforeAll(async () => {
  sunat = await startFakeBillService([{ ...ACCOUNT, certificatePem: certificate.certificatePem }]);
});
afterAll(() => sunat?.close());
beforeEach(() => {
  sunat.fake.outages = 0;
});

const client = (overrides: Partial<typeof ACCOUNT> = {}) =>
  sunatBillService({ url: sunat.url, ...ACCOUNT, ...overrides });

/** A factura of a ceviche and the fare (S/ 45.90), numbered anew, its XML changed as asked before or after signing. */
function factura(
  change: { beforeSigning?: (xml: string) => string; afterSigning?: (xml: string) => string } = {},
) {
  number += 1;
  const document: ReceiptDocument = buildSaleReceipt({
    kind: 'FACTURA',
    series: 'F001',
    number,
    issuedAt: new Date(),
    issuer: ISSUER,
    buyer: COMPANY_BUYER,
    amounts: saleAmounts({
      igvPercent: '18',
      lines: [{ id: 'ceviche', description: 'Ceviche clásico', quantity: '1', unitPrice: '38.90' }],
      deliveryFare: { description: 'Delivery', amount: '7.00' },
    }),
  });
  const unsigned = change.beforeSigning?.(document.xml) ?? document.xml;
  const signed = signReceipt(unsigned, certificate).xml;
  return receiptZip(document, change.afterSigning?.(signed) ?? signed);
}

const faultOf = async (sending: Promise<unknown>) => {
  const error = await sending.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BillServiceFault);
  return (error as BillServiceFault).code;
};

describe.skipIf(!hasXmlTools())('sendBill', () => {
  it('gets a factura accepted, with the CDR as SUNAT zips it', async () => {
    const { fileName, zip } = factura();
    const cdr = await client().sendBill(fileName, zip);
    expect(cdr).toMatchObject({
      status: 'ACCEPTED',
      code: '0',
      description: `La Factura numero F001-${number}, ha sido aceptada`,
      notes: [],
      documentId: `F001-${number}`,
    });
    const files = unzipSync(cdr.zip);
    expect(Object.keys(files)).toEqual([`R-20512345671-01-F001-${number}.xml`]);
    const check = validateAgainstSchema(SCHEMAS.applicationResponse, [
      strFromU8(Object.values(files)[0] as Uint8Array),
    ]);
    expect(check.ok, check.output).toBe(true);
    expect(sunat.fake.received.at(-1)).toEqual({
      operation: 'sendBill',
      username: '20512345671MODDATOS',
      fileName: `20512345671-01-F001-${number}.zip`,
    });
  });

  it('answers a total that does not add up with an observation, and accepts', async () => {
    const { fileName, zip } = factura({
      beforeSigning: (xml) =>
        xml.replace('PayableAmount currencyID="PEN">45.90<', 'PayableAmount currencyID="PEN">50.90<'),
    });
    expect(await client().sendBill(fileName, zip)).toMatchObject({
      status: 'ACCEPTED_WITH_OBSERVATIONS',
      code: '0',
      notes: ['4312 - El importe total del comprobante no coincide con el valor calculado'],
    });
  });

  it('rejects a document changed after signing (2335) and a line IGV that is not its rate (3103)', async () => {
    const altered = factura({
      afterSigning: (xml) =>
        xml.replace('PayableAmount currencyID="PEN">45.90<', 'PayableAmount currencyID="PEN">4.59<'),
    });
    expect(await client().sendBill(altered.fileName, altered.zip)).toMatchObject({
      status: 'REJECTED',
      code: '2335',
      description: 'El documento electrónico ingresado ha sido alterado',
    });
    const wrongIgv = factura({
      beforeSigning: (xml) =>
        xml.replace(
          '</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">5.93<',
          '</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">9.93<',
        ),
    });
    const cdr: Cdr = await client().sendBill(wrongIgv.fileName, wrongIgv.zip);
    expect(cdr).toMatchObject({ status: 'REJECTED', code: '3103' });
  });

  it('faults on a wrong SOL password, a zip of another RUC or misnamed, and XML outside the schema', async () => {
    const { fileName, zip } = factura();
    expect(await faultOf(client({ solPassword: 'otra' }).sendBill(fileName, zip))).toBe('0102');
    expect(await faultOf(client().sendBill(fileName.replace('20512345671', '20987654326'), zip))).toBe(
      '0154',
    );
    expect(await faultOf(client().sendBill(fileName.replace('.zip', '.ZIP'), zip))).toBe('0151');
    expect(await faultOf(client().sendBill(fileName, zipSync({ 'otro.xml': strToU8('<a/>') })))).toBe('0161');
    const outOfOrder = factura({
      beforeSigning: (xml) =>
        xml.replace(
          '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>',
          '<cbc:CustomizationID>2.0</cbc:CustomizationID><cbc:UBLVersionID>2.1</cbc:UBLVersionID>',
        ),
    });
    expect(await faultOf(client().sendBill(outOfOrder.fileName, outOfOrder.zip))).toBe('0306');
  });

  it('answers a document sent again with its CDR, and refuses other content under its number', async () => {
    const first = factura();
    const cdr = await client().sendBill(first.fileName, first.zip);
    expect(await client().sendBill(first.fileName, first.zip)).toEqual(cdr);
    number -= 1;
    const other = factura({ beforeSigning: (xml) => xml.replace('Ceviche clásico', 'Ceviche mixto') });
    expect(other.fileName).toBe(first.fileName);
    expect(await faultOf(client().sendBill(other.fileName, other.zip))).toBe('1033');
  });

  it('says SUNAT is unavailable when nothing usable comes back', async () => {
    const { fileName, zip } = factura();
    sunat.fake.outages = 1;
    await expect(client().sendBill(fileName, zip)).rejects.toBeInstanceOf(BillServiceUnavailable);
    expect((await client().sendBill(fileName, zip)).status).toBe('ACCEPTED');
    await expect(
      sunatBillService({ url: 'http://127.0.0.1:9/billService', ...ACCOUNT }).sendBill(fileName, zip),
    ).rejects.toBeInstanceOf(BillServiceUnavailable);
  });
});

describe.skipIf(!hasXmlTools())('sendSummary and getStatus', () => {
  /** A daily summary as far as the service looks at it: signed, named {RUC}-RC-{date}-{n}. */
  const summary = (id: string) => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<SummaryDocuments xmlns="urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions><cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.1</cbc:CustomizationID><cbc:ID>${id}</cbc:ID></SummaryDocuments>`;
    const name = `20512345671-${id}`;
    return {
      fileName: `${name}.zip`,
      zip: zipSync({ [`${name}.xml`]: strToU8(signReceipt(xml, certificate).xml) }),
    };
  };

  it('takes a summary, answers a ticket, then "in progress", then the CDR', async () => {
    const { fileName, zip } = summary('RC-20260228-1');
    const ticket = await client().sendSummary(fileName, zip);
    expect(ticket).toMatch(/^\d{13}$/);
    expect(await client().getStatus(ticket)).toEqual({ state: 'IN_PROGRESS' });
    const status = await client().getStatus(ticket);
    expect(status).toMatchObject({
      state: 'DONE',
      cdr: { status: 'ACCEPTED', code: '0', documentId: 'RC-20260228-1' },
    });
  });

  it('faults on a ticket SUNAT never gave', async () => {
    expect(await faultOf(client().getStatus('1234567890123'))).toBe('0127');
  });
});
