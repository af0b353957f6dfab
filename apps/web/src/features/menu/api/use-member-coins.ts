import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAppRecord, useAuth } from '../../../lib/app-context.tsx';

/**
 * The signed-in member's coins in the app's first allowed program (GET v5/me/programs/{uid}/).
 * Undefined for visitors, while loading, or when the call fails: redeemable cards then show no
 * shortfall rather than a wrong one.
 */
export function useMemberCoins(): number | undefined {
  const { loggedIn } = useAuth();
  const program = useAppRecord().allowed_programs[0];
  const query = useQuery({
    queryKey: ['me-program', program?.uid],
    queryFn: ({ signal }) => apiFetch<{ coins: number }>(`v5/me/programs/${program?.uid}/`, { signal }),
    enabled: loggedIn && program !== undefined,
    retry: false,
    staleTime: 60_000,
  });
  return typeof query.data?.coins === 'number' ? query.data.coins : undefined;
}
