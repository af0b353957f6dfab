import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from '../../components/ui/link.tsx';
import { useMe } from '../../features/account/api/use-me.ts';
import { usePrograms } from '../../features/programs/api/programs-api.ts';
import { useAppRecord, useAuth, useCompany } from '../../lib/app-context.tsx';
import { isHidden } from '../../lib/company.ts';
import { LanguageSelector } from './language-selector.tsx';

// The city and place selectors live in the menu's chunk, fetched the first time the sidebar opens.
const MenuSelectors = lazy(() => import('../../features/menu/components/sidebar-selectors.tsx'));
// The cart popup and its load rules (direct purchases, merge after login) in the cart's own chunk.
const CartSidebar = lazy(() => import('../../features/cart/components/cart-sidebar.tsx'));

/**
 * The 300 px side menu of spec §2; profile, QR, password and exchanges only for members. With
 * `language`, it also holds the language selector (phones, where the header has no room for it).
 */
export function Sidebar({
  open,
  onClose,
  language,
}: {
  open: boolean;
  onClose: () => void;
  language: boolean;
}) {
  const { t } = useTranslation();
  const app = useAppRecord();
  const company = useCompany();
  const { loggedIn, logout } = useAuth();
  const me = useMe();
  // Raffles and polls are linked when one of the company's programs runs some.
  const programsShown = loggedIn && company.benefit_programs_enabled && !isHidden(company, 'program');
  const programs = usePrograms(company.uid, programsShown).data?.results ?? [];
  const hasRaffles = programsShown && programs.some((program) => program.raffles > 0);
  const hasPolls = programsShown && programs.some((program) => program.polls > 0);
  const link = (to: string, label: string, className?: string) => (
    <li className={className}>
      <NavLink to={to} onClick={onClose}>
        {label}
      </NavLink>
    </li>
  );
  return (
    <>
      {open && (
        <button type="button" className="sidebar-backdrop" aria-label={t('menu.close')} onClick={onClose} />
      )}
      <nav
        id="sidebar"
        className={open ? 'sidebar open' : 'sidebar'}
        aria-label={t('menu.open')}
        inert={!open}
      >
        {language && (
          <div className="sidebar-language">
            <LanguageSelector />
          </div>
        )}
        {open && !isHidden(company, 'cart') && (
          <Suspense fallback={null}>
            <MenuSelectors />
          </Suspense>
        )}
        {!isHidden(company, 'cart') && (
          <Suspense fallback={null}>
            <CartSidebar onNavigate={onClose} />
          </Suspense>
        )}
        <ul>
          {link('/', t('menu.home'))}
          {!isHidden(company, 'cart') && link('/carta', t('menu.carta'))}
          {loggedIn && link('/profile', t('menu.profile'))}
          {loggedIn && link('/qr', t('menu.qr'), 'small-screen-only')}
          {loggedIn && link('/change-password', t('menu.changePassword'))}
          {loggedIn && company.ecommerce_enabled && link('/orders', t('menu.orders'))}
          {loggedIn && company.ecommerce_enabled && link('/orders/coins', t('menu.exchanges'))}
          {hasRaffles && link('/raffles', t('menu.raffles'))}
          {hasPolls && link('/polls', t('menu.polls'))}
          {loggedIn && company.subscription_enabled && link('/subscription', t('menu.subscriptions'))}
          {app.events_enabled && link('/events', t('menu.events'))}
          {me.data?.is_staff && link('/retail', t('menu.retail'))}
          {loggedIn ? (
            <li>
              <button type="button" className="link-button" onClick={logout}>
                {t('menu.logout')}
              </button>
            </li>
          ) : (
            link('/login', t('menu.login'))
          )}
        </ul>
      </nav>
    </>
  );
}
