import { safeUrl } from '@storefront/contracts/tenant-html';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { useLanding } from '../api/use-landing.ts';
import { marketplaceAdminUrl, useNarrowScreen, whatsappLink } from './landing-links.ts';
import { ExternalButton, LandingSectionView } from './landing-sections.tsx';

/** The MODEL_2 landing of spec §2: header, then the active sections in the tenant's order. */
export function Model2Landing() {
  const { t } = useTranslation('landing');
  const app = useAppRecord();
  const company = useCompany();
  const narrow = useNarrowScreen();
  const landing = useLanding(app.uid);
  const logo = safeUrl(company.logo ?? app.logo, { images: true });

  if (landing.isPending) return <LoadingState count={4} />;
  if (landing.isError) {
    return (
      <main className="centered-page">
        <h1>{t('invalid')}</h1>
      </main>
    );
  }
  const sections = landing.data.filter((section) => section.is_active);
  const headerButton = sections.find((section) => section.type === 'HEADER')?.buttons[0];
  return (
    <div className="landing">
      <header className="landing-header">
        <Link to="/" className="landing-logo">
          {logo ? <Picture src={logo} alt={company.name} width={140} height={56} /> : company.name}
          <span className="visually-hidden">{t('home')}</span>
        </Link>
        <div className="landing-header-actions">
          {company.whatsapp_number && (
            <a
              className="button secondary"
              href={whatsappLink(company.whatsapp_number, narrow)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="whatsapp-button"
            >
              {t('whatsapp')}
            </a>
          )}
          {headerButton && <ExternalButton button={headerButton} className="button secondary" />}
          {app.marketplace ? (
            <a className="button" href={marketplaceAdminUrl(app, import.meta.env.VITE_MARKETPLACE_ADMIN_URL)}>
              {t('login')}
            </a>
          ) : (
            <Link className="button" to="/login">
              {t('login')}
            </Link>
          )}
        </div>
      </header>
      <main>
        {/* The page's one top heading (axe: page-has-heading-one); the sections' titles are h2. */}
        <h1 className="visually-hidden">{company.name}</h1>
        {sections.map((section) => (
          <LandingSectionView key={section.uid} section={section} />
        ))}
      </main>
    </div>
  );
}
