import type { Area, Company } from '@storefront/contracts/app';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Page } from './page.ts';

/** The cities (areas) where the company has places, sorted by name. */
export function useAreas(company: Company) {
  return useQuery({
    queryKey: ['areas', company.uid],
    queryFn: ({ signal }) =>
      apiFetch<Page<Area>>(`v7/areas/?company=${encodeURIComponent(company.uid)}&page_size=100`, { signal }),
    select: (page) => [...page.results].sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 5 * 60_000,
  });
}
