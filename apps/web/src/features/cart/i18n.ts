import { addTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';
import es from './locales/es.json';

addTranslations('cart', { es, en });
