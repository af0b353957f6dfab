import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from '../locales/en.ts';
import spanishMessages from '../locales/es.ts';

export type Language = 'es' | 'en';

/** Spanish first, like the storefront; English for a browser that asks for it. */
const initialLanguage: Language = navigator.language.toLowerCase().startsWith('en') ? 'en' : 'es';

/** Both languages ship with the first screen (3 KiB gzipped each): the first render needs its messages at once. */
const messagesOf = (locale: string) => (locale === 'en' ? englishMessages : spanishMessages);

const provider = polyglotI18nProvider(messagesOf, initialLanguage, [
  { locale: 'es', name: 'Español' },
  { locale: 'en', name: 'English' },
]);

document.documentElement.lang = initialLanguage;

/**
 * react-admin's i18n over its own polyglot provider (decision 021-admin-framework). The choice of language persists in
 * react-admin's store; the page's `lang` and the API's Accept-Language follow it.
 */
export const i18nProvider = {
  ...provider,
  async changeLocale(locale: string) {
    await provider.changeLocale(locale);
    document.documentElement.lang = locale;
  },
};

export const currentLanguage = (): Language => (provider.getLocale() === 'en' ? 'en' : 'es');
