import { z } from 'zod';
import { DOCUMENT_TYPES, GENDERS, LANGUAGES, type Language } from './constants.ts';
import { isoDate } from './validators.ts';

/** Passwords: at least 8 characters (architecture §4 Accounts); the upper bound keeps hashing cheap. */
export const PASSWORD_MIN_LENGTH = 8;
const password = z.string().min(PASSWORD_MIN_LENGTH).max(200);
const email = z.email().max(254);
const documentNumber = z.string().trim().min(1).max(20);
const mobileNumber = z.string().trim().min(1).max(20);
/**
 * Fields whose content the server checks with the spec §5 rules (validators.ts), so that the answer
 * carries the rule's exact message in the member's language: here only their type and length.
 */
const ruledText = (max: number) => z.string().trim().max(max);
const countryCodeNumber = z.string().regex(/^\+\d{1,4}$/);
const captchaToken = z.string().max(4000).optional();

/** How long each single-use link lives (architecture §4 Accounts). */
export const LINK_LIFETIME_HOURS = {
  RESET_PASSWORD: 1,
  VERIFY_EMAIL: 7 * 24,
  DELETE_ACCOUNT: 24,
  /** The welcome mail of a member created at the counter: their first password, within a week. */
  SET_PASSWORD: 7 * 24,
} as const;
export type LinkPurpose = keyof typeof LINK_LIFETIME_HOURS;

/** `POST v5/login/`: e-mail or mobile number with a password, or a document (spec §3 Login payload). */
export const loginSchema = z.strictObject({
  email: email.optional(),
  mobile_number: mobileNumber.optional(),
  document_type: z.enum(DOCUMENT_TYPES).optional(),
  document_number: documentNumber.optional(),
  password: z.string().min(1).max(200).optional(),
  captcha_token: captchaToken,
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const socialLoginSchema = z.strictObject({ access_token: z.string().min(1).max(4000) });
/** `POST v5/login/mobile/apple/`: the identity token (a JWT) that Sign in with Apple answers. */
export const appleLoginSchema = z.strictObject({ id_token: z.string().min(1).max(8000) });

export const tokenResponseSchema = z.object({ token: z.string() });

/** `POST v5/validate/`: is a document registered, and may it register (spec §3 Validate response). */
export const validateSchema = z.strictObject({
  document_type: z.enum(DOCUMENT_TYPES).default('NATIONAL_ID'),
  document_number: documentNumber,
  captcha_token: captchaToken,
});
export const validateResponseSchema = z.object({ is_registered: z.boolean(), can_register: z.boolean() });

/** `POST v5/register/` (spec §3 Registration payload). */
export const registerSchema = z.strictObject({
  document_type: z.enum(DOCUMENT_TYPES).default('NATIONAL_ID'),
  document_number: ruledText(20).optional(),
  first_name: ruledText(100),
  last_name: ruledText(100),
  email: ruledText(254),
  mobile_number: ruledText(20).optional(),
  country_code_number: countryCodeNumber.optional(),
  password,
  captcha_token: captchaToken,
  accepted_terms_cond: z.literal(true),
});
export type RegisterPayload = z.infer<typeof registerSchema>;

/** The member's own profile (spec §3 User). */
export const meSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  birthdate: z.iso.date().nullable(),
  document_type: z.enum(DOCUMENT_TYPES),
  document_number: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  mobile_number: z.string().nullable(),
  country_code_number: z.string().nullable(),
  area: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** A mail on each status change of the member's orders (the receipt is always sent). */
  order_status_mails: z.boolean(),
  /** first_name, last_name, birthdate, document_number and gender are all set (spec §3). */
  is_profile_complete: z.boolean(),
  is_staff: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** `PATCH v5/me/`: the complete-info and profile forms. The e-mail is not changed here. */
export const updateMeSchema = z.strictObject({
  first_name: ruledText(100).optional(),
  last_name: ruledText(100).optional(),
  birthdate: isoDate().nullable().optional(),
  document_type: z.enum(DOCUMENT_TYPES).optional(),
  document_number: documentNumber.nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  /** Empty (or null) removes the number and its country code (spec §4 Complete-data submit). */
  mobile_number: z.string().trim().max(20).nullable().optional(),
  country_code_number: countryCodeNumber.nullable().optional(),
  area: z.string().max(64).nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  order_status_mails: z.boolean().optional(),
});
export type UpdateMePayload = z.infer<typeof updateMeSchema>;

export const changePasswordSchema = z.strictObject({
  current_password: z.string().min(1).max(200),
  password,
  password_confirmation: z.string().max(200),
});

export const resetRequestSchema = z.strictObject({ email: ruledText(254), captcha_token: captchaToken });
export const resetConfirmSchema = z.strictObject({ password, password_confirmation: z.string().max(200) });

export const detailSchema = z.object({ detail: z.string() });

/** A program the member would lose, listed on the deletion page (spec §3 Promotion in deletion list). */
export const deletionProgramSchema = z.object({
  uid: z.string(),
  name: z.string(),
  coins: z.number().int(),
  total_points: z.number().int(),
});

/** Messages of successful account calls, answered as `{detail}`. */
export const ACCOUNT_MESSAGES = {
  resetMailSent: {
    es: 'Correo enviado. Por favor revise su bandeja de entrada.',
    en: 'Email sent. Please check your inbox.',
  },
  deletionMailSent: {
    es: 'Te enviamos un correo con el link para eliminar tu cuenta.',
    en: 'We sent you an email with the link to delete your account.',
  },
  passwordUpdated: { es: 'Contraseña actualizada.', en: 'Password updated.' },
  emailValidated: { es: 'Correo validado.', en: 'Email validated.' },
  linkValid: { es: 'El link es válido.', en: 'The link is valid.' },
  accountDeleted: {
    es: 'Tu cuenta ha sido eliminada, ¡hasta pronto!',
    en: 'Your account has been deleted, see you soon!',
  },
  loggedOut: { es: 'Sesión cerrada.', en: 'Signed out.' },
} as const satisfies Record<string, Record<Language, string>>;
