import type { LoginPayload } from '@storefront/contracts/accounts';
import type { App } from '@storefront/contracts/app';
import type { DocumentType } from '@storefront/contracts/constants';
import { validateValue } from '@storefront/contracts/validators';
import { ApiError } from '../../../lib/api-client.ts';
import type { ValidateAnswer } from '../api/auth-api.ts';

/** The login tabs, in the order the app lists them. */
export const LOGIN_MODES = ['EMAIL', 'MOBILE_NUMBER', 'DOCUMENT', 'ONLY_DOCUMENT'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

const SOCIAL = { GOOGLE: 'google', FACEBOOK: 'facebook', IOS: 'apple' } as const;
export type SocialButton = {
  provider: (typeof SOCIAL)[keyof typeof SOCIAL];
  settings: Record<string, unknown>;
};

type Methods = App['signin_methods'];

/** The first sign-in method of type ONLY_DOCUMENT disables the others (spec §4). */
const onlyDocumentFirst = (methods: Methods) => methods[0]?.type === 'ONLY_DOCUMENT';

/** The tabs to show, one per enabled method, each once. */
export function loginModes(methods: Methods): LoginMode[] {
  if (onlyDocumentFirst(methods)) return ['ONLY_DOCUMENT'];
  const modes = methods
    .map((method) => method.type)
    .filter((type): type is LoginMode => (LOGIN_MODES as readonly string[]).includes(type));
  return [...new Set(modes)];
}

/** Google, Facebook and Apple buttons for the enabled providers (none when only-document rules). */
export function socialButtons(methods: Methods): SocialButton[] {
  if (onlyDocumentFirst(methods)) return [];
  return methods.flatMap((method) =>
    method.type in SOCIAL
      ? [{ provider: SOCIAL[method.type as keyof typeof SOCIAL], settings: method.settings }]
      : [],
  );
}

export interface LoginValues {
  email: string;
  mobile_number: string;
  document_type: DocumentType;
  document_number: string;
  password: string;
}

/** The form's values: the document type may still be unchosen. */
export type LoginFormValues = Omit<LoginValues, 'document_type'> & { document_type: DocumentType | '' };

/**
 * The checks of spec §5 Login for the chosen tab: each failing field with the key of its exact message.
 * Plain checks rather than a zod schema, so that the login page, a first page, carries no zod.
 */
export function loginFieldErrors(
  mode: LoginMode,
  values: LoginFormValues,
): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (mode === 'EMAIL' && validateValue(values.email.trim(), ['required', 'email'])) {
    errors.email = 'login.errors.email';
  }
  if (mode === 'MOBILE_NUMBER' && !values.mobile_number.trim()) errors.mobile_number = 'login.errors.mobile';
  if (mode === 'DOCUMENT' || mode === 'ONLY_DOCUMENT') {
    if (!values.document_type) errors.document_type = 'login.errors.documentType';
    if (!values.document_number.trim()) errors.document_number = 'login.errors.documentNumber';
  }
  if (mode !== 'ONLY_DOCUMENT' && !values.password) errors.password = 'login.errors.password';
  return errors;
}

/** What is sent for each tab: e-mail lowercased, document uppercased (spec §5 Login). */
export function loginPayload(mode: LoginMode, values: LoginValues, captchaToken?: string): LoginPayload {
  const captcha = captchaToken ? { captcha_token: captchaToken } : {};
  const document = {
    document_type: values.document_type,
    document_number: values.document_number.trim().toUpperCase(),
  };
  switch (mode) {
    case 'EMAIL':
      return { email: values.email.trim().toLowerCase(), password: values.password, ...captcha };
    case 'MOBILE_NUMBER':
      return {
        mobile_number: values.mobile_number.replace(/\s/g, ''),
        password: values.password,
        ...captcha,
      };
    case 'DOCUMENT':
      return { ...document, password: values.password, ...captcha };
    case 'ONLY_DOCUMENT':
      return { ...document, ...captcha };
  }
}

export type OnlyDocumentStep =
  | { kind: 'login' }
  | { kind: 'register' }
  | { kind: 'error'; message: string | null };

/**
 * The only-document flow after `POST v5/validate/` (spec §4): a registered document logs in, one that may
 * register goes to the register page, anything else shows the first server error (null: the default
 * 'Ocurrió un error al ingresar').
 */
export function onlyDocumentStep(answer: ValidateAnswer | null, error?: unknown): OnlyDocumentStep {
  if (answer?.is_registered) return { kind: 'login' };
  if (answer?.can_register) return { kind: 'register' };
  return { kind: 'error', message: error instanceof ApiError ? (error.firstMessage() ?? null) : null };
}
