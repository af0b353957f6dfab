import { addShellTranslations } from '../../../lib/i18n.ts';
import './legal.css';

// The cookie banner is in the entry: it brings the consent strings alone (legal:cookies.*), not the
// policies' texts, which come with the policy pages (legal-translations.ts). A server-rendered page
// carries them; otherwise the page's language loads its own.
addShellTranslations('legal', {
  es: () => import('../locales/cookies.es.json').then((module) => ({ cookies: module.default })),
  en: () => import('../locales/cookies.en.json').then((module) => ({ cookies: module.default })),
});
