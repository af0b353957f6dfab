import type { Product } from '@storefront/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Picture } from '../../../components/ui/picture.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { addCartLine } from '../../../lib/cart-store.ts';
import { companyPrefix } from '../../../lib/company.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { useCompanyPlaces, useRedeemableProducts } from '../api/programs-api.ts';
import { coinsMissing } from '../progress.ts';

interface RedeemProductsProps {
  coins: number;
  /** The program's company, whose places sell the products. */
  companyUid: string;
  /** The /c/{companyUid} of the route, for the cart link. */
  routeCompanyUid: string | undefined;
}

/**
 * The #products submodule: the place's products bought with coins. Redeeming puts the product in that
 * place's cart with the ItemExchange flag set, so the cart shows coin prices (spec §4).
 */
export function RedeemProducts({ coins, companyUid, routeCompanyUid }: RedeemProductsProps) {
  const { t } = useTranslation('programs');
  const app = useAppRecord();
  const navigate = useNavigate();
  const places = useCompanyPlaces(companyUid);
  const [chosen, setChosen] = useState(() => storage.get(STORAGE_KEYS.selectedPlaceUid));
  const list = places.data?.results ?? [];
  const place = list.find((item) => item.uid === chosen) ?? list[0] ?? null;
  const products = useRedeemableProducts(place?.uid ?? null);

  const redeem = (product: Product) => {
    if (!place) return;
    storage.set(STORAGE_KEYS.itemExchange, 'true');
    storage.set(STORAGE_KEYS.selectedAreaUid, place.locality.uid);
    storage.set(STORAGE_KEYS.selectedPlaceUid, place.uid);
    addCartLine(place.uid, {
      uid: product.uid,
      name: product.title,
      quantity: 1,
      unit_price: product.unit_price,
      coin_price: product.coin_price,
      is_redeemable: true,
      direct_purchase: product.direct_purchase,
      image: product.image,
      option_groups: [],
    });
    navigate(`${companyPrefix(app, routeCompanyUid)}/cart`);
  };

  return (
    <section className="redeem-products" aria-labelledby="redeem-title">
      <h2 id="redeem-title">{t('products.title')}</h2>
      {places.isPending ? (
        <LoadingState count={1} />
      ) : places.isError ? (
        <ErrorState onRetry={() => places.refetch()} />
      ) : !place ? (
        <EmptyState message={t('products.noPlaces')} />
      ) : (
        <>
          <label className="select-field">
            {t('products.place')}
            <select value={place.uid} onChange={(event) => setChosen(event.target.value)}>
              {[...list]
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((item) => (
                  <option key={item.uid} value={item.uid}>
                    {item.name} — {item.address}
                  </option>
                ))}
            </select>
          </label>
          {products.isPending ? (
            <LoadingState count={3} />
          ) : products.isError ? (
            <ErrorState onRetry={() => products.refetch()} />
          ) : products.data.results.length === 0 ? (
            <EmptyState message={t('products.empty')} />
          ) : (
            <ul className="redeemable-grid">
              {products.data.results.map((product) => (
                <li key={product.uid}>
                  <RedeemableCard product={product} coins={coins} onRedeem={() => redeem(product)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function RedeemableCard({ product, coins, onRedeem }: { product: Product; coins: number; onRedeem(): void }) {
  const { t } = useTranslation('programs');
  const price = product.coin_price ?? 0;
  const missing = coinsMissing(price, coins);
  const outOfStock = product.stock === 0;
  return (
    <article className="card redeemable-card">
      {product.image && (
        <Picture src={product.image} alt={product.title} width={240} height={160} loading="lazy" />
      )}
      <h3>{product.title}</h3>
      <p className="redeemable-price">{t('products.coinPrice', { coins: price })}</p>
      {outOfStock && <p className="no-stock">{t('products.noStock')}</p>}
      {missing > 0 && <p className="coins-missing">{t('products.missing', { n: missing })}</p>}
      <button type="button" className="button" disabled={missing > 0 || outOfStock} onClick={onRedeem}>
        {t('products.redeem')}
      </button>
    </article>
  );
}
