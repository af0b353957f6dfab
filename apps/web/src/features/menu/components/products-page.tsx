import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCompany } from '../../../lib/app-context.tsx';
import '../i18n.ts';
import './menu.css';
import { MenuView } from './menu-view.tsx';

/** /products and /c/{companyUid}/products: the company's store (the guard needs ecommerce). */
export function Component() {
  const { t } = useTranslation('menu');
  const { companyUid } = useParams();
  const company = useCompany(companyUid);
  return (
    <section className="store">
      <h1>
        {t('store.title')} · {company.name}
      </h1>
      <MenuView company={company} interactive />
    </section>
  );
}
