import { addTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';
import es from './locales/es.json';

// Imported by every page module of the feature.
addTranslations('orders', { es, en });
