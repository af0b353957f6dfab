import { DEFAULT_LANGUAGE, type Language } from '@storefront/contracts/constants';

/** Messages follow Accept-Language: English when it comes first, Spanish otherwise (architecture §3). */
export function languageOf(acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}
