const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * A RUC as SUNAT issues them: 11 digits, starting 10 (a person with a business) or 15, 16, 17, 20 (other
 * taxpayers), the last a check digit: 11 − (Σ digit × weight mod 11), where 10 is written 0 and 11 is 1.
 */
export function isValidRuc(ruc: string): boolean {
  if (!/^(10|15|16|17|20)\d{9}$/.test(ruc)) return false;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(ruc[index]), 0);
  return (11 - (sum % 11)) % 10 === Number(ruc[10]);
}
