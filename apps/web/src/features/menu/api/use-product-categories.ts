import type { ProductCategory } from '@storefront/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Page } from './page.ts';

/** The categories with products on sale in the place, in the company's order. */
export function useProductCategories(placeUid: string) {
  return useQuery({
    queryKey: ['product-categories', placeUid],
    queryFn: ({ signal }) =>
      apiFetch<Page<ProductCategory>>(
        `v7/places/${encodeURIComponent(placeUid)}/product-categories/?page_size=100`,
        { signal },
      ),
    select: (page) => page.results,
    staleTime: 5 * 60_000,
  });
}
