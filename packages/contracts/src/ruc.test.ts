import { describe, expect, it } from 'vitest';
import { isValidRuc } from './ruc.ts';

describe('isValidRuc', () => {
  it('accepts RUCs whose last digit is their check digit', () => {
    // 20131312955 (SUNAT): Σ = 94, 94 mod 11 = 6, 11 − 6 = 5.
    expect(isValidRuc('20131312955')).toBe(true);
    // 20100070970: Σ = 89, mod 11 = 1, 11 − 1 = 10, written 0.
    expect(isValidRuc('20100070970')).toBe(true);
    // 20101000011: Σ = 22, mod 11 = 0, 11 − 0 = 11, written 1.
    expect(isValidRuc('20101000011')).toBe(true);
    // A person's RUC (10 + DNI): Σ = 200, mod 11 = 2, 11 − 2 = 9.
    expect(isValidRuc('10467793549')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length or kind, and anything but digits', () => {
    expect(isValidRuc('20131312956')).toBe(false);
    expect(isValidRuc('20100070971')).toBe(false);
    expect(isValidRuc('2013131295')).toBe(false);
    expect(isValidRuc('201313129555')).toBe(false);
    expect(isValidRuc('30131312955')).toBe(false);
    expect(isValidRuc('2013131295A')).toBe(false);
    expect(isValidRuc(' 20131312955')).toBe(false);
  });
});
