import type { Me, UpdateMePayload } from '@storefront/contracts/accounts';
import type { App } from '@storefront/contracts/app';
import { DEFAULT_DIAL_CODE } from '@storefront/contracts/constants';
import { COUNTRIES } from '@storefront/contracts/countries';
import { firstWord } from '../../../lib/text.ts';

/** The complete-info and profile form, as typed (birthdate DD/MM/YYYY, the phone's country by its code). */
export interface ProfileValues {
  first_name: string;
  last_name: string;
  document_number: string;
  birthdate: string;
  gender: '' | 'f' | 'm';
  country: string;
  mobile_number: string;
}

const dialOf = (countryCode: string) => COUNTRIES.find((country) => country.code === countryCode)?.dial_code;
const countryOf = (dialCode: string) => COUNTRIES.find((country) => country.dial_code === dialCode)?.code;

export const isoToSlash = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');
export const slashToIso = (date: string) => date.split('/').reverse().join('-');

/**
 * The dial code the phone starts with: the member's own, else the country of their area, else +51
 * (spec §4 Complete-data submit).
 */
export function defaultDialCode(app: App, me: Me): string {
  if (me.country_code_number) return me.country_code_number;
  const areaCountry = app.countries.find((country) => country.areas.some((area) => area.uid === me.area));
  return (areaCountry && dialOf(areaCountry.code)) ?? DEFAULT_DIAL_CODE;
}

export function profileDefaults(app: App, me: Me): ProfileValues {
  const dial = defaultDialCode(app, me);
  const mobile = me.mobile_number ?? '';
  return {
    first_name: me.first_name,
    last_name: me.last_name,
    document_number: me.document_number ?? '',
    birthdate: isoToSlash(me.birthdate),
    gender: me.gender ?? '',
    country: countryOf(dial) ?? 'PE',
    mobile_number: mobile.startsWith(dial) ? mobile.slice(dial.length) : mobile,
  };
}

/**
 * What the form sends (spec §4 Complete-data submit): the first word of each name; nothing the member
 * already has unchanged; no empty birthdate or gender; the mobile number with its dial code in front plus
 * country_code_number; an emptied mobile number removes both.
 */
export function profilePayload(values: ProfileValues, me: Me): UpdateMePayload {
  const payload: UpdateMePayload = {};
  const firstName = firstWord(values.first_name);
  const lastName = firstWord(values.last_name);
  if (firstName && firstName !== me.first_name) payload.first_name = firstName;
  if (lastName && lastName !== me.last_name) payload.last_name = lastName;
  const document = values.document_number.trim().toUpperCase();
  if (document && document !== me.document_number) payload.document_number = document;
  if (values.birthdate) {
    const birthdate = slashToIso(values.birthdate);
    if (birthdate !== me.birthdate) payload.birthdate = birthdate;
  }
  if (values.gender && values.gender !== me.gender) payload.gender = values.gender;
  const digits = values.mobile_number.replace(/[\s()-]/g, '');
  const dial = dialOf(values.country) ?? DEFAULT_DIAL_CODE;
  if (!digits) {
    if (me.mobile_number) {
      payload.mobile_number = null;
      payload.country_code_number = null;
    }
  } else if (`${dial}${digits}` !== me.mobile_number || dial !== me.country_code_number) {
    payload.mobile_number = `${dial}${digits}`;
    payload.country_code_number = dial;
  }
  return payload;
}

/** Whole years between a DD/MM/YYYY birthdate and today. */
export function ageOn(birthdate: string, today = new Date()): number {
  const [day, month, year] = birthdate.split('/').map(Number) as [number, number, number];
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  return today.getFullYear() - year - (beforeBirthday ? 1 : 0);
}
