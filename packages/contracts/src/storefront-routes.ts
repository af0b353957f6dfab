/**
 * Every path the storefront's router answers (spec §2 route table), as full React Router patterns:
 * `:name` is one segment, a trailing `*` any rest. The server answers 404 for any other page path
 * (while still serving the app, which shows its not-found page); apps/web's router.test.ts checks
 * that router.tsx declares exactly these, so a route is added here and there together.
 */
export const STOREFRONT_ROUTES = [
  '/',
  '/login',
  '/register',
  '/recovery-password',
  '/reset-password/:uidUser/:token',
  '/reset-password/*',
  '/verification-email/:uidApp/:uidUser/:token',
  '/complete-info',
  '/me/delete/:uidApp/:uidUser/:token',
  '/:deletionPrefix/me/delete/:uidApp/:uidUser/:token',
  '/terms-and-conditions',
  '/politics',
  '/faqs',
  '/cookies',
  '/company/:companyUid/code/:code',
  '/in/:uid',
  '/landing',
  '/carta',
  '/about',
  '/cart',
  '/program/:programUid',
  '/products',
  '/events',
  '/categories/:categoryUid',
  '/profile',
  '/qr',
  '/change-password',
  '/delete',
  '/orders',
  '/orders/coins',
  '/orders/:orderUid',
  '/subscription',
  '/subscription/me',
  '/raffles',
  '/polls',
  '/retail/*',
  '/c/:companyUid',
  '/c/:companyUid/products',
  '/c/:companyUid/program/:programUid',
  '/c/:companyUid/cart',
  '/c/:companyUid/events',
] as const;

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The parameters of the first pattern that matches a pathname as React Router matches it (case aside,
 * trailing slash optional), or null when none does.
 */
export function matchStorefrontRoute(pathname: string): Record<string, string> | null {
  const parts = segments(pathname);
  for (const pattern of STOREFRONT_ROUTES) {
    const expected = segments(pattern);
    const splat = expected.at(-1) === '*';
    const fixed = splat ? expected.slice(0, -1) : expected;
    if (splat ? parts.length < fixed.length : parts.length !== fixed.length) continue;
    const params: Record<string, string> = {};
    const matches = fixed.every((segment, index) => {
      const part = parts[index] as string;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = part;
        return true;
      }
      return segment.toLowerCase() === part.toLowerCase();
    });
    if (matches) return params;
  }
  return null;
}
