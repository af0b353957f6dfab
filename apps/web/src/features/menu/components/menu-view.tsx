import type { Company } from '@storefront/contracts/app';
import type { Product } from '@storefront/contracts/catalogue';
import { SEARCH_DEBOUNCE_MS } from '@storefront/contracts/constants';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { companyPrefix } from '../../../lib/company.ts';
import { useSelectedAreaUid, useSelectedPlaceUid } from '../../../lib/place-selection.ts';
import { useMemberCoins } from '../api/use-member-coins.ts';
import { usePlaceProduct } from '../api/use-place-products.ts';
import { usePlaces } from '../api/use-places.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { CategoryBar } from './category-bar.tsx';
import { CitySelector } from './city-selector.tsx';
import { PlaceSelector } from './place-selector.tsx';
import { ProductList } from './product-list.tsx';

// The popup (and its modal) loads on the first product opened, not with the menu's first page.
const ProductPopup = lazy(() =>
  import('../../../components/product-popup/product-popup.tsx').then(({ ProductPopup }) => ({
    default: ProductPopup,
  })),
);
// A visitor's tap asks them to sign in for that product (issue 28), in a chunk of its own too.
const SignInPrompt = lazy(() => import('./sign-in-prompt.tsx'));

// Spec §4: the search is debounced but its input is hidden. Set this to true to show the input (it is
// rendered either way, with the `hidden` attribute while false; decision 008).
const SEARCH_SHOWN = false;

/** The shared popup over the product reloaded fresh; a direct purchase goes to the cart route. */
function MenuProductPopup({
  product,
  placeUid,
  onClose,
}: {
  product: Product;
  placeUid: string;
  onClose(): void;
}) {
  const app = useAppRecord();
  const navigate = useNavigate();
  const { companyUid } = useParams();
  const detail = usePlaceProduct(placeUid, product.uid, product);
  return (
    <ProductPopup
      product={detail.data ?? product}
      placeUid={placeUid}
      loading={detail.isFetching}
      coins={useMemberCoins()}
      currency={app.currency.symbol}
      onDirectPurchase={() => navigate(`${companyPrefix(app, companyUid)}/cart`)}
      onClose={onClose}
    />
  );
}

/** The product a link names (`?product=`, where signing in brings a visitor back): its popup once loaded. */
function LinkedProductPopup({
  productUid,
  placeUid,
  onClose,
}: {
  productUid: string;
  placeUid: string;
  onClose(): void;
}) {
  const detail = usePlaceProduct(placeUid, productUid);
  // Not sold at this place (any more): the menu alone.
  useEffect(() => {
    if (detail.isError) onClose();
  }, [detail.isError, onClose]);
  if (!detail.data) return null;
  return <MenuProductPopup product={detail.data} placeUid={placeUid} onClose={onClose} />;
}

/**
 * City, place and category selection over the place's product list; the popup opens from a card, or
 * from the link `?product=`. Not interactive (signed-out /carta, spec §2): nothing is ordered, and a
 * card's tap says why, with the way to sign in and come back to it.
 */
export function MenuView({ company, interactive }: { company: Company; interactive: boolean }) {
  const { t } = useTranslation('menu');
  const stored = useSelectedPlaceUid();
  // The stored place counts only once it is one of this company's places in the chosen city; else the
  // first one, which the place selector stores (the server, running no effects, renders it too).
  const places = usePlaces(company.uid, useSelectedAreaUid());
  const placeUid = places.data?.some((place) => place.uid === stored)
    ? stored
    : (places.data?.[0]?.uid ?? null);
  const [open, setOpen] = useState<Product | null>(null);
  const [params, setParams] = useSearchParams();
  const linkedUid = interactive ? params.get('product') : null;
  const closeLinked = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('product');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <div className="menu-view">
      <div className="menu-selectors">
        <CitySelector company={company} />
        <PlaceSelector companyUid={company.uid} />
      </div>
      {placeUid && (
        <>
          <CategoryBar placeUid={placeUid} />
          <div className="menu-search" hidden={!SEARCH_SHOWN}>
            <label htmlFor="menu-search">{t('search.label')}</label>
            <input
              id="menu-search"
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {!interactive && (
            <p className="menu-login">
              <Link to="/login">{t('list.loginToOrder')}</Link>
            </p>
          )}
          <ProductList placeUid={placeUid} search={settledSearch} onOpen={setOpen} />
          {open && (
            <Suspense fallback={null}>
              {interactive ? (
                <MenuProductPopup product={open} placeUid={placeUid} onClose={() => setOpen(null)} />
              ) : (
                <SignInPrompt product={open} onClose={() => setOpen(null)} />
              )}
            </Suspense>
          )}
          {!open && linkedUid && (
            <Suspense fallback={null}>
              <LinkedProductPopup productUid={linkedUid} placeUid={placeUid} onClose={closeLinked} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
