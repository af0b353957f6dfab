import { ReceiptRefused } from './receipt-refused.ts';

// Exact arithmetic for receipts: amounts are integer cents, quantities and rates exact fractions of
// bigints, and every division rounds once, half up, as SUNAT's validator (XPath round) does.

/** A non-negative decimal read exactly from its text: numerator / denominator. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d+))?$/;

/** Reads "12", "12.5" or "0.125" exactly; more than `maxDecimals` decimals is refused. */
export function parseDecimal(text: string, maxDecimals: number): Fraction | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const decimals = match[2] ?? '';
  if (decimals.length > maxDecimals) return null;
  return { numerator: BigInt(`${match[1]}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

/** Money as text ("12.50", "12.5", "12") to cents; anything else (negative, 3 decimals) is refused. */
export function toCents(text: string, what: string): number {
  const amount = parseDecimal(text, 2);
  if (!amount) throw new ReceiptRefused('INVALID_AMOUNT', `${what} is not an amount in soles: "${text}"`);
  return Number((amount.numerator * 100n) / amount.denominator);
}

/** numerator / denominator rounded half up, both non-negative. */
export function roundedDivision(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** An integer scaled by 10^scale as text, keeping at least two decimals: (84745762712n, 10) → "8.4745762712". */
export function scaledText(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const decimals = digits
    .slice(digits.length - scale)
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${whole}.${decimals}`;
}

/**
 * Splits `total` into parts proportional to `weights` that add up to it exactly: each part is rounded
 * down and the cents left go to the largest remainders (the earlier line on a tie).
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (weightSum === 0n) return weights.map(() => 0);
  const shares = weights.map((weight) => {
    const exact = BigInt(total) * BigInt(weight);
    return { part: exact / weightSum, remainder: exact % weightSum };
  });
  let left = total - shares.reduce((sum, share) => sum + Number(share.part), 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const parts = shares.map((share) => Number(share.part));
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] as number) + 1;
    left -= 1;
  }
  return parts;
}
