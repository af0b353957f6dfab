import { LANGUAGES, type Language } from '@storefront/contracts/constants';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n.ts';

/** Español / English, kept under `lang` (spec §1). */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-selector">
      <span className="visually-hidden">{t('language.label')}</span>
      <select value={i18n.language} onChange={(event) => void changeLanguage(event.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
