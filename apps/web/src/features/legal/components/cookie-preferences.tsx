import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { type CookieChoices, saveChoices, storedChoices } from '../../../lib/consent.ts';
import './cookie-translations.ts';

/**
 * The two choices of spec §2 (_ga 2 years, _guid 24 hours). Consent is opt-in: a box is checked only
 * once the person has checked it (unchecked until then), and "accept all" and "refuse" are equal
 * choices side by side (decision record 018). The banner folds the boxes under "Personalizar".
 */
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
    return { ga: stored.ga ?? false, guid: stored.guid ?? false };
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
  const boxes = (
    <>
      <fieldset>
        <legend className="visually-hidden">{t('cookies.title')}</legend>
        {option('ga')}
        {option('guid')}
      </fieldset>
      <SubmitButton className="button secondary cookie-save">{t('cookies.save')}</SubmitButton>
    </>
  );
  return (
    <form
      className={`cookie-preferences cookie-preferences-${variant}`}
      onSubmit={(event) => {
        event.preventDefault();
        save(choices);
      }}
    >
      {variant === 'banner' ? (
        <details className="cookie-customise">
          <summary>{t('cookies.customise')}</summary>
          {boxes}
        </details>
      ) : (
        boxes
      )}
      <div className="cookie-actions">
        <button type="button" className="button cookie-choice" onClick={() => save({ ga: true, guid: true })}>
          {t('cookies.acceptAll')}
        </button>
        <button
          type="button"
          className="button cookie-choice"
          onClick={() => save({ ga: false, guid: false })}
        >
          {t('cookies.refuse')}
        </button>
      </div>
    </form>
  );
}
