import { centsToDecimal } from '@storefront/contracts/money';
import type { Executor } from '@storefront/db/client';
import type { OrderItem, OrderUserData } from '@storefront/db/schema/orders';
import type { OrderRow } from '../orders/orders.repository.ts';
import { type GivenLine, type SaleInput, type SoldLine, saleAmounts } from './receipt-amounts.ts';
import { type Buyer, buildSaleReceipt, type SaleKind } from './receipt-document.ts';
import { ReceiptRefused } from './receipt-refused.ts';
import * as repo from './receipts.repository.ts';

/** Which receipt the buyer asked for. */
export interface ReceiptRequest {
  kind: SaleKind;
  buyer: Buyer;
}

/** The checkout's document types as catalogue 06 names them (OTHER has no code: no document). */
const USER_DOCUMENTS: Partial<Record<OrderUserData['document_type'], Buyer['documentType']>> = {
  NATIONAL_ID: 'DNI',
  FOREIGNER_ID: 'CE',
  PASSPORT: 'PASSPORT',
  TAX_ID: 'RUC',
};

/**
 * The receipt an order asked for: its body's `receipt`, or a boleta naming the member's checkout
 * document (a boleta names its buyer when a document was given, and must above S/ 700).
 */
export function receiptRequestOf(order: Pick<OrderRow, 'receipt' | 'userData'>): ReceiptRequest {
  const asked = order.receipt;
  if (asked?.document_type && asked.document_number)
    return {
      kind: asked.type,
      buyer: {
        documentType: asked.document_type,
        documentNumber: asked.document_number,
        name: asked.legal_name ?? order.userData.full_name,
        ...(asked.address ? { address: asked.address } : {}),
      },
    };
  const documentType = USER_DOCUMENTS[order.userData.document_type] ?? null;
  return {
    kind: 'BOLETA',
    buyer: documentType
      ? { documentType, documentNumber: order.userData.document_number, name: order.userData.full_name }
      : { documentType: null, documentNumber: null, name: '' },
  };
}

const describe = (item: OrderItem) => {
  const options = item.optionGroups.flatMap((group) => group.options.map((option) => option.name));
  return options.length > 0 ? `${item.name} (${options.join(', ')})` : item.name;
};

/**
 * What an order sold, as the core reads it: each line at its price with IGV; a product taken for coins
 * is given (its catalogue price as reference value) and its priced options sold beside it; the delivery
 * fare a line of its own, the coupon a discount over the products, the gift balance a means of payment.
 */
function saleOf(order: OrderRow, igvPercent: string, catalogue: Map<string, number>): SaleInput {
  const lines: SoldLine[] = [];
  const givenLines: GivenLine[] = [];
  order.items.forEach((item, index) => {
    const id = `${index + 1}`;
    const sold = { description: describe(item), quantity: String(item.quantity), code: item.uid };
    if (!item.isRedeemable) {
      lines.push({ id, ...sold, unitPrice: centsToDecimal(item.unitPrice) });
      return;
    }
    givenLines.push({
      id,
      ...sold,
      description: item.name,
      referenceUnitPrice: centsToDecimal(catalogue.get(item.uid) ?? 0),
    });
    if (item.unitPrice > 0)
      lines.push({ id: `${id}-options`, ...sold, unitPrice: centsToDecimal(item.unitPrice) });
  });
  return {
    igvPercent,
    lines,
    givenLines,
    ...(order.deliveryPrice > 0
      ? { deliveryFare: { description: 'Delivery', amount: centsToDecimal(order.deliveryPrice) } }
      : {}),
    discounts:
      order.discount > 0
        ? [{ label: `Cupón ${order.couponCode ?? ''}`.trim(), amount: centsToDecimal(order.discount) }]
        : [],
    giftBalance: centsToDecimal(order.giftCardAmount),
  };
}

/**
 * Issues the receipt of an order in the caller's transaction when its company has e-invoicing enabled
 * (null otherwise): takes the next number of the place's series, builds the document with the core and
 * records it PENDING; the outbox signs and sends it after the commit (decision 039). It runs in a
 * savepoint: a refusal (ReceiptRefused) gives its number back, and the caller may go on without it.
 */
export async function issueReceipt(
  tx: Executor,
  order: OrderRow,
  request: ReceiptRequest = receiptRequestOf(order),
  now = new Date(),
): Promise<repo.ReceiptRow | null> {
  const settings = await repo.findEInvoicing(tx, order.companyUid);
  if (!settings?.enabled) return null;
  const { ruc, legalName, address } = settings;
  const place = await repo.findPlaceSeries(tx, order.placeUid);
  if (!place) throw new ReceiptRefused('INVALID_SERIES', `Place ${order.placeUid} has no series`);
  if (!ruc || !legalName || !address)
    throw new ReceiptRefused('INVALID_ISSUER', 'The company’s e-invoicing settings are incomplete');
  // The amounts need no number: they are computed before the series' counter is locked.
  const redeemed = order.items.filter((item) => item.isRedeemable).map((item) => item.uid);
  const amounts = saleAmounts(
    saleOf(order, settings.igvPercent, await repo.productPrices(tx, order.companyUid, redeemed)),
  );
  const series = request.kind === 'FACTURA' ? place.facturaSeries : place.boletaSeries;
  return tx.transaction(async (savepoint) => {
    const number = await repo.takeReceiptNumber(savepoint, order.companyUid, series);
    const document = buildSaleReceipt({
      kind: request.kind,
      series,
      number,
      issuedAt: now,
      issuer: {
        ruc,
        legalName,
        ...(settings.tradeName ? { tradeName: settings.tradeName } : {}),
        address,
        establishmentCode: place.establishmentCode,
      },
      buyer: request.buyer,
      amounts,
    });
    return repo.insertReceipt(savepoint, {
      appUid: order.appUid,
      companyUid: order.companyUid,
      placeUid: order.placeUid,
      orderUid: order.uid,
      type: request.kind,
      series,
      number,
      issuedAt: now,
      valueCents: amounts.valueCents,
      igvCents: amounts.igvCents,
      totalCents: amounts.totalCents,
      xml: document.xml,
      nextAttemptAt: now,
    });
  });
}

/** Paid through a provider or by transfer: the receipt is issued at payment, the others at delivery. */
const PAID_BEFORE: ReadonlySet<OrderRow['paymentType']> = new Set(['ONLINE_CARD', 'YAPE', 'TRANSFER']);

/**
 * Issues an order's receipt when its move is the moment of sale (architecture §12): a payment approved
 * (PENDING_PAYMENT → RECEIVED), or the order DELIVERED when it was paid at the door (cash, card, gift
 * balance, coins). A refusal issues nothing and keeps the move.
 */
export async function issueReceiptOnMove(tx: Executor, order: OrderRow, from: OrderRow['status']) {
  const due =
    (from === 'PENDING_PAYMENT' && order.status === 'RECEIVED') ||
    (order.status === 'DELIVERED' && !PAID_BEFORE.has(order.paymentType));
  if (!due) return null;
  try {
    return await issueReceipt(tx, order);
  } catch (error) {
    if (error instanceof ReceiptRefused) return null;
    throw error;
  }
}
