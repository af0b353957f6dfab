import type { Me } from '@storefront/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { takeAfterLoginTarget } from '../../../lib/after-login.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/app-context.tsx';
import { meQueryKey } from '../../account/api/use-me.ts';

/**
 * Stores a fresh token and moves on (spec §4 after login). The profile is read first, with the new
 * token, to choose between the staff tools, /complete-info, the cart and home; the login and register
 * routes' guard then sends the new session there, in the one redirect.
 */
export function useFinishLogin() {
  const { login } = useAuth();
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string) => {
      const me = await apiFetch<Me>('v5/me/', { headers: { Authorization: `Token ${token}` } });
      queryClient.setQueryData(meQueryKey, me);
      login(token, takeAfterLoginTarget(me.is_profile_complete, me.is_staff));
    },
    [login, queryClient],
  );
}
