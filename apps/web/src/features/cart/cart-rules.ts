import type { Product } from '@storefront/contracts/catalogue';
import { MAX_LINE_QUANTITY, MAX_TOPPINGS_SHOWN } from '@storefront/contracts/constants';
import type { Cart as ServerCart } from '@storefront/contracts/orders';
import { type Cart, type CartLine, nextLineId } from '../../lib/cart-store.ts';

/** The cart's rules (spec §4, §9) as pure functions; the components only wire them to the screen. */

/** The chosen toppings of a line: at most 8 names, and whether an ellipsis opens the rest (spec §9). */
export function visibleToppings(line: CartLine): { shown: string[]; more: boolean } {
  const names = line.option_groups.flatMap((group) => group.options.map((option) => option.name));
  return { shown: names.slice(0, MAX_TOPPINGS_SHOWN), more: names.length > MAX_TOPPINGS_SHOWN };
}

/**
 * Plus on a cart line: below the per-line cap and, when the product's stock is known, while the units
 * of that product across its lines are below it (spec §4: increase only while below stock).
 */
export function canAddUnit(cart: Cart, line: CartLine): boolean {
  if (line.quantity >= MAX_LINE_QUANTITY) return false;
  if (line.stock === null || line.stock === undefined) return true;
  const units = Object.values(cart.products)
    .filter((other) => other.uid === line.uid)
    .reduce((sum, other) => sum + other.quantity, 0);
  return units < line.stock;
}

/**
 * The saved server cart as local lines (the merge of spec §4). The server keeps uids only, so names and
 * prices come from the place's catalogue; a product or option no longer offered is left out.
 */
export function linesFromServer(saved: ServerCart, products: Map<string, Product>): Cart['products'] {
  const lines: Cart['products'] = {};
  for (const item of saved.products) {
    const product = products.get(item.uid);
    if (!product) continue;
    const option_groups = item.option_groups.flatMap((chosen) => {
      const group = product.option_groups.find((g) => g.uid === chosen.uid);
      if (!group) return [];
      const options = group.options
        .filter((option) => chosen.options.some((o) => o.uid === option.uid))
        .map(({ uid, name, price }) => ({ uid, name, price }));
      return options.length > 0 ? [{ uid: group.uid, name: group.name, options }] : [];
    });
    const savedId = typeof item.id === 'string' && item.id.startsWith(`${item.uid}_`) ? item.id : null;
    const id = savedId && !lines[savedId] ? savedId : nextLineId(lines, item.uid);
    lines[id] = {
      id,
      uid: product.uid,
      name: product.name,
      quantity: item.quantity,
      unit_price: product.unit_price,
      coin_price: product.coin_price,
      is_redeemable: product.is_redeemable,
      direct_purchase: product.direct_purchase,
      image: product.image,
      option_groups,
      stock: product.stock,
    };
  }
  return lines;
}

export type MergeDecision = 'replace' | 'push' | 'none';

/**
 * With the merge flag set (after login) the saved cart replaces the local one (spec §4); when nothing
 * is saved the local cart is sent up instead. A direct purchase (skipUpdate) keeps the local cart.
 */
export function mergeDecision(state: {
  merge: boolean;
  skipUpdate: boolean;
  savedLines: number;
  localLines: number;
}): MergeDecision {
  if (!state.merge) return 'none';
  if (state.savedLines > 0 && !state.skipUpdate) return 'replace';
  return state.localLines > 0 ? 'push' : 'none';
}
