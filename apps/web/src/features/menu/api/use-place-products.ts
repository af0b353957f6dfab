import type { Product } from '@storefront/contracts/catalogue';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Page } from './page.ts';

/**
 * The place's menu, filtered by the stored comma-separated category list and the (debounced) search
 * text. Further pages follow the
 * answer's `next` URL as it is (spec §7); pages concatenate (spec §4).
 */
export function usePlaceProducts(placeUid: string, categories: string, search = '') {
  const query = new URLSearchParams({ category: categories });
  if (search) query.set('search', search);
  const first = `v7/places/${encodeURIComponent(placeUid)}/products/?${query}`;
  return useInfiniteQuery({
    queryKey: ['place-products', placeUid, categories, search],
    queryFn: ({ pageParam, signal }) => apiFetch<Page<Product>>(pageParam, { signal }),
    initialPageParam: first,
    getNextPageParam: (page) => page.next ?? undefined,
    staleTime: 60_000,
  });
}

/**
 * One product of the place, fresh (stock, active options); the list's copy, when there is one, shows
 * meanwhile (a product named by a link has none).
 */
export function usePlaceProduct(placeUid: string, productUid: string, listed?: Product) {
  return useQuery({
    queryKey: ['place-product', placeUid, productUid],
    queryFn: ({ signal }) =>
      apiFetch<Product>(
        `v7/places/${encodeURIComponent(placeUid)}/products/${encodeURIComponent(productUid)}/`,
        { signal },
      ),
    placeholderData: listed,
  });
}
