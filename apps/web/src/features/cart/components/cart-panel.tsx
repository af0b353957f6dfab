import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { type CartLine, type CartType, getCart, useCart } from '../../../lib/cart-store.ts';
import { cartTotals } from '../../../lib/cart-totals.ts';
import { formatCents } from '../../../lib/money.ts';
import { useMemberCoins } from '../../menu/api/use-member-coins.ts';
import { usePlaces } from '../../menu/api/use-places.ts';
import { useCartProduct } from '../api/cart-api.ts';
import { overlayForPopupChange, useCartOverlay } from '../cart-overlay.ts';
import { CartLineItem } from './cart-line.tsx';

// The shared product popup edits a line; it comes with its strings and styles, on demand.
const ProductPopup = lazy(() =>
  import('../../../components/product-popup/product-popup.tsx').then((module) => ({
    default: module.ProductPopup,
  })),
);

interface CartPanelProps {
  mode: 'popup' | 'page';
  placeUid: string | null;
  type: CartType;
  /** Where the popup's link goes (/cart or /c/{companyUid}/cart). */
  cartPath: string;
  /** The full page's confirm-order button. */
  onConfirm?(): void;
  /** Where "choose a store" goes when no place is selected. */
  storePath: string;
  /** The popup's "Ver mi pedido" was followed (the sidebar closes). */
  onViewCart?(): void;
}

interface LinePopupProps {
  placeUid: string;
  line: CartLine;
  cartPath: string;
  onClose(): void;
}

/** The popup opened from a line: the fresh product, then the shared popup; a change shows the 4 s overlay. */
function LinePopup({ placeUid, line, cartPath, onClose }: LinePopupProps) {
  const app = useAppRecord();
  const navigate = useNavigate();
  const coins = useMemberCoins();
  const product = useCartProduct(placeUid, line.uid);
  const [before] = useState(() => getCart(placeUid));
  if (!product.data) return null;
  const close = () => {
    if (getCart(placeUid) !== before) overlayForPopupChange();
    onClose();
  };
  return (
    <Suspense fallback={null}>
      <ProductPopup
        product={product.data}
        placeUid={placeUid}
        loading={false}
        coins={coins}
        currency={app.currency.symbol}
        lineId={line.id}
        onDirectPurchase={() => navigate(cartPath)}
        onClose={close}
      />
    </Suspense>
  );
}

/** The store a cart belongs to, by name and address (issue 28: a cart is a place's); nothing while unknown. */
function CartPlace({ placeUid }: { placeUid: string }) {
  const { t } = useTranslation('cart');
  const { companyUid } = useParams();
  const places = usePlaces(useCompany(companyUid).uid, null);
  const place = places.data?.find((candidate) => candidate.uid === placeUid);
  if (!place) return null;
  return (
    <p className="cart-place">
      {t('panel.place', { name: place.name })}
      {place.address && <small>{place.address}</small>}
    </p>
  );
}

/**
 * The cart panel (spec §2): titled My Order as a popup and Order Confirmation as a full page with the
 * confirm-order button; the store it is for, the empty-cart and no-store messages; the total rounded to
 * 2 decimals.
 */
export function CartPanel({
  mode,
  placeUid,
  type,
  cartPath,
  onConfirm,
  storePath,
  onViewCart,
}: CartPanelProps) {
  const { t } = useTranslation('cart');
  const app = useAppRecord();
  const cart = useCart(placeUid ?? '', type);
  const overlay = useCartOverlay();
  const [editing, setEditing] = useState<CartLine | null>(null);
  const lines = Object.values(cart.products);
  const totals = cartTotals(cart);
  const Heading = mode === 'page' ? 'h1' : 'h2';

  return (
    <section
      className={`cart-panel cart-panel-${mode}`}
      aria-labelledby={`cart-title-${mode}`}
      aria-busy={overlay}
    >
      <Heading id={`cart-title-${mode}`}>
        {t(mode === 'page' ? 'panel.pageTitle' : 'panel.popupTitle')}
      </Heading>
      {placeUid && <CartPlace placeUid={placeUid} />}
      {!placeUid ? (
        <p className="empty-state">
          {t('panel.noStore')} <Link to={storePath}>{t('panel.chooseStore')}</Link>
        </p>
      ) : lines.length === 0 ? (
        <p className="empty-state">{t('panel.empty')}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineItem key={line.id} line={line} placeUid={placeUid} type={type} onOpen={setEditing} />
            ))}
          </ul>
          <dl className="cart-total">
            {totals.cents > 0 || totals.coins === 0 ? (
              <div>
                <dt>{t('panel.total')}</dt>
                <dd data-testid={`cart-total-${mode}`}>{formatCents(app.currency.symbol, totals.cents)}</dd>
              </div>
            ) : null}
            {totals.coins > 0 && (
              <div>
                <dt>{t('panel.coinsTotal')}</dt>
                <dd>{t('line.coins', { count: totals.coins })}</dd>
              </div>
            )}
          </dl>
          {mode === 'page' ? (
            <button type="button" className="button cart-confirm" disabled={overlay} onClick={onConfirm}>
              {t('panel.confirm')}
            </button>
          ) : (
            <Link className="button cart-view" to={cartPath} onClick={onViewCart}>
              {t('panel.viewCart')}
            </Link>
          )}
        </>
      )}
      {overlay && (
        <div className="cart-overlay" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('panel.updating')}
        </div>
      )}
      {editing && placeUid && (
        <LinePopup placeUid={placeUid} line={editing} cartPath={cartPath} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
