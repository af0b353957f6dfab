/**
 * An amount as "1,234.50": always two decimals, grouped as in Peru, rounded half away from zero. Written
 * out rather than with Intl.NumberFormat: the first Intl formatter a page makes loads ICU's data, about
 * 30 ms of the main thread on a desktop (120 ms on the phone Lighthouse emulates), and the menu makes it
 * while it hydrates (decision 036).
 */
function twoDecimals(amount: string | number): string {
  // Rounded as written, not as stored: 1.005 is 1.00499… as a double, and 100.5 cents read to 15 digits.
  const cents = Math.round(Number((Math.abs(Number(amount)) * 100).toPrecision(15)));
  const units = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = Number(amount) < 0 && cents > 0 ? '-' : '';
  return `${sign}${units}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A money amount as the storefront shows it everywhere: the app's currency symbol, a space and the
 * amount, from the API's decimal string ("12.5") or a number of units.
 */
export const formatMoney = (symbol: string, amount: string | number) => `${symbol} ${twoDecimals(amount)}`;

/** The same from integer cents, as the cart and checkout count. */
export const formatCents = (symbol: string, cents: number) => formatMoney(symbol, cents / 100);
