import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { useCompanyCategories } from '../api/use-company-directory.ts';
import '../i18n.ts';
import './menu.css';
import { CompanyGrid } from './company-grid.tsx';

/** The multi-company home (spec §2 route /): company categories, then every allowed company. */
export default function CompanyDirectory() {
  const { t } = useTranslation('menu');
  const app = useAppRecord();
  const categories = useCompanyCategories(app.uid);
  return (
    <section className="panel directory">
      <h1>{app.name}</h1>
      <nav aria-label={t('directory.categories')}>
        {categories.isPending && <LoadingState count={1} />}
        {categories.isError && (
          <ErrorState message={t('directory.error')} onRetry={() => void categories.refetch()} />
        )}
        {categories.data && categories.data.length > 0 && (
          <ul className="directory-categories">
            {categories.data.map((category) => (
              <li key={category.uid}>
                <Link
                  to={`/categories/${category.uid}`}
                  className="category-chip"
                  style={category.color ? { borderColor: category.color } : undefined}
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <h2>{t('directory.title')}</h2>
      <CompanyGrid companies={app.allowed_companies} />
    </section>
  );
}
