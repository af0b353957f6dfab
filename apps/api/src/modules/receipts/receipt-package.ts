import { centsToDecimal } from '@storefront/contracts/money';
import { strToU8, zipSync } from 'fflate';
import type { ReceiptDocument } from './receipt-document.ts';

// What leaves the signer: the zip SUNAT's sendBill takes, and the text of the printed copy's QR code.

/** {RUC}-{type}-{series}-{number}: the name SUNAT checks against the document's own numbers. */
export function receiptName(document: Pick<ReceiptDocument, 'ruc' | 'type' | 'series' | 'number'>): string {
  return `${document.ruc}-${document.type}-${document.series}-${document.number}`;
}

/** The signed XML as {name}.xml alone in {name}.zip. */
export function receiptZip(
  document: Pick<ReceiptDocument, 'ruc' | 'type' | 'series' | 'number'>,
  signedXml: string,
): { fileName: string; zip: Uint8Array } {
  const name = receiptName(document);
  return { fileName: `${name}.zip`, zip: zipSync({ [`${name}.xml`]: strToU8(signedXml) }) };
}

/** RUC|type|series|number|IGV|total|date|buyer's document type|buyer's document number|hash (architecture §12). */
export function receiptQrText(document: ReceiptDocument, hash: string): string {
  return [
    document.ruc,
    document.type,
    document.series,
    document.number,
    centsToDecimal(document.igvCents),
    centsToDecimal(document.totalCents),
    document.issueDate,
    document.buyerDocument.code,
    document.buyerDocument.number,
    hash,
  ].join('|');
}
