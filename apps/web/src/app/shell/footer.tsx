import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/ui/link.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppRecord, useAuth, useCompany } from '../../lib/app-context.tsx';
import { companyPrefix, isHidden } from '../../lib/company.ts';

// The social icons' paths load after the first paint, in their own small chunk (the footer is below the fold).
const SocialLinks = lazy(() => import('./social-links.tsx'));
// The Our Program column loads with its own chunk, only for signed-in members.
const FooterPrograms = lazy(() => import('../../features/programs/components/footer-programs.tsx'));

/** Logo, social links and the links of spec §2 Footer. */
export function Footer() {
  const { t } = useTranslation();
  const app = useAppRecord();
  const company = useCompany();
  const { loggedIn } = useAuth();
  const logo = company.logo ?? app.logo;
  const showPrograms = company.benefit_programs_enabled && loggedIn && !isHidden(company, 'program');
  return (
    <footer className="footer">
      <div className="footer-brand">
        {logo && <Picture src={logo} alt={company.name} width={96} height={40} loading="lazy" />}
        <Suspense fallback={null}>
          <SocialLinks links={company.social_links} />
        </Suspense>
      </div>
      {showPrograms && (
        <Suspense fallback={<div className="footer-programs" aria-busy="true" />}>
          <FooterPrograms companyUid={company.uid} prefix={companyPrefix(app, company.uid)} />
        </Suspense>
      )}
      <ul className="footer-links">
        {company.ecommerce_enabled && (
          <li>
            <Link to={`${companyPrefix(app, company.uid)}/products`}>{t('footer.store')}</Link>
          </li>
        )}
        {app.events_enabled && (
          <li>
            <Link to="/events">{t('footer.events')}</Link>
          </li>
        )}
        {loggedIn && company.subscription_enabled && (
          <li>
            <Link to="/subscription">{t('footer.subscriptions')}</Link>
          </li>
        )}
        <li>
          <Link to="/terms-and-conditions">{t('footer.terms')}</Link>
        </li>
        <li>
          <Link to="/politics">{t('footer.privacy')}</Link>
        </li>
        <li>
          <Link to="/faqs">{t('footer.faqs')}</Link>
        </li>
        <li>
          <Link to="/cookies/">{t('footer.cookies')}</Link>
        </li>
      </ul>
      <p className="footer-legal">
        © {new Date().getFullYear()} {company.name}. {t('footer.rights')}{' '}
        <Link to="/about" className="hidden-link" aria-label={t('footer.about')}>
          ·
        </Link>
      </p>
    </footer>
  );
}
