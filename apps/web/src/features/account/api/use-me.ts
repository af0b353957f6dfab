import type { Me } from '@storefront/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/app-context.tsx';
import { clearSession, STORAGE_KEYS, storage } from '../../../lib/storage.ts';

export type { Me };

export const meQueryKey = ['me'] as const;

/**
 * The signed-in member. A 401 on this fetch clears the token and reloads (spec §4). A 401 with no token
 * stored any more answers a request sent after a logout in another tab: that tab's storage event takes
 * this one home, and a reload here would race it to /login.
 */
export function useMe() {
  const { loggedIn } = useAuth();
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => apiFetch<Me>('v5/me/', { signal }),
    enabled: loggedIn,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 60_000,
  });
  useEffect(() => {
    const refused = query.error instanceof ApiError && query.error.status === 401;
    if (refused && storage.get(STORAGE_KEYS.token) !== null) {
      clearSession();
      window.location.reload();
    }
  }, [query.error]);
  return query;
}
