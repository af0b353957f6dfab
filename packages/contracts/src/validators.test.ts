import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDateSlash, isoDate, VALIDATION_MESSAGES, validateValue, withRules } from './validators.ts';

const TELEPHONE_ES =
  'Agregar el código numérico correspondiente a tu país antes de ingresar tu número telefónico (Todo junto). PE: +51, MX: +52, COL: +57, ECUA: +593.';

describe('generic validator (spec §5)', () => {
  it('answers every rule with its exact Spanish message', () => {
    expect(validateValue('false', ['checked'])).toBe('Este campo es requerido');
    expect(validateValue('a@b', ['email'])).toBe('Ingresar un email correcto');
    expect(validateValue('12a', ['numeric'])).toBe('Ingresar un número');
    expect(validateValue('-3', ['positiveNumber'])).toBe('Ingresar un número válido');
    expect(validateValue('1234567', ['dni'])).toBe('Ingresar un dni correcto.');
    expect(validateValue('98765', ['telephone'])).toBe(TELEPHONE_ES);
    expect(validateValue('31/02/2020', ['dateSlash'])).toBe('Ingresar una fecha correcta');
    expect(validateValue('2020-01-01', ['date'])).toBe('Ingresar una fecha correcta');
    expect(validateValue('', ['required'])).toBe('Este campo es requerido');
    expect(validateValue('  ', ['business'])).toBe('Este campo es requerido');
    expect(validateValue('www.example.com', ['url'])).toBe('Ingresar una URL correcta');
    expect(validateValue('25:00', ['time'])).toBe('Ingresar una hora correcta');
  });

  it('answers in English when asked', () => {
    expect(validateValue('x', ['email'], 'en')).toBe('Enter a valid email');
    expect(validateValue(null, ['required'], 'en')).toBe('This field is required');
    for (const messages of Object.values(VALIDATION_MESSAGES)) expect(messages.en).not.toBe('');
  });

  it('lets good values pass', () => {
    expect(validateValue(true, ['checked'])).toBeNull();
    expect(validateValue('socio@demo.pe', ['email'])).toBeNull();
    expect(validateValue('-12.5', ['numeric'])).toBeNull();
    expect(validateValue('12.5', ['positiveNumber'])).toBeNull();
    expect(validateValue('44556677', ['dni'])).toBeNull();
    expect(validateValue('445566778', ['dni'])).toBeNull();
    expect(validateValue('987654321', ['telephone'])).toBeNull();
    expect(validateValue('+51987654321', ['telephone'])).toBeNull();
    expect(validateValue('29/02/2024', ['dateSlash'])).toBeNull();
    expect(validateValue('x', ['required'])).toBeNull();
    expect(validateValue('https://example.com/a?b=1', ['url'])).toBeNull();
    expect(validateValue('ftp://files.example.com', ['url'])).toBeNull();
    expect(validateValue('23:59', ['time'])).toBeNull();
  });

  it('lets an empty value pass every rule but required and business', () => {
    for (const rule of Object.keys(VALIDATION_MESSAGES) as (keyof typeof VALIDATION_MESSAGES)[]) {
      const expected = rule === 'required' || rule === 'business' ? 'Este campo es requerido' : null;
      expect(validateValue('', [rule])).toBe(expected);
      expect(validateValue(undefined, [rule])).toBe(expected);
    }
  });

  it('runs rules in order and stops at the first failure', () => {
    expect(validateValue('', ['required', 'email'])).toBe('Este campo es requerido');
    expect(validateValue('abc', ['required', 'numeric', 'dni'])).toBe('Ingresar un número');
    expect(validateValue('123', ['required', 'numeric', 'dni'])).toBe('Ingresar un dni correcto.');
  });

  it('checks real calendar days', () => {
    expect(isDateSlash('14/05/1990')).toBe(true);
    expect(isDateSlash('29/02/2023')).toBe(false);
    expect(isDateSlash('1/5/1990')).toBe(false);
  });

  it('works as a zod refinement', () => {
    const schema = z.object({ email: z.string().superRefine(withRules(['required', 'email'])) });
    const result = schema.safeParse({ email: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ingresar un email correcto');
    expect(schema.safeParse({ email: 'a@b.pe' }).success).toBe(true);
  });
});

describe('isoDate', () => {
  it('takes real calendar days from year 1 on, and nothing else', () => {
    for (const day of ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])
      expect(isoDate().safeParse(day).success, day).toBe(true);
    for (const day of [
      '0000-01-01',
      '0000-02-29',
      '2024-02-30',
      '1900-02-29',
      '2023-13-01',
      '24-01-01',
      '2024-1-1',
    ])
      expect(isoDate().safeParse(day).success, day).toBe(false);
  });
});
