import { type ComponentType, lazy } from 'react';
import { type Location, matchRoutes, Outlet, type RouteObject, useParams, useRoutes } from 'react-router';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { useAppRecord, useAuth, useCompany } from '../lib/app-context.tsx';
import { Redirect } from '../lib/server-render.tsx';
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
import { RootLayout } from './root-layout.tsx';
import { AllowedCompanyGuard, DeletionLinkGuard, Guard } from './route-guards.tsx';
import { LogoLayout, Shell } from './shell/shell.tsx';

// Each screen is its own chunk: a visitor of /carta downloads neither checkout nor staff tools.
type ScreenLoader = () => Promise<{ Component: ComponentType }>;
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

/**
 * A screen's route element, drawn from its chunk. The router is React Router's declarative one (the data
 * router's loaders and actions, which no screen uses, weighed 14 KiB of the first page: decision 013), so
 * the chunk comes through React.lazy. `handle.preload` loads it ahead: the browser loads the first page's
 * screens before it hydrates (main.tsx), and a loaded screen renders at once, as on the server.
 */
function lazyScreen(load: ScreenLoader): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.Component;
    });
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  // No Suspense boundary: navigations are transitions, which keep the screen shown until the next one has
  // loaded, and the first page's screens are loaded before the first render. A tree that rendered `Lazy`
  // before its chunk came suspended and was never shown: it renders anew.
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { element: <Screen />, handle: { preload } };
}

const screen = (path: string, load: ScreenLoader = inPreparation): RouteObject => ({
  path,
  ...lazyScreen(load),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <LogoLayout />,
        children: [
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
        ],
      },
      {
        element: <PolicyLayout />,
        children: [
          screen('terms-and-conditions', () => import('../features/legal/components/terms-page.tsx')),
          screen('politics', () => import('../features/legal/components/privacy-page.tsx')),
          screen('faqs', () => import('../features/legal/components/faqs-page.tsx')),
          screen('cookies', () => import('../features/legal/components/cookies-page.tsx')),
        ],
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
        children: [
          { index: true, ...lazyScreen(home) },
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
        ],
      },
    ],
  },
];

/** The routes, rendered by the router of either side (BrowserRouter in main.tsx, StaticRouter on the server). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the chunks of the screens at this address (before the browser hydrates the server's page). */
export async function preloadScreens(location: Partial<Location>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.handle as { preload?: () => Promise<void> })?.preload?.()),
  );
}
