import type { App, Company } from '@storefront/contracts/app';
import { companyPrefix, isHidden, isMultiCompany } from '../lib/company.ts';

/**
 * The routing rules of spec §2 as pure functions: each answers where to redirect, or null to stay.
 * The route components apply them; the unit tests pin them down.
 */
export interface GuardState {
  app: App;
  loggedIn: boolean;
  /** Where a session started on this page goes (spec §4 after login), if it chose somewhere. */
  landing?: string | null;
  /** The address asks for a preview (`?preview`): the admin site's preview of the landing. */
  preview?: boolean;
}

/** The main shell (/ prefix): with anonymous navigation off, a visitor goes to /login. */
export function shellRedirect({ app, loggedIn }: GuardState): string | null {
  if (app.empty_page) return null;
  return app.allow_anonymous_navigation || loggedIn ? null : '/login';
}

/**
 * /login and /register: only when empty_page is off and nobody is logged in; /register also needs signup.
 * The session started here leaves for its landing page (one redirect, so nothing races it).
 */
export function guestOnlyRedirect(
  { app, loggedIn, landing }: GuardState,
  route: 'login' | 'register',
): string | null {
  if (loggedIn) return landing ?? '/';
  if (app.empty_page) return '/';
  if (route === 'register' && !app.allow_signup) return '/login';
  return null;
}

/** Recovery and reset pages send a logged-in user home. */
export const loggedOutOnlyRedirect = ({ loggedIn }: GuardState): string | null => (loggedIn ? '/' : null);

/** Member screens (/profile, /qr, /change-password, /orders, ...) need a session. */
export const memberOnlyRedirect = ({ loggedIn }: GuardState): string | null => (loggedIn ? null : '/login');

/** /complete-info only when logged in, else /. */
export const completeInfoRedirect = ({ loggedIn }: GuardState): string | null => (loggedIn ? null : '/');

/**
 * Where the home (/) goes: multi-company apps show their company and category view (null); otherwise
 * /carta when the cart is shown (a visitor meets the menu first), else the first allowed program; a
 * company hiding everything shows its logo.
 */
export function homeTarget(app: App, company: Company = app.company): string | null {
  if (isMultiCompany(app)) return null;
  if (!isHidden(company, 'cart')) return '/carta';
  const firstProgram = app.allowed_programs[0];
  if (firstProgram && !isHidden(company, 'program')) return `/program/${firstProgram.uid}`;
  return null;
}

/** /products needs a company with ecommerce enabled (and the store not hidden for members). */
export const productsRedirect = (company: Company | null): string | null =>
  company?.ecommerce_enabled && !isHidden(company, 'store') ? null : '/';

/** Events are shown only where the app has them enabled (architecture §2: events_enabled). */
export const eventsRedirect = ({ app }: GuardState): string | null => (app.events_enabled ? null : '/');

/** /landing goes home when the app has no landing page. */
/** /landing only while the app has a landing, or as the admin site's preview (`/landing?preview`). */
export const landingRedirect = ({ app, preview }: GuardState): string | null =>
  app.landing_page || preview ? null : '/';

/** First load with a landing page: / or /landing push to /landing once per session. */
export function shouldPushLanding(app: App, pathname: string, alreadyRedirected: boolean): boolean {
  return app.landing_page && !alreadyRedirected && (pathname === '/' || pathname === '/landing');
}

/** /categories/{uid} exists only for multi-company apps; elsewhere it goes where / goes. */
export const categoriesRedirect = ({ app }: GuardState): string | null => (isMultiCompany(app) ? null : '/');

/** The coupon landing sends to the products page, company-prefixed when that company is allowed. */
export function couponTarget(app: App, companyUid: string): string {
  const allowed = app.allowed_companies.some((company) => company.uid === companyUid);
  return allowed ? `${companyPrefix(app, companyUid)}/products` : '/products';
}

/**
 * Account deletion links. On an app with a deletion_path_prefix the generic route redirects to the
 * prefixed one; elsewhere a prefixed route redirects to the path without its first segment.
 */
export function deletionRedirect(app: App, pathname: string, routePrefix: string | null): string | null {
  const prefix = app.deletion_path_prefix;
  if (routePrefix === null) return prefix ? `/${prefix}${pathname}` : null;
  return prefix === routePrefix ? null : pathname.replace(/^\/[^/]+/, '');
}
