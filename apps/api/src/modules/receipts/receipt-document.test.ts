import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { hasXmlTools } from '../../test/proof-requirements.ts';
import { refundAmounts, saleAmounts } from './receipt-amounts.ts';
import { type Buyer, buildCreditNote, buildSaleReceipt, type SaleReceiptInput } from './receipt-document.ts';
import { signReceipt } from './receipt-signature.ts';
import {
  ANONYMOUS_BUYER,
  COMPANY_BUYER,
  DNI_BUYER,
  ISSUER,
  makeCertificate,
  ORDER,
} from './receipts.fixtures.ts';
import { SCHEMAS, validateAgainstSchema } from './receipts.xml-tools.ts';

// 2026-03-01 01:30 UTC is still 2026-02-28 in Lima (UTC−5): the receipt carries Lima's date.
const ISSUED_AT = new Date('2026-03-01T01:30:00Z');

/** The texts of the elements at a path of local names below the root, e.g. ['InvoiceLine', 'ID']. */
function texts(xml: string, path: string[]): string[] {
  let elements: Element[] = [new DOMParser().parseFromString(xml, 'text/xml').documentElement as Element];
  for (const name of path) {
    elements = elements.flatMap((element) =>
      Array.from(element.childNodes).filter(
        (node): node is Element => node.nodeType === 1 && (node as Element).localName === name,
      ),
    );
  }
  return elements.map((element) => element.textContent ?? '');
}

const boleta = (overrides: Partial<SaleReceiptInput> = {}) =>
  buildSaleReceipt({
    kind: 'BOLETA',
    series: 'B001',
    number: 12,
    issuedAt: ISSUED_AT,
    issuer: ISSUER,
    buyer: DNI_BUYER,
    amounts: saleAmounts(ORDER),
    ...overrides,
  });

const factura = () =>
  buildSaleReceipt({
    kind: 'FACTURA',
    series: 'F001',
    number: 7,
    issuedAt: ISSUED_AT,
    issuer: ISSUER,
    buyer: COMPANY_BUYER,
    amounts: saleAmounts({
      igvPercent: '18',
      lines: [{ id: 'ceviche', description: 'Ceviche clásico', quantity: '1', unitPrice: '38.90' }],
      deliveryFare: { description: 'Delivery a Miraflores', amount: '7.00' },
    }),
  });

const creditNote = () =>
  buildCreditNote({
    series: 'BC01',
    number: 3,
    issuedAt: ISSUED_AT,
    issuer: ISSUER,
    buyer: DNI_BUYER,
    refersTo: { kind: 'BOLETA', series: 'B001', number: 12 },
    reason: 'ITEM_RETURN',
    amounts: refundAmounts(saleAmounts(ORDER), [{ lineId: 'lomo', quantity: '1' }]),
  });

describe('a boleta', () => {
  const document = boleta();

  it('is a UBL 2.1 invoice of type 03 in SUNAT’s customization 2.0, numbered by its series', () => {
    expect(texts(document.xml, ['UBLVersionID'])).toEqual(['2.1']);
    expect(texts(document.xml, ['CustomizationID'])).toEqual(['2.0']);
    expect(texts(document.xml, ['ID'])).toEqual(['B001-12']);
    expect(texts(document.xml, ['InvoiceTypeCode'])).toEqual(['03']);
    expect(texts(document.xml, ['IssueDate'])).toEqual(['2026-02-28']);
    expect(texts(document.xml, ['IssueTime'])).toEqual(['20:30:00']);
    expect(document).toMatchObject({ ruc: '20512345671', type: '03', series: 'B001', number: 12 });
  });

  it('names the shop with its RUC, fiscal address, ubigeo and establishment, and the buyer with their DNI', () => {
    const supplier = ['AccountingSupplierParty', 'Party'];
    expect(texts(document.xml, [...supplier, 'PartyIdentification', 'ID'])).toEqual(['20512345671']);
    expect(texts(document.xml, [...supplier, 'PartyLegalEntity', 'RegistrationName'])).toEqual([
      'Sabores del Puerto S.A.C.',
    ]);
    expect(texts(document.xml, [...supplier, 'PartyName', 'Name'])).toEqual(['Sabores del Puerto']);
    const address = [...supplier, 'PartyLegalEntity', 'RegistrationAddress'];
    expect(texts(document.xml, [...address, 'ID'])).toEqual(['150122']);
    expect(texts(document.xml, [...address, 'AddressTypeCode'])).toEqual(['0000']);
    expect(texts(document.xml, [...address, 'AddressLine', 'Line'])).toEqual(['Av. Larco 1234']);
    const customer = ['AccountingCustomerParty', 'Party'];
    expect(texts(document.xml, [...customer, 'PartyIdentification', 'ID'])).toEqual(['45678912']);
    expect(texts(document.xml, [...customer, 'PartyLegalEntity', 'RegistrationName'])).toEqual([
      'Rosa Quispe Mamani',
    ]);
    expect(document.buyerDocument).toEqual({ code: '1', number: '45678912' });
  });

  it('writes the total in words and the free-transfer legend', () => {
    expect(texts(document.xml, ['Note'])).toEqual([
      'SON: SESENTA Y SIETE CON 00/100 SOLES',
      'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE',
    ]);
  });

  it('carries the totals: 56.78 sold, 10.22 of IGV, 21.19 given, 67.00 to pay', () => {
    expect(texts(document.xml, ['TaxTotal', 'TaxAmount'])).toEqual(['10.22']);
    expect(texts(document.xml, ['TaxTotal', 'TaxSubtotal', 'TaxableAmount'])).toEqual(['56.78', '21.19']);
    expect(texts(document.xml, ['TaxTotal', 'TaxSubtotal', 'TaxAmount'])).toEqual(['10.22', '0.00']);
    expect(texts(document.xml, ['TaxTotal', 'TaxSubtotal', 'TaxCategory', 'TaxScheme', 'ID'])).toEqual([
      '1000',
      '9996',
    ]);
    const total = ['LegalMonetaryTotal'];
    expect(texts(document.xml, [...total, 'LineExtensionAmount'])).toEqual(['56.78']);
    expect(texts(document.xml, [...total, 'TaxInclusiveAmount'])).toEqual(['67.00']);
    expect(texts(document.xml, [...total, 'PayableAmount'])).toEqual(['67.00']);
    expect(document).toMatchObject({ igvCents: 1022, totalCents: 6700 });
  });

  it('writes each line: value, unit value, price with IGV or reference value, discount, IGV', () => {
    const line = ['InvoiceLine'];
    expect(texts(document.xml, [...line, 'InvoicedQuantity'])).toEqual(['2', '1', '1']);
    expect(texts(document.xml, [...line, 'LineExtensionAmount'])).toEqual(['47.93', '8.85', '21.19']);
    expect(texts(document.xml, [...line, 'Price', 'PriceAmount'])).toEqual(['27.54', '10.17', '0.00']);
    const reference = [...line, 'PricingReference', 'AlternativeConditionPrice'];
    expect(texts(document.xml, [...reference, 'PriceAmount'])).toEqual(['28.28', '10.44', '21.19']);
    expect(texts(document.xml, [...reference, 'PriceTypeCode'])).toEqual(['01', '01', '02']);
    const allowance = [...line, 'AllowanceCharge'];
    expect(texts(document.xml, [...allowance, 'ChargeIndicator'])).toEqual(['false', 'false']);
    expect(texts(document.xml, [...allowance, 'AllowanceChargeReasonCode'])).toEqual(['00', '00']);
    expect(texts(document.xml, [...allowance, 'Amount'])).toEqual(['7.15', '1.32']);
    expect(texts(document.xml, [...allowance, 'BaseAmount'])).toEqual(['55.08', '10.17']);
    const tax = [...line, 'TaxTotal', 'TaxSubtotal'];
    expect(texts(document.xml, [...tax, 'TaxAmount'])).toEqual(['8.63', '1.59', '0.00']);
    expect(texts(document.xml, [...tax, 'TaxCategory', 'TaxExemptionReasonCode'])).toEqual([
      '10',
      '10',
      '31',
    ]);
    expect(texts(document.xml, [...tax, 'TaxCategory', 'TaxScheme', 'ID'])).toEqual(['1000', '1000', '9996']);
    expect(texts(document.xml, [...line, 'Item', 'Description'])).toEqual([
      'Lomo saltado + huevo frito',
      'Chicha morada 1 L',
      'Pisco sour (canje de monedas)',
    ]);
    expect(texts(document.xml, [...line, 'Item', 'SellersItemIdentification', 'ID'])).toEqual(['P-001']);
  });

  it('keeps what the shop wrote, markup characters included', () => {
    const escaped = boleta({
      amounts: saleAmounts({
        igvPercent: '18',
        lines: [
          { id: 'a', description: '1/4 Pollo & papas <familiar> "extra"', quantity: '1', unitPrice: '25.90' },
        ],
      }),
    });
    expect(escaped.xml).toContain('1/4 Pollo &amp; papas &lt;familiar&gt; "extra"');
    expect(texts(escaped.xml, ['InvoiceLine', 'Item', 'Description'])).toEqual([
      '1/4 Pollo & papas <familiar> "extra"',
    ]);
  });

  it('may leave out a buyer who gave no document up to S/ 700, and refuses above it', () => {
    const small = boleta({ buyer: ANONYMOUS_BUYER });
    expect(texts(small.xml, ['AccountingCustomerParty', 'Party', 'PartyIdentification', 'ID'])).toEqual([
      '-',
    ]);
    expect(
      texts(small.xml, ['AccountingCustomerParty', 'Party', 'PartyLegalEntity', 'RegistrationName']),
    ).toEqual(['CLIENTES VARIOS']);
    expect(small.buyerDocument).toEqual({ code: '0', number: '-' });
    const order = (price: string) =>
      saleAmounts({
        igvPercent: '18',
        lines: [{ id: 'a', description: 'Banquete', quantity: '1', unitPrice: price }],
      });
    expect(boleta({ buyer: ANONYMOUS_BUYER, amounts: order('700.00') }).totalCents).toBe(70_000);
    expect(() => boleta({ buyer: ANONYMOUS_BUYER, amounts: order('700.01') })).toThrow(
      expect.objectContaining({ code: 'BUYER_DOCUMENT_REQUIRED' }),
    );
    expect(boleta({ buyer: DNI_BUYER, amounts: order('700.01') }).totalCents).toBe(70_001);
  });

  it('refuses a buyer document that is not one, a wrong series or number, and a wrong issuer', () => {
    const refused = (overrides: Partial<SaleReceiptInput>, code: string) =>
      expect(() => boleta(overrides)).toThrow(expect.objectContaining({ code }));
    const buyer = (documentType: Buyer['documentType'], documentNumber: string) => ({
      buyer: { documentType, documentNumber, name: 'Rosa Quispe' },
    });
    refused(buyer('DNI', '4567891'), 'INVALID_BUYER_DOCUMENT');
    refused(buyer('RUC', '20987654321'), 'INVALID_BUYER_DOCUMENT');
    refused(buyer('PASSPORT', 'AB-12'), 'INVALID_BUYER_DOCUMENT');
    expect(boleta(buyer('CE', '001234567')).buyerDocument).toEqual({ code: '4', number: '001234567' });
    expect(boleta(buyer('PASSPORT', 'ab123456')).buyerDocument).toEqual({ code: '7', number: 'AB123456' });
    refused({ series: 'F001' }, 'INVALID_SERIES');
    refused({ series: 'B01' }, 'INVALID_SERIES');
    refused({ number: 0 }, 'INVALID_NUMBER');
    refused({ number: 100_000_000 }, 'INVALID_NUMBER');
    refused({ issuer: { ...ISSUER, ruc: '20512345672' } }, 'INVALID_ISSUER');
    refused({ issuer: { ...ISSUER, establishmentCode: '1' } }, 'INVALID_ISSUER');
    refused({ issuer: { ...ISSUER, address: { ...ISSUER.address, ubigeo: '15012' } } }, 'INVALID_ISSUER');
  });
});

describe('a factura', () => {
  const document = factura();

  it('is type 01 to a company with a RUC, paid at once, with the fare as a service line', () => {
    expect(texts(document.xml, ['ID'])).toEqual(['F001-7']);
    expect(texts(document.xml, ['InvoiceTypeCode'])).toEqual(['01']);
    expect(texts(document.xml, ['PaymentTerms', 'ID'])).toEqual(['FormaPago']);
    expect(texts(document.xml, ['PaymentTerms', 'PaymentMeansID'])).toEqual(['Contado']);
    const customer = ['AccountingCustomerParty', 'Party'];
    expect(texts(document.xml, [...customer, 'PartyIdentification', 'ID'])).toEqual(['20987654326']);
    expect(
      texts(document.xml, [...customer, 'PartyLegalEntity', 'RegistrationAddress', 'AddressLine', 'Line']),
    ).toEqual(['Jr. Junín 456, Cercado de Lima']);
    expect(texts(document.xml, ['InvoiceLine', 'InvoicedQuantity'])).toEqual(['1', '1']);
    expect(texts(document.xml, ['InvoiceLine', 'Item', 'Description'])).toEqual([
      'Ceviche clásico',
      'Delivery a Miraflores',
    ]);
    expect(texts(document.xml, ['InvoiceLine', 'LineExtensionAmount'])).toEqual(['32.97', '5.93']);
    expect(texts(document.xml, ['LegalMonetaryTotal', 'PayableAmount'])).toEqual(['45.90']);
    expect(texts(document.xml, ['Note'])).toEqual(['SON: CUARENTA Y CINCO CON 90/100 SOLES']);
    expect(document.xml).toContain('<cbc:InvoicedQuantity unitCode="ZZ">1</cbc:InvoicedQuantity>');
  });

  it('refuses a buyer without a RUC', () => {
    const build = (buyer: Buyer) =>
      buildSaleReceipt({
        kind: 'FACTURA',
        series: 'F001',
        number: 8,
        issuedAt: ISSUED_AT,
        issuer: ISSUER,
        buyer,
        amounts: saleAmounts(ORDER),
      });
    expect(() => build(DNI_BUYER)).toThrow(expect.objectContaining({ code: 'FACTURA_NEEDS_RUC' }));
    expect(() => build(ANONYMOUS_BUYER)).toThrow(expect.objectContaining({ code: 'FACTURA_NEEDS_RUC' }));
  });
});

describe('a credit note', () => {
  const document = creditNote();

  it('undoes part of a boleta: type 07, reason 07, referring to the receipt it undoes', () => {
    expect(document).toMatchObject({
      type: '07',
      series: 'BC01',
      number: 3,
      totalCents: 2828,
      igvCents: 431,
    });
    expect(texts(document.xml, ['ID'])).toEqual(['BC01-3']);
    expect(texts(document.xml, ['DiscrepancyResponse', 'ReferenceID'])).toEqual(['B001-12']);
    expect(texts(document.xml, ['DiscrepancyResponse', 'ResponseCode'])).toEqual(['07']);
    expect(texts(document.xml, ['DiscrepancyResponse', 'Description'])).toEqual(['Devolución por ítem']);
    const reference = ['BillingReference', 'InvoiceDocumentReference'];
    expect(texts(document.xml, [...reference, 'ID'])).toEqual(['B001-12']);
    expect(texts(document.xml, [...reference, 'DocumentTypeCode'])).toEqual(['03']);
    expect(texts(document.xml, ['CreditNoteLine', 'CreditedQuantity'])).toEqual(['1']);
    expect(texts(document.xml, ['CreditNoteLine', 'LineExtensionAmount'])).toEqual(['23.97']);
    expect(texts(document.xml, ['LegalMonetaryTotal', 'PayableAmount'])).toEqual(['28.28']);
    expect(texts(document.xml, ['Note'])).toEqual(['SON: VEINTIOCHO CON 28/100 SOLES']);
  });

  it('annuls a factura with reason 01 in an FC series, and refuses a series of the other kind', () => {
    const sale = saleAmounts(ORDER);
    const annulment = (series: string) =>
      buildCreditNote({
        series,
        number: 1,
        issuedAt: ISSUED_AT,
        issuer: ISSUER,
        buyer: COMPANY_BUYER,
        refersTo: { kind: 'FACTURA', series: 'F001', number: 7 },
        reason: 'CANCELLATION',
        amounts: refundAmounts(sale, 'ALL'),
      });
    const annulled = annulment('FC01');
    expect(texts(annulled.xml, ['DiscrepancyResponse', 'ResponseCode'])).toEqual(['01']);
    expect(texts(annulled.xml, ['DiscrepancyResponse', 'Description'])).toEqual([
      'Anulación de la operación',
    ]);
    expect(texts(annulled.xml, ['BillingReference', 'InvoiceDocumentReference', 'DocumentTypeCode'])).toEqual(
      ['01'],
    );
    expect(texts(annulled.xml, ['LegalMonetaryTotal', 'PayableAmount'])).toEqual(['67.00']);
    expect(() => annulment('BC01')).toThrow(expect.objectContaining({ code: 'INVALID_SERIES' }));
  });
});

describe.skipIf(!hasXmlTools())('SUNAT’s UBL 2.1 schemas (xmllint)', () => {
  const certificate = makeCertificate();
  const signed = (xml: string) => signReceipt(xml, certificate).xml;

  it('accept every kind of document, signed', () => {
    const invoices = [boleta(), boleta({ buyer: ANONYMOUS_BUYER }), factura()].map((document) =>
      signed(document.xml),
    );
    const invoiceCheck = validateAgainstSchema(SCHEMAS.invoice, invoices);
    expect(invoiceCheck.output).not.toContain('fails');
    expect(invoiceCheck.ok, invoiceCheck.output).toBe(true);
    const creditNoteCheck = validateAgainstSchema(SCHEMAS.creditNote, [signed(creditNote().xml)]);
    expect(creditNoteCheck.ok, creditNoteCheck.output).toBe(true);
  });

  it('refuse a document out of UBL’s order, so the check can fail', () => {
    const outOfOrder = signed(boleta().xml).replace(
      /(<cbc:UBLVersionID>2\.1<\/cbc:UBLVersionID>)(<cbc:CustomizationID>2\.0<\/cbc:CustomizationID>)/,
      '$2$1',
    );
    const check = validateAgainstSchema(SCHEMAS.invoice, [outOfOrder]);
    expect(check.ok).toBe(false);
    expect(check.output).toContain('element UBLVersionID: Schemas validity error');
  });
});
