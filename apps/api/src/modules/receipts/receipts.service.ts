import { centsToDecimal } from '@storefront/contracts/money';
import type { Executor } from '@storefront/db/client';
import type { OrderItem } from '@storefront/db/schema/orders';
import { decryptSecret } from '@storefront/db/secrets';
import type { AppConfig } from '../../app.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { secretsKey } from '../payments/payments.service.ts';
import { readCertificate } from './certificate.ts';
import { type GivenLine, type SaleInput, type SoldLine, saleAmounts } from './receipt-amounts.ts';
import { type Buyer, buildSaleReceipt, type SaleKind } from './receipt-document.ts';
import { ReceiptRefused } from './receipt-refused.ts';
import { signReceipt } from './receipt-signature.ts';
import * as repo from './receipts.repository.ts';

type Config = Pick<AppConfig, 'SECRETS_KEY'>;

/** Which receipt the buyer asked for; a boleta to a buyer who gave no document by default. */
export interface ReceiptRequest {
  kind: SaleKind;
  buyer: Buyer;
}

export const ANONYMOUS_BOLETA: ReceiptRequest = {
  kind: 'BOLETA',
  buyer: { documentType: null, documentNumber: null, name: '' },
};

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
 * (null otherwise): takes the next number of the place's series, builds and signs the document with the
 * core, and records it PENDING for the outbox to send. It runs in a savepoint: a refusal (ReceiptRefused,
 * CertificateRefused) gives its number back, and the caller may go on without a receipt.
 */
export async function issueReceipt(
  tx: Executor,
  config: Config,
  order: OrderRow,
  request: ReceiptRequest = ANONYMOUS_BOLETA,
  now = new Date(),
): Promise<repo.ReceiptRow | null> {
  const settings = await repo.findEInvoicing(tx, order.companyUid);
  if (!settings?.enabled) return null;
  const { ruc, legalName, address, certificateEncrypted, certificatePasswordEncrypted } = settings;
  const place = await repo.findPlaceSeries(tx, order.placeUid);
  if (!place) throw new ReceiptRefused('INVALID_SERIES', `Place ${order.placeUid} has no series`);
  if (!ruc || !legalName || !address || !certificateEncrypted || !certificatePasswordEncrypted)
    throw new ReceiptRefused('INVALID_ISSUER', 'The company’s e-invoicing settings are incomplete');
  // Everything that needs no number is done before the series' counter is locked.
  const key = secretsKey(config);
  const credentials = readCertificate(
    Buffer.from(decryptSecret(key, certificateEncrypted), 'base64'),
    decryptSecret(key, certificatePasswordEncrypted),
    ruc,
    now,
  );
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
    const signed = signReceipt(document.xml, credentials);
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
      hash: signed.hash,
      xml: signed.xml,
      nextAttemptAt: now,
    });
  });
}
