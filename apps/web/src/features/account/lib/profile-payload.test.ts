import type { Me } from '@storefront/contracts/accounts';
import type { App } from '@storefront/contracts/app';
import { describe, expect, it } from 'vitest';
import { ageOn, defaultDialCode, profileDefaults, profilePayload } from './profile-payload.ts';

const me: Me = {
  uid: 'u1',
  email: 'socio@demo.pe',
  email_verified: true,
  first_name: 'Lucía',
  last_name: 'Quispe',
  birthdate: null,
  document_type: 'NATIONAL_ID',
  document_number: '44556677',
  gender: null,
  mobile_number: '+51987654321',
  country_code_number: '+51',
  area: 'area-lima',
  language: 'es',
  order_status_mails: true,
  is_profile_complete: false,
  is_staff: false,
};

const app = {
  countries: [
    { code: 'PE', name: 'Perú', areas: [{ uid: 'area-lima', name: 'Lima', country_code: 'PE' }] },
    { code: 'MX', name: 'México', areas: [{ uid: 'area-cdmx', name: 'CDMX', country_code: 'MX' }] },
  ],
} as unknown as App;

describe('complete-data submit (spec §4)', () => {
  it('sends only the first word of each name, and nothing unchanged', () => {
    const values = { ...profileDefaults(app, me), first_name: 'Lucía María', last_name: 'Quispe Mamani' };
    expect(profilePayload(values, me)).toEqual({});
    expect(profilePayload({ ...values, first_name: ' Ana  Lucía' }, me)).toEqual({ first_name: 'Ana' });
  });

  it('omits an empty birthdate or gender and converts the date', () => {
    const values = profileDefaults(app, me);
    expect(profilePayload({ ...values, birthdate: '', gender: '' }, me)).toEqual({});
    expect(profilePayload({ ...values, birthdate: '14/05/1990', gender: 'f' }, me)).toEqual({
      birthdate: '1990-05-14',
      gender: 'f',
    });
  });

  it('sends the mobile number with its dial code plus country_code_number', () => {
    const values = { ...profileDefaults(app, me), country: 'MX', mobile_number: '5512345678' };
    expect(profilePayload(values, me)).toEqual({
      mobile_number: '+525512345678',
      country_code_number: '+52',
    });
  });

  it('removes both the number and its code when the mobile number is emptied', () => {
    const values = { ...profileDefaults(app, me), mobile_number: '' };
    expect(profilePayload(values, me)).toEqual({ mobile_number: null, country_code_number: null });
    const withoutMobile = { ...me, mobile_number: null, country_code_number: null };
    expect(profilePayload(values, withoutMobile)).toEqual({});
  });

  it('uppercases a new document number and leaves an empty one alone', () => {
    const values = profileDefaults(app, { ...me, document_number: null });
    expect(profilePayload({ ...values, document_number: 'x1' }, { ...me, document_number: null })).toEqual({
      document_number: 'X1',
    });
    expect(profilePayload({ ...values, document_number: '' }, { ...me, document_number: null })).toEqual({});
  });

  it('prefills the phone split from its dial code', () => {
    expect(profileDefaults(app, me)).toMatchObject({
      country: 'PE',
      mobile_number: '987654321',
      birthdate: '',
    });
  });

  it('defaults the dial code to +51, replaced by the country of the member area', () => {
    const bare = { ...me, mobile_number: null, country_code_number: null };
    expect(defaultDialCode(app, { ...bare, area: null })).toBe('+51');
    expect(defaultDialCode(app, { ...bare, area: 'area-cdmx' })).toBe('+52');
    expect(profileDefaults(app, { ...bare, area: 'area-cdmx' }).country).toBe('MX');
  });

  it('counts whole years of age', () => {
    expect(ageOn('15/05/2000', new Date(2018, 4, 14))).toBe(17);
    expect(ageOn('15/05/2000', new Date(2018, 4, 15))).toBe(18);
  });
});
