import type { LandingSection } from '@storefront/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET v7/apps/{uid_app}/landing/: the app's landing sections (spec §7). */
export function useLanding(appUid: string) {
  return useQuery({
    queryKey: ['landing', appUid],
    queryFn: ({ signal }) => apiFetch<LandingSection[]>(`v7/apps/${appUid}/landing/`, { signal }),
    staleTime: 5 * 60_000,
  });
}
