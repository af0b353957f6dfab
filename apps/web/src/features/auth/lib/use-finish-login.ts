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
 * Resolves once the effects of the last render have run: React runs them inside flushSync, Preact
 * (the production build) after the next frame, so a frame and a task are awaited (a timer too, as a
 * hidden tab draws no frames).
 */
function afterEffects(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => setTimeout(resolve);
    requestAnimationFrame(done);
    setTimeout(done, 100);
  });
}

/**
 * Stores a fresh token and moves on (spec §4 after login). The profile is read first, with the new
 * token, to choose between the staff tools, /complete-info, the cart and home. The login and register routes send a
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
      const target = takeAfterLoginTarget(me.is_profile_complete, me.is_staff);
      flushSync(() => login(token));
      await afterEffects();
      await navigate(target, { replace: true });
    },
    [login, navigate, queryClient],
  );
}
