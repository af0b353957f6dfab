import type { Language } from './constants.ts';

/**
 * Every error the API answers with has a code here, its HTTP status and its message in each language.
 * The server maps an AppError to the DRF-style bodies of architecture §3; the storefront reads them.
 */
export const ERRORS = {
  UNEXPECTED: {
    status: 500,
    es: 'Algo malo ha pasado, por favor intentarlo más adelante.',
    en: 'Something went wrong, please try again later.',
  },
  NOT_FOUND: { status: 404, es: 'No encontrado.', en: 'Not found.' },
  CODE_NOT_FOUND: { status: 404, es: 'Este código no existe', en: 'This code does not exist' },
  APP_NOT_FOUND: {
    status: 404,
    es: 'No existe una aplicación para este dominio.',
    en: 'There is no app for this domain.',
  },
  API_KEY_MISMATCH: {
    status: 403,
    es: 'La clave de la aplicación no corresponde a este dominio.',
    en: 'The app key does not belong to this domain.',
  },
  NOT_AUTHENTICATED: {
    status: 401,
    es: 'Las credenciales de autenticación no se proveyeron.',
    en: 'Authentication credentials were not provided.',
  },
  INVALID_TOKEN: { status: 401, es: 'Token inválido.', en: 'Invalid token.' },
  FORBIDDEN: {
    status: 403,
    es: 'Usted no tiene permiso para realizar esta acción.',
    en: 'You do not have permission to perform this action.',
  },
  VALIDATION: {
    status: 400,
    es: 'Por favor corrija los campos indicados.',
    en: 'Please correct the relevant fields.',
  },
  MALFORMED_BODY: {
    status: 400,
    es: 'El cuerpo de la solicitud no es un JSON válido.',
    en: 'The request body is not valid JSON.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    es: 'Tipo de contenido no soportado.',
    en: 'Unsupported content type.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    es: 'La solicitud es demasiado grande.',
    en: 'The request is too large.',
  },
  METHOD_NOT_ALLOWED: { status: 405, es: 'Método no permitido.', en: 'Method not allowed.' },
  RATE_LIMITED: {
    status: 429,
    es: 'Demasiados intentos. Por favor espere unos minutos e intente de nuevo.',
    en: 'Too many attempts. Please wait a few minutes and try again.',
  },
} as const satisfies Record<string, { status: number } & Record<Language, string>>;

export type ErrorCode = keyof typeof ERRORS;

/** Field-level messages used in 400 bodies, `{field: [message]}`. */
export const FIELD_MESSAGES = {
  required: { es: 'Este campo es requerido', en: 'This field is required' },
  invalid: { es: 'Valor no válido.', en: 'Invalid value.' },
  unknownField: { es: 'Campo no permitido.', en: 'Field not allowed.' },
  tooLong: { es: 'El valor es demasiado largo.', en: 'The value is too long.' },
  tooSmall: { es: 'El valor es demasiado pequeño.', en: 'The value is too small.' },
  tooBig: { es: 'El valor es demasiado grande.', en: 'The value is too big.' },
} as const satisfies Record<string, Record<Language, string>>;

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Per-field messages for a 400; the key non_field_errors holds general ones. */
    readonly fields?: FieldErrors,
    /** Extra data answered as is (for example a coupon's state on 400 or 406). */
    readonly data?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code][language];
}
