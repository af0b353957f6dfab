import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../features/legal/components/cookie-translations.ts';
import cookies from '../features/legal/locales/cookies.es.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { changeLanguage, initI18n, shellStrings } from './i18n.ts';

describe("the entry's strings (decision 013)", () => {
  it('are the shell and cookie banner strings of one language, what a server-rendered page carries', async () => {
    const strings = await shellStrings('en');
    expect(Object.keys(strings).sort()).toEqual(['common', 'legal']);
    expect(strings.common).toEqual(en);
    expect(strings.legal).toHaveProperty('cookies.bannerTitle');
    expect(JSON.stringify(strings)).not.toContain(es.menu.open);
  });

  it("start i18next from the page's strings, and load another language when it is picked", async () => {
    const page = { language: 'en' as const, strings: { common: { menu: { open: 'Open it' } } } };
    await initI18n(page);
    expect(i18next.language).toBe('en');
    expect(i18next.t('menu.open')).toBe('Open it');
    expect(i18next.hasResourceBundle('es', 'common')).toBe(false);

    await changeLanguage('es');
    expect(i18next.t('menu.open')).toBe(es.menu.open);
    expect(i18next.t('legal:cookies.bannerTitle')).toBe(cookies.bannerTitle);
  });
});
