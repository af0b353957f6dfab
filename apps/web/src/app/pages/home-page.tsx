import { lazy, Suspense } from 'react';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppRecord, useCompany } from '../../lib/app-context.tsx';
import { allModulesHidden, isMultiCompany } from '../../lib/company.ts';
import { Redirect } from '../../lib/server-render.tsx';
import { homeTarget } from '../guards.ts';

// The multi-company view (categories, companies) is its own chunk: single-company homes never load it.
const CompanyDirectory = lazy(() => import('../../features/menu/components/company-directory.tsx'));

/**
 * The home (/): multi-company apps show their companies; others go to the first allowed program or the
 * menu; a company that hides cart, store and program shows only its logo.
 */
export function Component() {
  const app = useAppRecord();
  const company = useCompany();
  const target = homeTarget(app, company);
  // With a landing page, the first load of a session goes there instead (root layout): a per-tab rule the
  // server cannot know, so the home's redirect is then left to the browser.
  if (target) return <Redirect to={target} http={!app.landing_page} />;
  if (isMultiCompany(app) && !allModulesHidden(company)) {
    return (
      <Suspense fallback={null}>
        <CompanyDirectory />
      </Suspense>
    );
  }
  return (
    <section className="centered-page">
      {(company.logo ?? app.logo) && (
        <Picture src={company.logo ?? app.logo ?? ''} alt={company.name} width={200} height={200} />
      )}
    </section>
  );
}
