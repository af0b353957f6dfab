import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import './legal-translations.ts';
import { Picture } from '../../../components/ui/picture.tsx';

/** FAQs: the app's site HTML, sanitised; the logo while there is none; a loading text while fields are missing. */
export function Component() {
  const { t } = useTranslation('legal');
  const app = useAppRecord();
  const company = useCompany();
  const logo = company.logo ?? app.logo;
  if (!app.site) {
    return (
      <p className="legal-page" role="status">
        {t('faqs.loading')}
      </p>
    );
  }
  const faqs = app.site.faqs?.trim();
  return (
    <article className="legal-page">
      <h1>{t('faqs.title')}</h1>
      {faqs ? (
        <SafeHtml html={faqs} className="tenant-html" />
      ) : (
        <div className="legal-empty">
          {logo && <Picture src={logo} alt={company.name} width={160} height={64} />}
          <p>{t('faqs.empty')}</p>
        </div>
      )}
    </article>
  );
}
