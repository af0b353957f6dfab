// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney } from './money.ts';

describe('money as shown (issue 14)', () => {
  it('always has two decimals, whatever the API or the cart hands over', () => {
    expect(formatMoney('S/', '36.0')).toBe('S/ 36.00');
    expect(formatMoney('S/', '116.5')).toBe('S/ 116.50');
    expect(formatMoney('S/', 35)).toBe('S/ 35.00');
    expect(formatMoney('S/', '0')).toBe('S/ 0.00');
    expect(formatMoney('$', '1234.5')).toBe('$ 1,234.50');
  });

  it('rounds cents to the nearest cent', () => {
    expect(formatCents('S/', 3555)).toBe('S/ 35.55');
    expect(formatCents('S/', 3600)).toBe('S/ 36.00');
    expect(formatCents('S/', 5)).toBe('S/ 0.05');
    // Half a cent goes away from zero, as a cashier rounds, whatever the binary float says (1.005 is
    // 1.00499… as a double).
    expect(formatMoney('S/', '1.005')).toBe('S/ 1.01');
    expect(formatMoney('S/', 1.005)).toBe('S/ 1.01');
    expect(formatMoney('S/', '2.675')).toBe('S/ 2.68');
    // Sums of floats, as a cart may hand over.
    expect(formatMoney('S/', 0.1 + 0.2)).toBe('S/ 0.30');
    expect(formatMoney('S/', 0.3 - 0.1 - 0.2)).toBe('S/ 0.00');
    expect(formatMoney('S/', 1e-7)).toBe('S/ 0.00');
    expect(formatMoney('S/', 19.99 * 3)).toBe('S/ 59.97');
  });

  it('groups every three digits and keeps the sign of a refund', () => {
    expect(formatMoney('S/', '1234567.891')).toBe('S/ 1,234,567.89');
    expect(formatMoney('S/', '999.999')).toBe('S/ 1,000.00');
    expect(formatMoney('S/', '-12.5')).toBe('S/ -12.50');
    expect(formatCents('S/', -123456)).toBe('S/ -1,234.56');
    expect(formatMoney('S/', '-0.001')).toBe('S/ 0.00');
  });
});
