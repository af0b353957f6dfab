import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { Page } from '@storefront/contracts/lists';
import type { Subscription } from '@storefront/contracts/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * The member's own subscriptions (decision record 011): v5/subscriptions/, optionally only the active
 * ones, or v5/me/subscriptions/.
 */
export function useSubscriptions(scope: 'all' | 'me', page: number, status?: 'active') {
  const base = scope === 'me' ? 'v5/me/subscriptions/' : 'v5/subscriptions/';
  const filter = status ? `&status=${status}` : '';
  return useQuery({
    queryKey: ['subscriptions', scope, status ?? 'any', page],
    queryFn: ({ signal }) =>
      apiFetch<Page<Subscription>>(`${base}?page=${page}&page_size=${PAGE_SIZE}${filter}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH v5/subscriptions/{uid}/ {"status": "canceled_by_user"} (spec §4: active → canceled_by_user). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) =>
      apiFetch<Subscription>(`v5/subscriptions/${encodeURIComponent(uid)}/`, {
        method: 'PATCH',
        body: { status: 'canceled_by_user' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
