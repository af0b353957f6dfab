import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import './legal-translations.ts';
import { Picture } from '../../../components/ui/picture.tsx';

/** /about, the hidden footer link: who runs this store, and the policies. */
export function Component() {
  const { t } = useTranslation('legal');
  const app = useAppRecord();
  const company = useCompany();
  const logo = company.logo ?? app.logo;
  return (
    <article className="legal-page">
      {logo && <Picture src={logo} alt="" width={160} height={64} />}
      <h1>{t('about.title', { name: company.name })}</h1>
      {company.description && <p>{company.description}</p>}
      <ul>
        <li>
          <Link to="/terms-and-conditions">{t('terms.title')}</Link>
        </li>
        <li>
          <Link to="/politics">{t('privacy.title')}</Link>
        </li>
        <li>
          <Link to="/faqs">{t('faqs.title')}</Link>
        </li>
        <li>
          <Link to="/cookies/">{t('cookies.title')}</Link>
        </li>
      </ul>
    </article>
  );
}
