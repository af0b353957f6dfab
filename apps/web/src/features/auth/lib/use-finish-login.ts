import type { Me } from '@storefront/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/app-context.tsx';
import { takeAfterLoginTarget } from '../../../lib/after-login.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../account/api/use-me.ts';

/**
 * Stores a fresh token and moves on (spec §4 after login). The profile is read first, with the new
 * token, to choose between /complete-info, the cart and home. The login and register routes send a
 * signed-in member home as soon as the session exists, so the chosen target is pushed after that.
 */
export function useFinishLogin() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string) => {
      const me = await apiFetch<Me>('v5/me/', { headers: { Authorization: `Token ${token}` } });
      queryClient.setQueryData(meQueryKey, me);
      const target = takeAfterLoginTarget(me.is_profile_complete);
      flushSync(() => login(token));
      await new Promise((resolve) => setTimeout(resolve, 0));
      await navigate(target, { replace: true });
    },
    [login, navigate, queryClient],
  );
}
