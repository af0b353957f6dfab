// Always two decimals ("S/ 36.00", never "S/ 36.0"), grouped as in Peru ("S/ 1,234.50").
const decimals = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A money amount as the storefront shows it everywhere: the app's currency symbol, a space and the
 * amount, from the API's decimal string ("12.5") or a number of units.
 */
export const formatMoney = (symbol: string, amount: string | number) =>
  `${symbol} ${decimals.format(Number(amount))}`;

/** The same from integer cents, as the cart and checkout count. */
export const formatCents = (symbol: string, cents: number) => formatMoney(symbol, cents / 100);
