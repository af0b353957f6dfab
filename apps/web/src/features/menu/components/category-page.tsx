import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { useCategoryCompanies, useCompanyCategories } from '../api/use-company-directory.ts';
import '../i18n.ts';
import './menu.css';
import { CompanyGrid } from './company-grid.tsx';

/** /categories/{uid} (multi-company apps): the allowed companies of one category. */
export function Component() {
  const { t } = useTranslation('menu');
  const app = useAppRecord();
  const { categoryUid = '' } = useParams();
  const companies = useCategoryCompanies(app.uid, categoryUid);
  const category = useCompanyCategories(app.uid).data?.find((item) => item.uid === categoryUid);
  return (
    <section className="panel directory">
      <p>
        <Link to="/">{t('directory.back')}</Link>
      </p>
      <h1>{category?.name ?? t('directory.title')}</h1>
      {companies.isPending && <LoadingState count={2} />}
      {companies.isError && <ErrorState onRetry={() => void companies.refetch()} />}
      {companies.data?.length === 0 && <EmptyState message={t('directory.empty')} />}
      {companies.data && companies.data.length > 0 && <CompanyGrid companies={companies.data} />}
    </section>
  );
}
