import type { AdminProgramOption } from '@storefront/contracts/admin-campaigns';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';

/** The company's benefit programs with their levels (promotions and gift cards belong to one). */
export function usePrograms(): AdminProgramOption[] {
  return useProgramsQuery().data ?? [];
}

/** The same, `undefined` while loading. */
export function useProgramsQuery() {
  return useQuery({
    queryKey: ['admin', 'programs', companyPath('programs')],
    queryFn: async () => (await api<{ results: AdminProgramOption[] }>(companyPath('programs'))).json.results,
    staleTime: 60_000,
  });
}
