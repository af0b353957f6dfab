import type { App } from '@storefront/contracts/app';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@storefront/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
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

type Strings = Record<string, unknown>;
type Bundles = Record<Language, Strings>;

/** Strings of modules that run before initI18n. */
const earlyBundles = new Map<string, Partial<Bundles>>();

/**
 * The entry's own strings (the shell's `common`, the cookie banner's), by namespace: loaded per language,
 * and carried by a server-rendered page in its page state, so that neither language is in the entry's
 * JavaScript (decision 013).
 */
const shellLoaders = new Map<string, Record<Language, () => Promise<Strings>>>([
  [
    'common',
    {
      es: () => import('../locales/es.json').then((module) => module.default),
      en: () => import('../locales/en.json').then((module) => module.default),
    },
  ],
]);
const shellLoaded = new Map<Language, Promise<Record<string, Strings>>>();

/** A module of the entry names the loaders of its strings (before initI18n, at its top). */
export function addShellTranslations(namespace: string, loaders: Record<Language, () => Promise<Strings>>) {
  shellLoaders.set(namespace, loaders);
}

/** The entry's strings of `language`, by namespace: what a server-rendered page carries. */
export function shellStrings(language: Language): Promise<Record<string, Strings>> {
  let loaded = shellLoaded.get(language);
  if (!loaded) {
    loaded = Promise.all(
      [...shellLoaders].map(async ([namespace, loaders]) => [namespace, await loaders[language]()] as const),
    ).then(Object.fromEntries);
    shellLoaded.set(language, loaded);
  }
  return loaded;
}

/** Loads the entry's strings of `language` before it is shown. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'common')) return;
  for (const [namespace, strings] of Object.entries(await shellStrings(language)))
    i18next.addResourceBundle(language, namespace, strings, true, false);
}

/**
 * Starts i18next in the page's language with the strings the server's page brought (`page`), or else in
 * the stored one with its strings loaded; Spanish, the fallback, loads when it is shown.
 */
export async function initI18n(
  page?: { language: Language; strings: Record<string, Strings> } | null,
): Promise<typeof i18next> {
  const lng = page?.language ?? storedLanguage();
  const shell = page?.strings ?? (await shellStrings(lng));
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries([
        ...(language === lng ? Object.entries(shell) : []),
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
