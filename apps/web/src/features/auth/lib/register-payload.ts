import type { RegisterPayload } from '@storefront/contracts/accounts';
import type { DocumentType } from '@storefront/contracts/constants';
import { COUNTRIES } from '@storefront/contracts/countries';
import { firstWord } from '../../../lib/text.ts';

export interface RegisterValues {
  document_type: DocumentType;
  document_number: string;
  first_name: string;
  last_name: string;
  /** The chosen country (its code); the payload carries its dial code. */
  country_code_number: string;
  mobile_number: string;
  email: string;
  password: string;
  accepted_terms_cond: boolean;
  accepted_data_processing: boolean;
  confirmed_age: boolean;
}

/**
 * The registration payload (spec §3, §5): names cut to the first word, e-mail lowercased, document
 * uppercased, the mobile number with its country's dial code in front; empty optional fields left out.
 */
export function registerPayload(values: RegisterValues, captchaToken?: string): RegisterPayload {
  const dial = COUNTRIES.find((country) => country.code === values.country_code_number)?.dial_code;
  const mobile = values.mobile_number.replace(/[\s()-]/g, '');
  const document = values.document_number.trim().toUpperCase();
  return {
    document_type: values.document_type,
    ...(document ? { document_number: document } : {}),
    first_name: firstWord(values.first_name),
    last_name: firstWord(values.last_name),
    email: values.email.trim().toLowerCase(),
    ...(mobile && dial ? { mobile_number: `${dial}${mobile}`, country_code_number: dial } : {}),
    password: values.password,
    ...(captchaToken ? { captcha_token: captchaToken } : {}),
    accepted_terms_cond: true,
  };
}
