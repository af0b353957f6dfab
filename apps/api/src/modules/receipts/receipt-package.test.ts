import { strFromU8, unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { saleAmounts } from './receipt-amounts.ts';
import { buildSaleReceipt } from './receipt-document.ts';
import { receiptQrText, receiptZip } from './receipt-package.ts';
import { signReceipt } from './receipt-signature.ts';
import { ANONYMOUS_BUYER, DNI_BUYER, ISSUER, makeCertificate, ORDER } from './receipts.fixtures.ts';

const ISSUED_AT = new Date('2026-03-01T01:30:00Z'); // 2026-02-28 in Lima
const boleta = (buyer = DNI_BUYER) =>
  buildSaleReceipt({
    kind: 'BOLETA',
    series: 'B001',
    number: 12,
    issuedAt: ISSUED_AT,
    issuer: ISSUER,
    buyer,
    amounts: saleAmounts(ORDER),
  });

it('zips the signed XML alone, both named {RUC}-{type}-{series}-{number}', () => {
  const document = boleta();
  const signed = signReceipt(document.xml, makeCertificate());
  const { fileName, zip } = receiptZip(document, signed.xml);
  expect(fileName).toBe('20512345671-03-B001-12.zip');
  const files = unzipSync(zip);
  expect(Object.keys(files)).toEqual(['20512345671-03-B001-12.xml']);
  expect(strFromU8(files['20512345671-03-B001-12.xml'] as Uint8Array)).toBe(signed.xml);
});

it('writes the QR code’s text: RUC, type, series, number, IGV, total, date, buyer’s document, hash', () => {
  expect(receiptQrText(boleta(), 'O3PHc5CHiqeax+rMQYzHtQ0gWCmaSD5ArG1v/FgGV0k=')).toBe(
    '20512345671|03|B001|12|10.22|67.00|2026-02-28|1|45678912|O3PHc5CHiqeax+rMQYzHtQ0gWCmaSD5ArG1v/FgGV0k=',
  );
  expect(receiptQrText(boleta(ANONYMOUS_BUYER), 'hash')).toBe(
    '20512345671|03|B001|12|10.22|67.00|2026-02-28|0|-|hash',
  );
});
