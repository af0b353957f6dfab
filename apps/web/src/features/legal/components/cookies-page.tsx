import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.tsx';
import { CookiePreferences } from './cookie-preferences.tsx';

/** /cookies/: the same choices as the banner, with what each cookie does and how long it lasts. */
export function Component() {
  const { t } = useTranslation('legal');
  return (
    <article className="legal-page">
      <h1>{t('cookies.title')}</h1>
      <p>{t('cookies.intro')}</p>
      <CookiePreferences variant="page" onSaved={() => toast.success(t('cookies.saved'))} />
    </article>
  );
}
