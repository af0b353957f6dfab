import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { loginFieldErrors, loginModes, loginPayload, onlyDocumentStep, socialButtons } from './login-flow.ts';

const method = (type: string, settings: Record<string, unknown> = {}) =>
  ({ type, settings }) as { type: 'EMAIL'; settings: Record<string, unknown> };

const values = {
  email: '  Socio@Demo.PE ',
  mobile_number: '+51 987 654 321',
  document_type: 'NATIONAL_ID' as const,
  document_number: ' ab123 ',
  password: 'Demo1234!',
};

describe('login tabs and buttons', () => {
  it('shows a tab per enabled method, in order, each once', () => {
    const methods = [
      method('EMAIL'),
      method('GOOGLE'),
      method('MOBILE_NUMBER'),
      method('DOCUMENT'),
      method('EMAIL'),
    ];
    expect(loginModes(methods)).toEqual(['EMAIL', 'MOBILE_NUMBER', 'DOCUMENT']);
  });

  it('lets a first ONLY_DOCUMENT method disable every other method and button', () => {
    const methods = [method('ONLY_DOCUMENT'), method('EMAIL'), method('GOOGLE', { client_id: 'x' })];
    expect(loginModes(methods)).toEqual(['ONLY_DOCUMENT']);
    expect(socialButtons(methods)).toEqual([]);
  });

  it('keeps ONLY_DOCUMENT as one tab among others when it is not first', () => {
    expect(loginModes([method('EMAIL'), method('ONLY_DOCUMENT')])).toEqual(['EMAIL', 'ONLY_DOCUMENT']);
  });

  it('shows Google, Facebook and Apple buttons with their settings', () => {
    const methods = [
      method('EMAIL'),
      method('GOOGLE', { client_id: 'g' }),
      method('FACEBOOK'),
      method('IOS'),
    ];
    expect(socialButtons(methods)).toEqual([
      { provider: 'google', settings: { client_id: 'g' } },
      { provider: 'facebook', settings: {} },
      { provider: 'apple', settings: {} },
    ]);
  });
});

describe('login checks (spec §5 Login)', () => {
  const empty = {
    email: ' ',
    mobile_number: ' ',
    document_type: '' as const,
    document_number: ' ',
    password: '',
  };

  it('checks the fields of the chosen tab, and the password except for only-document', () => {
    expect(loginFieldErrors('EMAIL', empty)).toEqual({
      email: 'login.errors.email',
      password: 'login.errors.password',
    });
    expect(loginFieldErrors('MOBILE_NUMBER', empty)).toEqual({
      mobile_number: 'login.errors.mobile',
      password: 'login.errors.password',
    });
    expect(loginFieldErrors('DOCUMENT', empty)).toEqual({
      document_type: 'login.errors.documentType',
      document_number: 'login.errors.documentNumber',
      password: 'login.errors.password',
    });
    expect(loginFieldErrors('ONLY_DOCUMENT', empty)).toEqual({
      document_type: 'login.errors.documentType',
      document_number: 'login.errors.documentNumber',
    });
  });

  it('refuses a malformed e-mail and passes filled tabs', () => {
    expect(loginFieldErrors('EMAIL', { ...values, email: 'socio@' })).toEqual({
      email: 'login.errors.email',
    });
    for (const mode of ['EMAIL', 'MOBILE_NUMBER', 'DOCUMENT', 'ONLY_DOCUMENT'] as const) {
      expect(loginFieldErrors(mode, values)).toEqual({});
    }
  });
});

describe('login payload (spec §5 Login)', () => {
  it('lowercases the e-mail', () => {
    expect(loginPayload('EMAIL', values)).toEqual({ email: 'socio@demo.pe', password: 'Demo1234!' });
  });
  it('uppercases the document number', () => {
    expect(loginPayload('DOCUMENT', values, 'captcha')).toEqual({
      document_type: 'NATIONAL_ID',
      document_number: 'AB123',
      password: 'Demo1234!',
      captcha_token: 'captcha',
    });
  });
  it('sends the mobile number without spaces', () => {
    expect(loginPayload('MOBILE_NUMBER', values)).toEqual({
      mobile_number: '+51987654321',
      password: 'Demo1234!',
    });
  });
  it('sends no password for only-document', () => {
    expect(loginPayload('ONLY_DOCUMENT', values)).toEqual({
      document_type: 'NATIONAL_ID',
      document_number: 'AB123',
    });
  });
});

describe('only-document flow (spec §4)', () => {
  it('logs a registered document in', () => {
    expect(onlyDocumentStep({ is_registered: true, can_register: false })).toEqual({ kind: 'login' });
  });
  it('sends a document that may register to the register page', () => {
    expect(onlyDocumentStep({ is_registered: false, can_register: true })).toEqual({ kind: 'register' });
  });
  it('shows the default error when neither holds', () => {
    expect(onlyDocumentStep({ is_registered: false, can_register: false })).toEqual({
      kind: 'error',
      message: null,
    });
  });
  it('shows the first server error', () => {
    const error = new ApiError(400, {
      document_number: ['Ingresar un dni correcto.'],
      non_field_errors: ['x'],
    });
    expect(onlyDocumentStep(null, error)).toEqual({ kind: 'error', message: 'Ingresar un dni correcto.' });
    expect(onlyDocumentStep(null, new Error('offline'))).toEqual({ kind: 'error', message: null });
  });
});
