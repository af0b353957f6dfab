import { addTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';
import es from './locales/es.json';

// Imported by every entry module of the feature (pages and the sidebar's selectors).
addTranslations('menu', { es, en });
