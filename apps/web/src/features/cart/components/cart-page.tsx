import type { Reorder } from '@storefront/contracts/orders';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord, useAuth, useCompany } from '../../../lib/app-context.tsx';
import { type CartType, setCartType, useCart, useCartType } from '../../../lib/cart-store.ts';
import { companyPrefix, isHidden } from '../../../lib/company.ts';
import { useSelectedPlaceUid } from '../../../lib/place-selection.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import '../i18n.ts';
import './cart.css';
import { CartPanel } from './cart-panel.tsx';
import { ReorderNotice } from './reorder-notice.tsx';

const CheckoutForm = lazy(() => import('./checkout-form.tsx'));

const TYPES: CartType[] = ['REGULAR', 'SUBSCRIPTION'];

/**
 * /cart and /c/{companyUid}/cart: the Order Confirmation panel; confirming opens the checkout below it
 * (?step=checkout), or the login first for a visitor, who comes back here afterwards.
 */
export function Component() {
  const { t } = useTranslation('cart');
  const app = useAppRecord();
  const { companyUid } = useParams();
  const company = useCompany(companyUid);
  const { loggedIn } = useAuth();
  const navigate = useNavigate();
  const placeUid = useSelectedPlaceUid();
  const type = useCartType();
  const cart = useCart(placeUid ?? '', type);
  const [params, setParams] = useSearchParams();
  // "Pedir de nuevo" comes here with the order's lines it could not put back (router state).
  const leftOut = (useLocation().state as { leftOut?: Reorder['left_out'] } | null)?.leftOut ?? [];
  if (isHidden(company, 'cart')) return <NotFoundPage />;

  const prefix = companyPrefix(app, companyUid);
  const cartPath = `${prefix}/cart`;
  const storePath = company.ecommerce_enabled ? `${prefix}/products` : '/carta';
  const checkout =
    params.get('step') === 'checkout' && placeUid !== null && Object.keys(cart.products).length > 0;

  const confirm = () => {
    if (!loggedIn) {
      storage.set(STORAGE_KEYS.pendingRedirect, cartPath);
      navigate('/login');
      return;
    }
    setParams({ step: 'checkout' });
  };

  return (
    <div className="cart-page">
      {company.subscription_enabled && (
        <fieldset className="cart-type">
          <legend>{t('type.label')}</legend>
          {TYPES.map((value) => (
            <label key={value} className={value === type ? 'cart-type-option active' : 'cart-type-option'}>
              <input
                type="radio"
                name="cart-type"
                value={value}
                checked={value === type}
                onChange={() => {
                  setCartType(value);
                  setParams({});
                }}
              />
              {t(`type.${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      {leftOut.length > 0 && <ReorderNotice leftOut={leftOut} />}
      <CartPanel
        mode="page"
        placeUid={placeUid}
        type={type}
        cartPath={cartPath}
        storePath={storePath}
        onConfirm={confirm}
      />
      {!loggedIn && placeUid && Object.keys(cart.products).length > 0 && (
        <p className="cart-login-hint">{t('panel.loginToOrder')}</p>
      )}
      {checkout && placeUid && (
        <Suspense fallback={<LoadingState count={2} />}>
          <CheckoutForm placeUid={placeUid} type={type} company={company} />
        </Suspense>
      )}
    </div>
  );
}
