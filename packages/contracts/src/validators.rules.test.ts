import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isDateSlash,
  VALIDATION_MESSAGES,
  type ValidationRule,
  validateValue,
  withRules,
} from './validators.ts';

// Each rule of spec §5 at its edges: whole-value anchors, optional parts, and the calendar.
const CASES: Record<Exclude<ValidationRule, 'date'>, { pass: string[]; fail: string[] }> = {
  checked: { pass: ['true', 'on'], fail: ['false'] },
  email: {
    pass: ['ana@demo.pe', 'a.b+c@mail.example.com'],
    fail: ['a b@c.pe', 'ana@demo.pe x', 'ana@demo', '@demo.pe'],
  },
  numeric: { pass: ['12', '-3', '+4', '1.25', '1,75'], fail: ['x12', '12x', '1.', '1.2.3'] },
  positiveNumber: { pass: ['12', '+4', '1.25', '0,50'], fail: ['-3', '12x', 'x12', '1.'] },
  dni: { pass: ['44556677', '445566778'], fail: ['4455667', '4455667788', 'x44556677', '44556677x'] },
  telephone: {
    pass: ['987654321', '+51987654321', '987 654 321', '+51 987 654 321'],
    fail: ['9876543210', 'x987654321', '98765432', '+5198765', '+5198765432101234', '51987654321'],
  },
  dateSlash: {
    pass: ['29/02/2024', '31/12/2026', '01/01/2000'],
    fail: [
      '29/02/2023',
      '31/04/2026',
      '32/01/2026',
      '01/13/2026',
      'x01/01/2026',
      '01/01/2026x',
      '1/1/2026',
      '01/01/0050',
    ],
  },
  required: { pass: ['x', ' a '], fail: ['   '] },
  business: { pass: ['Bodega'], fail: ['  '] },
  url: {
    pass: ['https://demo.pe', 'http://demo.pe/a?b=c', 'ftp://files.pe/x', 'HTTPS://DEMO.PE'],
    fail: ['demo.pe', 'xhttps://demo.pe', 'https://demo.pe x', 'https:///x', 'javascript:alert(1)'],
  },
  time: {
    pass: ['9:30', '09:30', '23:59', '12:30:45'],
    fail: ['24:00', '12:60', '12:30:60', '12:30x', 'x12:30', '12:3a'],
  },
};

describe('each validation rule at its edges', () => {
  for (const [rule, { pass, fail }] of Object.entries(CASES) as [
    ValidationRule,
    { pass: string[]; fail: string[] },
  ][]) {
    it(`${rule}: passes ${pass.join(', ')}`, () => {
      for (const value of pass)
        expect({ value, message: validateValue(value, [rule]) }).toEqual({ value, message: null });
    });
    it(`${rule}: refuses with its message in es and en`, () => {
      for (const value of fail) {
        expect({
          value,
          es: validateValue(value, [rule], 'es'),
          en: validateValue(value, [rule], 'en'),
        }).toEqual({
          value,
          es: VALIDATION_MESSAGES[rule].es,
          en: VALIDATION_MESSAGES[rule].en,
        });
      }
    });
  }

  it('date is the DD/MM/YYYY rule too', () => {
    expect(validateValue('31/04/2026', ['date'], 'en')).toBe('Enter a valid date');
    expect(validateValue('30/04/2026', ['date'])).toBeNull();
    expect(isDateSlash('30/04/2026')).toBe(true);
  });

  it('lets an empty or blank value through every rule but required and business', () => {
    for (const value of ['', '   ', null, undefined]) {
      expect(
        validateValue(value, ['email', 'numeric', 'dni', 'telephone', 'dateSlash', 'url', 'time', 'checked']),
      ).toBeNull();
      expect(validateValue(value, ['required'], 'en')).toBe('This field is required');
      expect(validateValue(value, ['business'])).toBe('Este campo es requerido');
    }
  });

  it('stops at the first rule broken, in order', () => {
    expect(validateValue('abc', ['required', 'numeric', 'email'], 'en')).toBe('Enter a number');
    expect(validateValue('abc', ['required', 'email', 'numeric'], 'en')).toBe('Enter a valid email');
    expect(validateValue(12345678, ['dni'])).toBeNull();
  });

  it('as a zod refinement, reports the exact message and accepts a valid value', () => {
    const schema = z.string().superRefine(withRules(['required', 'email'], 'en'));
    const result = schema.safeParse('nope');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.code, issue.message])).toEqual([
      ['custom', 'Enter a valid email'],
    ]);
    expect(schema.safeParse('ana@demo.pe').success).toBe(true);
    expect(
      z
        .string()
        .superRefine(withRules(['required']))
        .safeParse('').error?.issues[0]?.message,
    ).toBe('Este campo es requerido');
  });
});
