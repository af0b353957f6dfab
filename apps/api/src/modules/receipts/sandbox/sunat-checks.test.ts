import { describe, expect, it } from 'vitest';
import { refundAmounts, type SaleInput, saleAmounts } from '../receipt-amounts.ts';
import { buildCreditNote, buildSaleReceipt, type SaleKind } from '../receipt-document.ts';
import { COMPANY_BUYER, DNI_BUYER, ISSUER, ORDER } from '../receipts.fixtures.ts';
import { checkAmounts } from './sunat-checks.ts';

const issuedAt = new Date();
const receipt = (kind: SaleKind, input: SaleInput) =>
  buildSaleReceipt({
    kind,
    series: kind === 'BOLETA' ? 'B001' : 'F001',
    number: 1,
    issuedAt,
    issuer: ISSUER,
    buyer: kind === 'BOLETA' ? DNI_BUYER : COMPANY_BUYER,
    amounts: saleAmounts(input),
  }).xml;

const creditNote = (returned: Parameters<typeof refundAmounts>[1]) =>
  buildCreditNote({
    series: 'BC01',
    number: 1,
    issuedAt,
    issuer: ISSUER,
    buyer: DNI_BUYER,
    refersTo: { kind: 'BOLETA', series: 'B001', number: 1 },
    reason: returned === 'ALL' ? 'CANCELLATION' : 'ITEM_RETURN',
    amounts: refundAmounts(saleAmounts(ORDER), returned),
  }).xml;

describe('SUNAT’s arithmetic checks', () => {
  it('find nothing to observe in the documents this module builds', () => {
    const documents = [
      receipt('BOLETA', ORDER),
      receipt('BOLETA', { ...ORDER, freeTransferAffectation: '11' }),
      receipt('BOLETA', { ...ORDER, igvPercent: '10.5' }),
      receipt('FACTURA', {
        igvPercent: '18',
        lines: [
          { id: 'ceviche', description: 'Ceviche clásico', quantity: '3', unitPrice: '38.90' },
          { id: 'causa', description: 'Causa limeña', quantity: '1.5', unitPrice: '18.33' },
        ],
        deliveryFare: { description: 'Delivery', amount: '7.00' },
        discounts: [
          { label: 'Cupón', amount: '12.34' },
          { label: 'Delivery gratis', amount: '7.00', lineIds: ['delivery'] },
        ],
      }),
      creditNote([{ lineId: 'lomo', quantity: '1' }]),
      creditNote('ALL'),
    ];
    for (const xml of documents) expect(checkAmounts(xml)).toEqual([]);
  });

  it('observe a wrong total, reject a wrong line IGV', () => {
    const xml = receipt('BOLETA', ORDER);
    expect(
      checkAmounts(
        xml.replace(
          '<cbc:PayableAmount currencyID="PEN">67.00<',
          '<cbc:PayableAmount currencyID="PEN">69.00<',
        ),
      ),
    ).toEqual([
      {
        code: '4312',
        message: 'El importe total del comprobante no coincide con el valor calculado',
        error: false,
      },
    ]);
    const lineIgv = xml.replace(
      '<cbc:TaxableAmount currencyID="PEN">47.93</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">8.63<',
      '<cbc:TaxableAmount currencyID="PEN">47.93</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">10.63<',
    );
    expect(lineIgv).not.toBe(xml);
    expect(checkAmounts(lineIgv).map((finding) => [finding.code, finding.error])).toEqual([['3103', true]]);
  });

  it('allow SUNAT’s ±1, no more', () => {
    const xml = receipt('BOLETA', ORDER);
    const total = (amount: string) =>
      checkAmounts(
        xml.replace('PayableAmount currencyID="PEN">67.00<', `PayableAmount currencyID="PEN">${amount}<`),
      );
    expect(total('68.00')).toEqual([]);
    expect(total('68.01').map((finding) => finding.code)).toEqual(['4312']);
  });
});
