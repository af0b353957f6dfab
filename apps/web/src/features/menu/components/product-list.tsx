import type { Product } from '@storefront/contracts/catalogue';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { useSelectedCategories } from '../../../lib/place-selection.ts';
import { useMemberCoins } from '../api/use-member-coins.ts';
import { usePlaceProducts } from '../api/use-place-products.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

const SKELETONS = [1, 2, 3, 4, 5, 6];
// The cards in view on a phone; their images load first instead of lazily (LCP).
const EAGER_IMAGES = 2;

/**
 * The place's products under the chosen category and search text, loading the next page as its end comes into view
 * (infinite scroll with loader skeletons); a card's tap calls onOpen.
 */
export function ProductList({
  placeUid,
  search,
  onOpen,
}: {
  placeUid: string;
  search: string;
  onOpen: (product: Product) => void;
}) {
  const { t } = useTranslation('menu');
  const currency = useAppRecord().currency.symbol;
  const coins = useMemberCoins();
  const categories = useSelectedCategories();
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    usePlaceProducts(placeUid, categories, search);
  const end = useRef<HTMLDivElement>(null);

  // A new observer after every page: it reports at once if the end is still in view.
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (isPending) {
    return (
      <ul className="product-grid" aria-busy="true">
        {SKELETONS.map((key) => (
          <li key={key}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) return <ErrorState message={t('list.error')} onRetry={() => void refetch()} />;
  const products = data.pages.flatMap((page) => page.results);
  if (products.length === 0) return <EmptyState message={t('list.empty')} />;
  return (
    <>
      <ul className="product-grid" aria-busy={isFetchingNextPage}>
        {products.map((product, index) => (
          <li key={product.uid}>
            <ProductCard
              eager={index < EAGER_IMAGES}
              product={product}
              currency={currency}
              coins={coins}
              onOpen={() => onOpen(product)}
              t={t}
            />
          </li>
        ))}
        {isFetchingNextPage &&
          SKELETONS.slice(0, 3).map((key) => (
            <li key={`loading-${key}`}>
              <ProductCardSkeleton />
            </li>
          ))}
      </ul>
      <div ref={end} className="list-end" data-testid="list-end" data-complete={!hasNextPage} />
    </>
  );
}
