import type { eventSchema } from '@storefront/contracts/loyalty';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';

export type CompanyEvent = z.infer<typeof eventSchema>;
interface Page<T> {
  count: number;
  results: T[];
}

/** The company's events, soonest first (the default ordering start_date,start_time). */
export function useEvents(companyUid: string, page: number) {
  return useQuery({
    queryKey: ['events', companyUid, page],
    queryFn: ({ signal }) =>
      apiFetch<Page<CompanyEvent>>(
        `v5/companies/${encodeURIComponent(companyUid)}/events/?ordering=start_date,start_time&page=${page}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEvent(uid: string) {
  return useQuery({
    queryKey: ['events', 'detail', uid],
    queryFn: ({ signal }) => apiFetch<CompanyEvent>(`v5/events/${encodeURIComponent(uid)}/`, { signal }),
  });
}
