import type { AdminProgram } from '@storefront/contracts/admin-members';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';

/** The company's benefit programs with their levels (promotions and gift cards belong to one), from the members feature's `programs/`. */
export function usePrograms(): AdminProgram[] {
  return useProgramsQuery().data ?? [];
}

/** The same, `undefined` while loading. */
export function useProgramsQuery() {
  return useQuery({
    queryKey: ['admin', 'programs', companyPath('programs')],
    queryFn: async () =>
      (await api<{ results: AdminProgram[] }>(`${companyPath('programs')}?page_size=100`)).json.results,
    staleTime: 60_000,
  });
}
