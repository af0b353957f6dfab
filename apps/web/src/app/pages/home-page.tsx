import { Link, Navigate } from 'react-router';
import { useAppRecord, useCompany } from '../app-context.tsx';
import { allModulesHidden, homeTarget, isMultiCompany } from '../guards.ts';

/**
 * The home (/): multi-company apps show their companies; others go to the first allowed program or the
 * menu; a company that hides cart, store and program shows only its logo.
 */
export function Component() {
  const app = useAppRecord();
  const company = useCompany();
  const target = homeTarget(app, company);
  if (target) return <Navigate to={target} replace />;
  if (isMultiCompany(app) && !allModulesHidden(company)) {
    return (
      <section className="panel">
        <h1>{app.name}</h1>
        <ul className="company-grid">
          {app.allowed_companies.map((item) => (
            <li key={item.uid}>
              <Link to={item.is_main ? '/products' : `/c/${item.uid}/`} className="company-card">
                {item.logo && <img src={item.logo} alt="" width={64} height={64} loading="lazy" />}
                <span>{item.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="centered-page">
      {(company.logo ?? app.logo) && (
        <img src={company.logo ?? app.logo ?? ''} alt={company.name} width={200} height={200} />
      )}
    </section>
  );
}
