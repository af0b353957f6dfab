import type { Company } from '@storefront/contracts/app';
import { Link } from '../../../components/ui/link.tsx';
import { Picture } from '../../../components/ui/picture.tsx';

/** Company cards of a multisite app: the main company opens its store, the others switch company. */
export function CompanyGrid({ companies }: { companies: Company[] }) {
  return (
    <ul className="company-grid">
      {companies.map((company) => (
        <li key={company.uid}>
          <Link to={company.is_main ? '/products' : `/c/${company.uid}/`} className="company-card">
            {company.logo && <Picture src={company.logo} alt="" width={64} height={64} loading="lazy" />}
            <span>{company.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
