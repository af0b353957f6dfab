import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppRecord } from '../../../app/app-context.tsx';
import { type CartLine, type CartType, getCart, useCart } from '../../../lib/cart-store.ts';
import { cartTotals, formatTotal } from '../../../lib/cart-totals.ts';
import { useCartProduct } from '../api/cart-api.ts';
import { overlayForPopupChange, useCartOverlay } from '../cart-overlay.ts';
import { CartLineItem } from './cart-line.tsx';

// The menu's product popup edits a line; it comes with the menu's strings and styles, on demand.
const ProductPopup = lazy(() =>
  Promise.all([
    import('../../menu/i18n.ts'),
    import('../../menu/components/menu.css'),
    import('../../menu/components/product-popup.tsx'),
  ]).then(([, , module]) => ({ default: module.ProductPopup })),
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
}

/** The popup opened from a line: the fresh product, then the menu's popup; a change shows the 4 s overlay. */
function LinePopup({ placeUid, line, onClose }: { placeUid: string; line: CartLine; onClose(): void }) {
  const product = useCartProduct(placeUid, line.uid);
  const [before] = useState(() => getCart(placeUid));
  if (!product.data) return null;
  const close = () => {
    if (getCart(placeUid) !== before) overlayForPopupChange();
    onClose();
  };
  return (
    <Suspense fallback={null}>
      <ProductPopup product={product.data} placeUid={placeUid} onClose={close} />
    </Suspense>
  );
}

/**
 * The cart panel (spec §2): titled My Order as a popup and Order Confirmation as a full page with the
 * confirm-order button; the empty-cart and no-store messages; the total rounded to 2 decimals.
 */
export function CartPanel({ mode, placeUid, type, cartPath, onConfirm, storePath }: CartPanelProps) {
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
                <dd
                  data-testid={`cart-total-${mode}`}
                >{`${app.currency.symbol} ${formatTotal(totals.cents)}`}</dd>
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
            <Link className="button cart-view" to={cartPath}>
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
        <LinePopup placeUid={placeUid} line={editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
