import type { Cart, CartLine } from './cart-store.ts';

/** The cart's money and coins (spec §9 rounding), shared by the cart panel and the checkout summary. */

export const toCents = (price: string) => Math.round(Number(price) * 100);

/** A line's money in cents: unit price plus its options' prices, times the quantity. */
export function lineCents(line: CartLine): number {
  const options = line.option_groups.flatMap((group) => group.options);
  const unit = toCents(line.unit_price) + options.reduce((sum, option) => sum + toCents(option.price), 0);
  return unit * line.quantity;
}

/** The coins a redeemable line costs (0 for other lines). */
export const lineCoins = (line: CartLine) =>
  line.is_redeemable ? (line.coin_price ?? 0) * line.quantity : 0;

export interface CartTotals {
  cents: number;
  coins: number;
  units: number;
  /** Every line is a redeemable product: the cart is paid with coins. */
  allRedeemable: boolean;
}

export function cartTotals(cart: Cart): CartTotals {
  const lines = Object.values(cart.products);
  return {
    cents: lines.reduce((sum, line) => sum + (line.is_redeemable ? 0 : lineCents(line)), 0),
    coins: lines.reduce((sum, line) => sum + lineCoins(line), 0),
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    allRedeemable: lines.length > 0 && lines.every((line) => line.is_redeemable),
  };
}
