/** Why a receipt or a credit note cannot be made as asked; the wiring maps each code to its AppError. */
export type ReceiptRefusal =
  | 'INVALID_AMOUNT'
  | 'INVALID_QUANTITY'
  | 'INVALID_IGV_PERCENT'
  | 'NO_LINES'
  | 'DUPLICATE_LINE'
  | 'UNKNOWN_LINE'
  | 'DISCOUNT_TOO_LARGE'
  | 'GIFT_BALANCE_TOO_LARGE'
  | 'REFUND_TOO_LARGE'
  | 'INVALID_SERIES'
  | 'INVALID_NUMBER'
  | 'INVALID_ISSUER'
  | 'INVALID_BUYER_DOCUMENT'
  | 'FACTURA_NEEDS_RUC'
  | 'BUYER_DOCUMENT_REQUIRED';

export class ReceiptRefused extends Error {
  override name = 'ReceiptRefused';

  constructor(
    readonly code: ReceiptRefusal,
    message: string,
  ) {
    super(message);
  }
}
