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
  });
});
