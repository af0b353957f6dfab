import type { Place } from '@storefront/contracts/catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Page } from './page.ts';

const PAGE_SIZE = 100;

/**
 * The company's places, of one city when one is chosen, sorted by name. While a city's list loads, the
 * company's whole list (when already here and complete) stands in for it, filtered by the city: on a
 * first visit the menu then asks for the first place's products without waiting for the city's list.
 */
export function usePlaces(companyUid: string, areaUid: string | null) {
  const queryClient = useQueryClient();
  const query = new URLSearchParams({ company: companyUid, page_size: String(PAGE_SIZE) });
  if (areaUid) query.set('area', areaUid);
  return useQuery<Page<Place>, Error, Place[], (string | null)[]>({
    queryKey: ['places', companyUid, areaUid],
    queryFn: ({ signal }) => apiFetch<Page<Place>>(`v7/places/?${query}`, { signal }),
    placeholderData: () => {
      const all = areaUid ? queryClient.getQueryData<Page<Place>>(['places', companyUid, null]) : undefined;
      if (!all || all.next !== null) return undefined;
      const results = all.results.filter((place) => place.locality.uid === areaUid);
      return { count: results.length, next: null, previous: null, results };
    },
    select: (page) => [...page.results].sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 5 * 60_000,
  });
}
