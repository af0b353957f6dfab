import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import spanishMessages from '../locales/es.ts';

export type Language = 'es' | 'en';

/** Spanish first, like the storefront; English for a browser that asks for it. */
const initialLanguage: Language = navigator.language.toLowerCase().startsWith('en') ? 'en' : 'es';

/** Spanish ships with the first screen; English loads when picked. */
const messagesOf = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en' ? import('../locales/en.ts').then((module) => module.default) : spanishMessages;

const provider = polyglotI18nProvider(messagesOf, initialLanguage, [
  { locale: 'es', name: 'Español' },
  { locale: 'en', name: 'English' },
]);

document.documentElement.lang = initialLanguage;

/**
 * react-admin's i18n over its own polyglot provider (decision 019). The choice of language persists in
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
