import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { toast } from '../../../lib/toast.tsx';
import { CookiePreferences } from './cookie-preferences.tsx';

/** /cookies/: the same choices as the banner, with what each cookie does and how long it lasts. */
export function Component() {
  const { t } = useTranslation('legal');
  const html = useAppRecord().site.cookies;
  return (
    <article className="legal-page">
      <h1>{t('cookies.title')}</h1>
      {html?.trim() ? <SafeHtml html={html} className="tenant-html" /> : <p>{t('cookies.intro')}</p>}
      <CookiePreferences variant="page" onSaved={() => toast.success(t('cookies.saved'))} />
    </article>
  );
}
