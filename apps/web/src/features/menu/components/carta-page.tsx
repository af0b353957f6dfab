import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { useAppRecord, useAuth, useCompany } from '../../../lib/app-context.tsx';
import { isHidden } from '../../../lib/company.ts';
import defaultBanner from '../assets/default-banner.svg';
import '../i18n.ts';
import './menu.css';
import { Picture } from '../../../components/ui/picture.tsx';
import { MenuView } from './menu-view.tsx';

/**
 * /carta (spec §2): the company's banner (else cover, else a default image), logo and name, a link to
 * the website unless the store is hidden, and the menu by place. A company hiding its cart shows 404;
 * signed out, the list is only shown.
 */
export function Component() {
  const { t } = useTranslation('menu');
  const app = useAppRecord();
  const company = useCompany();
  const { loggedIn } = useAuth();
  if (isHidden(company, 'cart')) return <NotFoundPage />;
  const logo = company.logo ?? app.logo;
  return (
    <section className="carta">
      <header className="carta-header">
        <Picture
          className="carta-banner"
          src={company.banner ?? company.cover ?? defaultBanner}
          alt=""
          width={1200}
          height={300}
        />
        <div className="carta-brand">
          {logo && <Picture className="carta-logo" src={logo} alt="" width={88} height={88} />}
          <h1>{company.name}</h1>
          {!isHidden(company, 'store') && <Link to="/">{t('carta.goToWebsite')}</Link>}
        </div>
      </header>
      <MenuView company={company} interactive={loggedIn} />
    </section>
  );
}
