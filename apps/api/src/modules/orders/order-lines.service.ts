import type { Language } from '@storefront/contracts/constants';
import { AppError, errorMessage } from '@storefront/contracts/errors';
import type { CartLineInput } from '@storefront/contracts/orders';
import type { Executor } from '@storefront/db/client';
import type { OrderItem } from '@storefront/db/schema/orders';
import { listOffers } from './orders.repository.ts';

export interface PricedLines {
  items: OrderItem[];
  /** Cents of the lines paid with money. */
  subtotal: number;
  /** Coins of the redeemable lines. */
  coins: number;
  /** Stock rows the lines take, per product (only products with a finite stock). */
  stock: Map<string, { quantity: number; available: number }>;
}

type LineErrorCode =
  | 'PRODUCT_NOT_AVAILABLE'
  | 'OPTION_NOT_AVAILABLE'
  | 'OPTIONS_BELOW_MINIMUM'
  | 'OPTIONS_ABOVE_MAXIMUM';

/** A line's error names the line (`products.2`) and repeats the message for the general toast. */
function lineError(code: LineErrorCode, index: number, language: Language): AppError {
  const message = errorMessage(code, language);
  return new AppError(code, { [`products.${index}`]: [message], non_field_errors: [message] });
}

/**
 * Checks cart lines against the place's catalogue and prices them from it (the client's prices are
 * never read): every product must be on sale in the place, every option must belong to an active
 * group of that product and be active, and with `limits` each group's choice count must lie within
 * its minimum and maximum (inactive groups are skipped, as the menu does not show them).
 */
export async function priceLines(
  db: Executor,
  place: { uid: string },
  lines: CartLineInput[],
  options: { limits: boolean; language: Language },
): Promise<PricedLines> {
  const uids = [...new Set(lines.map((line) => line.uid))];
  const offers = await listOffers(db, place.uid, uids);
  const offerOf = new Map(offers.map((offer) => [offer.uid, offer]));
  const items: OrderItem[] = [];
  const stock = new Map<string, { quantity: number; available: number }>();
  let subtotal = 0;
  let coins = 0;
  lines.forEach((line, index) => {
    const offer = offerOf.get(line.uid);
    if (!offer) throw lineError('PRODUCT_NOT_AVAILABLE', index, options.language);
    const productGroups = offer.optionGroups;
    const chosenGroups: OrderItem['optionGroups'] = [];
    const seenGroups = new Set<string>();
    for (const chosen of line.option_groups) {
      const group = productGroups.find((g) => g.uid === chosen.uid);
      if (!group || seenGroups.has(chosen.uid)) {
        throw lineError('OPTION_NOT_AVAILABLE', index, options.language);
      }
      seenGroups.add(chosen.uid);
      const picked = [...new Set(chosen.options.map((o) => o.uid))].map((optionUid) => {
        const option = group.options.find((o) => o.uid === optionUid);
        if (!option) throw lineError('OPTION_NOT_AVAILABLE', index, options.language);
        return { uid: option.uid, name: option.name, price: option.price };
      });
      if (options.limits && picked.length > group.maximumToSelect) {
        throw lineError('OPTIONS_ABOVE_MAXIMUM', index, options.language);
      }
      if (picked.length > 0) chosenGroups.push({ uid: group.uid, name: group.name, options: picked });
    }
    if (options.limits) {
      for (const group of productGroups) {
        const picked = chosenGroups.find((g) => g.uid === group.uid)?.options.length ?? 0;
        if (picked < group.minimumToSelect) {
          throw lineError('OPTIONS_BELOW_MINIMUM', index, options.language);
        }
      }
    }
    const optionsPrice = chosenGroups.reduce((sum, g) => sum + g.options.reduce((s, o) => s + o.price, 0), 0);
    // A redeemable product is paid in coins; its priced options, if any, in money.
    const unitPrice = (offer.isRedeemable ? 0 : offer.unitPrice) + optionsPrice;
    const coinPrice = offer.isRedeemable ? (offer.coinPrice ?? 0) : 0;
    subtotal += unitPrice * line.quantity;
    coins += coinPrice * line.quantity;
    items.push({
      uid: offer.uid,
      name: offer.title,
      quantity: line.quantity,
      unitPrice,
      price: unitPrice * line.quantity,
      coinPrice,
      isRedeemable: offer.isRedeemable,
      directPurchase: offer.directPurchase,
      optionGroups: chosenGroups,
    });
    if (offer.stock !== null) {
      const taken = stock.get(offer.uid);
      stock.set(offer.uid, { quantity: (taken?.quantity ?? 0) + line.quantity, available: offer.stock });
    }
  });
  return { items, subtotal, coins, stock };
}
