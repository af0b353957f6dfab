import { Outlet, type RouteObject, useParams } from 'react-router';
import { useAppRecord, useAuth, useCompany } from './app-context.tsx';
import {
  categoriesRedirect,
  completeInfoRedirect,
  eventsRedirect,
  guestOnlyRedirect,
  landingRedirect,
  loggedOutOnlyRedirect,
  memberOnlyRedirect,
  productsRedirect,
  shellRedirect,
} from './guards.ts';
import { EmptyPage } from './pages/empty-page.tsx';
import { CompanySwitchPage, CouponLinkPage, InfluencerLinkPage } from './pages/link-pages.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { AllowedCompanyGuard, DeletionLinkGuard, Guard } from './route-guards.tsx';
import { Redirect } from './server-render.tsx';
import { LogoLayout, Shell } from './shell/shell.tsx';

// Each screen is its own chunk: a visitor of /carta downloads neither checkout nor staff tools.
const inPreparation = () => import('./pages/in-preparation-page.tsx');
const home = () => import('./pages/home-page.tsx');
const deletionPage = () => import('../features/account/components/deletion-page.tsx');
const products = () => import('../features/menu/components/products-page.tsx');
const program = () => import('../features/programs/components/program-page.tsx');
const events = () => import('../features/events/components/events-page.tsx');
const cart = () => import('../features/cart/components/cart-page.tsx');

/** The shell of spec §2 route /: the placeholder with empty_page, else the shell (or /login when closed). */
function ShellGate() {
  const app = useAppRecord();
  if (app.empty_page) return <EmptyPage />;
  return (
    <Guard rule={shellRedirect}>
      <Shell />
    </Guard>
  );
}

/** Policy pages are always readable: inside the shell when it is open to this user, else logo and content. */
function PolicyLayout() {
  const app = useAppRecord();
  const { loggedIn } = useAuth();
  return !app.empty_page && (loggedIn || app.allow_anonymous_navigation) ? <Shell /> : <LogoLayout />;
}

/** /products and /c/{uid}/products need ecommerce on that company. */
function ProductsGuard() {
  const { companyUid } = useParams();
  const company = useCompany(companyUid);
  const to = productsRedirect(company);
  return to ? <Redirect to={to} /> : <Outlet />;
}

const screen = (path: string, lazy: RouteObject['lazy'] = inPreparation): RouteObject => ({ path, lazy });

/**
 * A layout's routes. On the first load the layout (header, menu, footer) paints as soon as the entry has
 * run, with this placeholder where the screen goes, instead of the whole page waiting for the screen's
 * chunk (React Router renders the nearest hydrate fallback above a lazy route until it has loaded).
 */
const underLayout = (children: RouteObject[]): RouteObject[] => [
  { hydrateFallbackElement: <div aria-busy="true" />, children },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <LogoLayout />,
        children: underLayout([
          {
            element: <Guard rule={(s) => guestOnlyRedirect(s, 'login')} />,
            children: [screen('login', () => import('../features/auth/components/login-page.tsx'))],
          },
          {
            element: <Guard rule={(s) => guestOnlyRedirect(s, 'register')} />,
            children: [screen('register', () => import('../features/auth/components/register-page.tsx'))],
          },
          {
            element: <Guard rule={loggedOutOnlyRedirect} />,
            children: [
              screen('recovery-password', () => import('../features/auth/components/recovery-page.tsx')),
              screen(
                'reset-password/:uidUser/:token',
                () => import('../features/auth/components/reset-page.tsx'),
              ),
              { path: 'reset-password/*', element: <Redirect to="/" /> },
            ],
          },
          screen(
            'verification-email/:uidApp/:uidUser/:token',
            () => import('../features/auth/components/verification-page.tsx'),
          ),
          {
            element: <Guard rule={completeInfoRedirect} />,
            children: [
              screen('complete-info', () => import('../features/account/components/complete-info-page.tsx')),
            ],
          },
          {
            element: <DeletionLinkGuard prefixed={false} />,
            children: [screen('me/delete/:uidApp/:uidUser/:token', deletionPage)],
          },
          {
            element: <DeletionLinkGuard prefixed />,
            children: [screen(':deletionPrefix/me/delete/:uidApp/:uidUser/:token', deletionPage)],
          },
        ]),
      },
      {
        element: <PolicyLayout />,
        children: underLayout([
          screen('terms-and-conditions', () => import('../features/legal/components/terms-page.tsx')),
          screen('politics', () => import('../features/legal/components/privacy-page.tsx')),
          screen('faqs', () => import('../features/legal/components/faqs-page.tsx')),
          screen('cookies', () => import('../features/legal/components/cookies-page.tsx')),
        ]),
      },
      { path: 'company/:companyUid/code/:code', element: <CouponLinkPage /> },
      { path: 'in/:uid', element: <InfluencerLinkPage /> },
      {
        element: <Guard rule={landingRedirect} />,
        children: [screen('landing', () => import('../features/landing/components/landing-page.tsx'))],
      },
      {
        path: '/',
        element: <ShellGate />,
        children: underLayout([
          { index: true, lazy: home },
          screen('carta', () => import('../features/menu/components/carta-page.tsx')),
          screen('about', () => import('../features/legal/components/about-page.tsx')),
          screen('cart', cart),
          screen('program/:programUid', program),
          { element: <ProductsGuard />, children: [screen('products', products)] },
          { element: <Guard rule={eventsRedirect} />, children: [screen('events', events)] },
          {
            element: <Guard rule={categoriesRedirect} />,
            children: [
              screen(
                'categories/:categoryUid',
                () => import('../features/menu/components/category-page.tsx'),
              ),
            ],
          },
          {
            element: <Guard rule={memberOnlyRedirect} />,
            children: [
              screen('profile', () => import('../features/account/components/profile-page.tsx')),
              screen('qr', () => import('../features/account/components/qr-page.tsx')),
              screen(
                'change-password',
                () => import('../features/account/components/change-password-page.tsx'),
              ),
              screen('delete', () => import('../features/account/components/delete-request-page.tsx')),
              screen('orders', () => import('../features/orders/components/orders-page.tsx')),
              screen('orders/coins', () => import('../features/orders/components/coin-exchanges-page.tsx')),
              screen('orders/:orderUid', () => import('../features/orders/components/order-detail-page.tsx')),
              screen(
                'subscription',
                () => import('../features/subscriptions/components/subscription-page.tsx'),
              ),
              screen(
                'subscription/me',
                () => import('../features/subscriptions/components/my-subscriptions-page.tsx'),
              ),
              screen('raffles', () => import('../features/raffles/components/raffles-page.tsx')),
              screen('polls', () => import('../features/polls/components/polls-page.tsx')),
              screen('retail/*', () => import('../features/retail/components/retail-page.tsx')),
            ],
          },
          {
            path: 'c/:companyUid',
            element: <AllowedCompanyGuard />,
            children: [
              { index: true, element: <CompanySwitchPage /> },
              { element: <ProductsGuard />, children: [screen('products', products)] },
              screen('program/:programUid', program),
              screen('cart', cart),
              { element: <Guard rule={eventsRedirect} />, children: [screen('events', events)] },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ]),
      },
    ],
  },
];
