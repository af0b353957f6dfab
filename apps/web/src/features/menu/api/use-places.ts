import type { Place } from '@storefront/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Page } from './page.ts';

/** The company's places, of one city when one is chosen, sorted by name. */
export function usePlaces(companyUid: string, areaUid: string | null) {
  const query = new URLSearchParams({ company: companyUid, page_size: '100' });
  if (areaUid) query.set('area', areaUid);
  return useQuery({
    queryKey: ['places', companyUid, areaUid],
    queryFn: ({ signal }) => apiFetch<Page<Place>>(`v7/places/?${query}`, { signal }),
    select: (page) => [...page.results].sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 5 * 60_000,
  });
}
