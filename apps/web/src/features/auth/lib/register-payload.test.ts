import { describe, expect, it } from 'vitest';
import { registerPayload } from './register-payload.ts';

const values = {
  document_type: 'PASSPORT' as const,
  document_number: ' ab123456 ',
  first_name: '  María José ',
  last_name: 'de la Cruz',
  country_code_number: 'MX',
  mobile_number: '55 1234 5678',
  email: ' Nueva@Demo.PE',
  password: 'Secreta123',
  accepted_terms_cond: true,
  accepted_data_processing: true,
  confirmed_age: true,
};

describe('register payload (spec §5 Register)', () => {
  it('cuts names to the first word, lowercases the e-mail, uppercases the document, prefixes the dial code', () => {
    expect(registerPayload(values, 'tok')).toEqual({
      document_type: 'PASSPORT',
      document_number: 'AB123456',
      first_name: 'María',
      last_name: 'de',
      email: 'nueva@demo.pe',
      mobile_number: '+525512345678',
      country_code_number: '+52',
      password: 'Secreta123',
      captcha_token: 'tok',
      accepted_terms_cond: true,
    });
  });

  it('leaves out an empty document and mobile number', () => {
    const payload = registerPayload({ ...values, document_number: ' ', mobile_number: '' });
    expect(payload).not.toHaveProperty('document_number');
    expect(payload).not.toHaveProperty('mobile_number');
    expect(payload).not.toHaveProperty('country_code_number');
    expect(payload).not.toHaveProperty('captcha_token');
  });
});
