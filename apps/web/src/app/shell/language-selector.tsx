import type { Language } from '@storefront/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useAppRecord } from '../../lib/app-context.tsx';
import { changeLanguage } from '../../lib/i18n.ts';

/** Español / English, kept under `lang` (spec §1): the languages the app offers, if more than one. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const { languages } = useAppRecord();
  if (languages.length < 2) return null;
  return (
    <label className="language-selector">
      <span className="visually-hidden">{t('language.label')}</span>
      <select value={i18n.language} onChange={(event) => void changeLanguage(event.target.value as Language)}>
        {languages.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
