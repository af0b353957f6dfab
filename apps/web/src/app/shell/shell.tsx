import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppRecord, useAuth, useCompany } from '../../lib/app-context.tsx';
import { BrandContext, brandOf } from '../../lib/brand.ts';
import { allModulesHidden, isHidden } from '../../lib/company.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { LanguageSelector } from './language-selector.tsx';

// The header's cart count reads the cart store, which comes with the cart's chunk.
const CartHeaderLink = lazy(() => import('../../features/cart/components/cart-header-link.tsx'));
// The side menu and the footer come in their own chunk, after the page's: the server's HTML shows them
// (and their links work) until it has loaded and they hydrate (docs/decisions/013-first-page-budget.md).
const Sidebar = lazy(() => import('./sidebar.tsx').then((module) => ({ default: module.Sidebar })));
const Footer = lazy(() => import('./footer.tsx').then((module) => ({ default: module.Footer })));

/** The main shell: header, side menu, the page, footer. A company hiding every module shows its logo only. */
export function Shell() {
  const { t } = useTranslation();
  const app = useAppRecord();
  const company = useCompany();
  const { loggedIn } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  // On a phone the header keeps the menu, logo, cart and sign-in; the language moves into the menu.
  const wide = useMediaQuery('(min-width: 600px)');
  const logo = company.logo ?? app.logo;

  if (allModulesHidden(company)) {
    return (
      <main className="centered-page">
        {logo && <Picture src={logo} alt={company.name} width={200} height={200} />}
      </main>
    );
  }

  return (
    <BrandContext.Provider value={brandOf(company.name, app.colors)}>
      <div className="shell">
        <header className="header">
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t('menu.open')}</span>
          </button>
          <Link to="/" className="header-logo">
            {logo ? <Picture src={logo} alt={company.name} width={120} height={40} /> : company.name}
          </Link>
          <div className="header-actions">
            {/* Rendered on the server too and hidden on phones by CSS: `wide` is known only once hydrated,
                and a selector appearing then shifted a desktop's header after the first paint. */}
            <div className="header-language">
              <LanguageSelector />
            </div>
            {!isHidden(company, 'cart') && (
              <Suspense fallback={<span className="header-cart" />}>
                <CartHeaderLink />
              </Suspense>
            )}
            {!loggedIn && (
              <Link to="/login" className="button header-login">
                {t('menu.login')}
              </Link>
            )}
          </div>
        </header>
        <Suspense fallback={null}>
          <Sidebar open={menuOpen} onClose={() => setMenuOpen(false)} language={!wide} />
        </Suspense>
        <main className="content">
          <Outlet />
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
    </BrandContext.Provider>
  );
}

/** The logo-and-content layout of account pages, and of policy pages when the shell is closed to visitors. */
export function LogoLayout() {
  const app = useAppRecord();
  return (
    <BrandContext.Provider value={brandOf(app.name, app.colors)}>
      <div className="logo-layout">
        <header className="logo-layout-header">
          <Link to="/">
            {app.logo ? <Picture src={app.logo} alt={app.name} width={140} height={56} /> : app.name}
          </Link>
          <LanguageSelector />
        </header>
        <main className="content">
          <Outlet />
        </main>
      </div>
    </BrandContext.Provider>
  );
}
