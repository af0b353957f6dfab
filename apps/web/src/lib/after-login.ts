import { STORAGE_KEYS, storage } from './storage.ts';

/**
 * Where a fresh session goes (spec §4): staff to their tools (their own profile does not matter there);
 * an incomplete profile not skipped goes to /complete-info; else a redirect stored before login (a cart
 * path, or the menu's product a visitor tapped) wins; else home.
 */
export function afterLoginTarget(
  profileComplete: boolean,
  {
    skipped,
    pendingRedirect,
    staff = false,
  }: { skipped: boolean; pendingRedirect: string | null; staff?: boolean },
): string {
  if (staff) return '/retail';
  if (!profileComplete && !skipped) return '/complete-info';
  return pendingRedirectTarget(pendingRedirect) ?? '/';
}

/** The menu, or one of its products, that a visitor was asked to sign in for (issue 28). */
export const cartaProductPath = (productUid?: string) =>
  productUid ? `/carta?product=${encodeURIComponent(productUid)}` : '/carta';

/**
 * A stored pending redirect sends to the cart (its own cart path when it names one, else /cart) or back
 * to the menu's product it names; nothing else, so that no stored value leads off the site.
 */
export function pendingRedirectTarget(pendingRedirect: string | null): string | null {
  if (!pendingRedirect) return null;
  if (/^\/carta(\?product=[\w-]{1,64})?$/.test(pendingRedirect)) return pendingRedirect;
  return /^\/(c\/[^/]+\/)?cart\/?$/.test(pendingRedirect) ? pendingRedirect : '/cart';
}

/** Reads and spends the redirect stored before login, and the complete-info skip flag. */
export function takeAfterLoginTarget(profileComplete: boolean, staff = false): string {
  const skipped = storage.get(STORAGE_KEYS.skipCompleteInfo) === 'true';
  const pendingRedirect = storage.get(STORAGE_KEYS.pendingRedirect);
  const target = afterLoginTarget(profileComplete, { skipped, pendingRedirect, staff });
  if (target !== '/complete-info') storage.remove(STORAGE_KEYS.pendingRedirect);
  return target;
}
