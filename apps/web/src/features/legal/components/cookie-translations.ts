import { addTranslations } from '../../../lib/i18n.ts';
import en from '../locales/cookies.en.json';
import es from '../locales/cookies.es.json';
import './legal.css';

// The cookie banner is in the entry: it brings the consent strings alone (legal:cookies.*), not the
// policies' texts, which come with the policy pages (legal-translations.ts).
addTranslations('legal', { es: { cookies: es }, en: { cookies: en } });
