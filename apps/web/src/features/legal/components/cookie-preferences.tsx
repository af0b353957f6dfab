import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CookieChoices, saveChoices, storedChoices } from '../../../lib/consent.ts';
import './legal-translations.ts';

/** The two choices of spec §2 (_ga 2 years, _guid 24 hours), both on unless refused before. */
export function CookiePreferences({
  onSaved,
  variant,
}: {
  onSaved?: () => void;
  variant: 'banner' | 'page';
}) {
  const { t } = useTranslation('legal');
  const [choices, setChoices] = useState<CookieChoices>(() => {
    const stored = storedChoices();
    return { ga: stored.ga ?? true, guid: stored.guid ?? true };
  });
  const save = (next: CookieChoices) => {
    saveChoices(next);
    onSaved?.();
  };
  const option = (key: keyof CookieChoices) => (
    <label className="cookie-option">
      <input
        type="checkbox"
        name={key}
        checked={choices[key]}
        onChange={(event) => setChoices({ ...choices, [key]: event.target.checked })}
      />
      <span>
        <strong>{t(`cookies.${key}`)}</strong>
        <small>{t(`cookies.${key}Help`)}</small>
      </span>
    </label>
  );
  return (
    <form
      className="cookie-preferences"
      onSubmit={(event) => {
        event.preventDefault();
        save(choices);
      }}
    >
      <fieldset>
        <legend className="visually-hidden">{t('cookies.title')}</legend>
        {option('ga')}
        {option('guid')}
      </fieldset>
      <div className="cookie-actions">
        <button type="submit" className="button">
          {variant === 'banner' ? t('cookies.accept') : t('cookies.save')}
        </button>
        <button type="button" className="button secondary" onClick={() => save({ ...choices, ga: false })}>
          {t('cookies.refuse')}
        </button>
      </div>
    </form>
  );
}
