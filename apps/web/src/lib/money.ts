/** A money amount as the storefront shows it: the app's currency symbol, a space, the decimal ("S/ 12.50"). */
export const formatMoney = (symbol: string, amount: string) => `${symbol} ${amount}`;
