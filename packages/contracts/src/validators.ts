import { z } from 'zod';
import type { Language } from './constants.ts';

/**
 * The generic validator of spec §5: named rules with their exact messages, run in order per field and
 * stopping at the first failure. An empty value passes every rule except required and business.
 * Forms and the server use it alike.
 */
export const VALIDATION_MESSAGES = {
  checked: { es: 'Este campo es requerido', en: 'This field is required' },
  email: { es: 'Ingresar un email correcto', en: 'Enter a valid email' },
  numeric: { es: 'Ingresar un número', en: 'Enter a number' },
  positiveNumber: { es: 'Ingresar un número válido', en: 'Enter a valid number' },
  dni: { es: 'Ingresar un dni correcto.', en: 'Enter a valid DNI.' },
  telephone: {
    es: 'Agregar el código numérico correspondiente a tu país antes de ingresar tu número telefónico (Todo junto). PE: +51, MX: +52, COL: +57, ECUA: +593.',
    en: "Add your country's numeric code before your phone number (all together). PE: +51, MX: +52, COL: +57, ECUA: +593.",
  },
  dateSlash: { es: 'Ingresar una fecha correcta', en: 'Enter a valid date' },
  date: { es: 'Ingresar una fecha correcta', en: 'Enter a valid date' },
  required: { es: 'Este campo es requerido', en: 'This field is required' },
  business: { es: 'Este campo es requerido', en: 'This field is required' },
  url: { es: 'Ingresar una URL correcta', en: 'Enter a valid URL' },
  time: { es: 'Ingresar una hora correcta', en: 'Enter a valid time' },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationRule = keyof typeof VALIDATION_MESSAGES;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC = /^[-+]?\d+([.,]\d+)?$/;
const POSITIVE_NUMBER = /^\+?\d+([.,]\d+)?$/;
const DNI = /^\d{8,9}$/;
// Nine digits (a Peruvian mobile), or a leading + with the country code and the number, all together.
const TELEPHONE = /^(\d{9}|\+\d{8,15})$/;
const URL_PATTERN = /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i;
const TIME = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A real calendar day written DD/MM/YYYY. */
export function isDateSlash(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A real calendar day written YYYY-MM-DD (zod's check refuses 2024-02-30 and 1900-02-29), from year 1
 * on: PostgreSQL has no year 0, and 0000-01-01 reached it as a 500. Every date field and query uses it.
 */
/** A place's phone as its sign shows it (empty when it has none): published in its JSON-LD. */
export const placePhoneSchema = z
  .string()
  .trim()
  .regex(/^(\+?[0-9][0-9 ()-]{5,24})?$/);

export const isoDate = () => z.iso.date().refine((value) => !value.startsWith('0000'));

const HOLDS: Record<ValidationRule, (value: string) => boolean> = {
  checked: (value) => value !== 'false',
  email: (value) => EMAIL.test(value),
  numeric: (value) => NUMERIC.test(value),
  positiveNumber: (value) => POSITIVE_NUMBER.test(value),
  dni: (value) => DNI.test(value),
  telephone: (value) => TELEPHONE.test(value.replace(/\s/g, '')),
  dateSlash: isDateSlash,
  date: isDateSlash,
  required: (value) => value.trim() !== '',
  business: (value) => value.trim() !== '',
  url: (value) => URL_PATTERN.test(value),
  time: (value) => TIME.test(value),
};

const ALWAYS_CHECKED: ReadonlySet<ValidationRule> = new Set(['required', 'business']);

/** The message of the first rule the value breaks, or null when it passes them all. */
export function validateValue(
  value: unknown,
  rules: readonly ValidationRule[],
  language: Language = 'es',
): string | null {
  const text = value === null || value === undefined ? '' : String(value);
  const empty = text.trim() === '';
  for (const rule of rules) {
    if (empty && !ALWAYS_CHECKED.has(rule)) continue;
    if (!HOLDS[rule](text)) return VALIDATION_MESSAGES[rule][language];
  }
  return null;
}

/** The rules as a zod refinement: `z.string().superRefine(withRules(['required', 'email'], 'es'))`. */
export function withRules(rules: readonly ValidationRule[], language: Language = 'es') {
  return <T>(value: T, ctx: z.core.$RefinementCtx<T>) => {
    const message = validateValue(value, rules, language);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}
