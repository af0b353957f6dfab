import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { useCart, useCartType } from '../../../lib/cart-store.ts';
import { cartTotals } from '../../../lib/cart-totals.ts';
import { companyPrefix } from '../../../lib/company.ts';
import { useSelectedPlaceUid } from '../../../lib/place-selection.ts';
import '../i18n.ts';

/** The header's cart: a bag with the number of units in the selected place's cart, linking to the cart. */
export default function CartHeaderLink() {
  const { t } = useTranslation('cart');
  const app = useAppRecord();
  const company = useCompany();
  const placeUid = useSelectedPlaceUid();
  const units = cartTotals(useCart(placeUid ?? '', useCartType())).units;
  return (
    <Link
      to={`${companyPrefix(app, company.uid)}/cart`}
      className="header-cart"
      aria-label={t('header.label', { count: units })}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 7V6a5 5 0 0 1 10 0v1h3a1 1 0 0 1 1 1l-1 12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2L3 8a1 1 0 0 1 1-1h3Zm2 0h6V6a3 3 0 0 0-6 0v1Zm-3 2 .9 11h10.2L18 9H6Z"
        />
      </svg>
      {units > 0 && (
        <span className="header-cart-count" aria-hidden="true">
          {units > 99 ? '99+' : units}
        </span>
      )}
    </Link>
  );
}
