import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord, useAuth, useCompany } from '../../../lib/app-context.tsx';
import { dropDirectPurchases, useCart, useCartType } from '../../../lib/cart-store.ts';
import { cartTotals } from '../../../lib/cart-totals.ts';
import { companyPrefix } from '../../../lib/company.ts';
import { useSelectedPlaceUid } from '../../../lib/place-selection.ts';
import { mergeSavedCarts } from '../api/cart-api.ts';
import '../i18n.ts';
import './cart.css';

// The popup's lines and product reads load when it first opens, not with every page's shell.
const CartPanel = lazy(() => import('./cart-panel.tsx').then(({ CartPanel }) => ({ default: CartPanel })));

const isCartRoute = (pathname: string) => /^\/(c\/[^/]+\/)?cart\/?$/.test(pathname);

/**
 * The cart in the sidebar (spec §2): a toggle that shows or hides the My Order popup (the cart's
 * visibility), linking to /cart or /c/{companyUid}/cart. Mounted with the shell, it also applies the
 * cart's load rules: direct purchases leave the cart outside the cart route, on load and on a place
 * change, and after login the saved cart is merged (spec §4). Following the popup's link to the cart
 * hides the popup and calls onNavigate (the shell closes the sidebar).
 */
export default function CartSidebar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('cart');
  const app = useAppRecord();
  // The shell sits above the /c/{companyUid} routes: the stored company is the current one.
  const company = useCompany();
  const { loggedIn } = useAuth();
  const { pathname } = useLocation();
  const placeUid = useSelectedPlaceUid();
  const type = useCartType();
  const cart = useCart(placeUid ?? '', type);
  const [visible, setVisible] = useState(false);
  const prefix = companyPrefix(app, company.uid);

  // biome-ignore lint/correctness/useExhaustiveDependencies: on load and on a place change only (spec §4)
  useEffect(() => {
    if (placeUid && !isCartRoute(pathname)) dropDirectPurchases(placeUid);
  }, [placeUid]);

  useEffect(() => {
    if (loggedIn && placeUid) void mergeSavedCarts(placeUid).catch(() => undefined);
  }, [loggedIn, placeUid]);

  return (
    <div className="cart-sidebar">
      <button
        type="button"
        className="button secondary cart-sidebar-toggle"
        aria-expanded={visible}
        aria-controls="cart-popup"
        onClick={() => setVisible((shown) => !shown)}
      >
        {t('sidebar.toggle', { count: cartTotals(cart).units })}
      </button>
      {visible && (
        <div id="cart-popup">
          <Suspense fallback={<LoadingState count={2} />}>
            <CartPanel
              mode="popup"
              placeUid={placeUid}
              type={type}
              cartPath={`${prefix}/cart`}
              storePath={company.ecommerce_enabled ? `${prefix}/products` : '/carta'}
              onViewCart={() => {
                setVisible(false);
                onNavigate();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
