import type { App } from '@storefront/contracts/app';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@storefront/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '../locales/es.json';
import { STORAGE_KEYS, storage } from './storage.ts';

export function storedLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.lang);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

/**
 * The language a page of this app shows: the visitor's pick when the app offers it, else the app's
 * default (its admin settings). The server's render and the browser agree on it.
 */
export function appLanguage(
  app: Pick<App, 'language' | 'languages'>,
  picked: string | null | undefined,
): Language {
  return app.languages.includes(picked as Language) ? (picked as Language) : app.language;
}

type Bundles = Record<Language, Record<string, unknown>>;

/** Strings of modules that run before initI18n. */
const earlyBundles = new Map<string, Partial<Bundles>>();

/**
 * The shell's strings of a language. Spanish, the default and the fallback, is in the entry; English
 * comes in its own chunk when it is shown, so a Spanish first page does not carry it.
 */
async function commonStrings(language: Language): Promise<Record<string, unknown>> {
  return language === DEFAULT_LANGUAGE ? es : (await import('../locales/en.json')).default;
}

/** Loads the shell's strings of `language` before it is shown. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'common')) return;
  i18next.addResourceBundle(language, 'common', await commonStrings(language), true, false);
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = storedLanguage();
  const common = { [DEFAULT_LANGUAGE]: es, [lng]: await commonStrings(lng) };
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries([
        ...(common[language] ? [['common', common[language]]] : []),
        ...[...earlyBundles].map(([namespace, bundles]) => [namespace, bundles[language]]),
      ]),
    ]),
  );
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return i18next;
}

/** Shows the app's language (`appLanguage`) once its record is known, without storing it as a pick. */
export async function applyAppLanguage(app: Pick<App, 'language' | 'languages'>): Promise<void> {
  const language = appLanguage(app, storage.get(STORAGE_KEYS.lang));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18next.language !== language) {
    await loadLanguage(language);
    await i18next.changeLanguage(language);
  }
}

/** The language selector keeps its choice under `lang` (spec §1). */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  storage.set(STORAGE_KEYS.lang, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/**
 * A feature brings its own strings in its own chunk: `addTranslations('cart', { es, en })` at the top of
 * the feature's module, then `useTranslation('cart')`.
 */
export function addTranslations(namespace: string, bundles: Bundles): void {
  // i18next has no store before init.
  if (!i18next.isInitialized && !i18next.isInitializing) {
    earlyBundles.set(namespace, bundles);
    return;
  }
  for (const language of LANGUAGES) {
    i18next.addResourceBundle(language, namespace, bundles[language], true, false);
  }
}
