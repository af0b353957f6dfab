// Apart from the popup's rules: the menu's product cards need only this one, and a module travels whole
// into each screen's chunk that shares it (decision 013).

/** Coins still needed to pay a coin price ('Te faltan {n} monedas…'); 0 while the balance is unknown. */
export function missingCoins(coinPrice: number | null, coins: number | undefined): number {
  if (coinPrice === null || coins === undefined) return 0;
  return Math.max(0, coinPrice - coins);
}
