import type { raffleSchema } from '@storefront/contracts/loyalty';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { idempotent, type Page } from '../../programs/api/programs-api.ts';

export type Raffle = z.infer<typeof raffleSchema>;
export type RaffleRegistration = { accepted_terms: boolean } & Record<string, string | boolean>;

const base = (programUid: string) => `v5/me/programs/${encodeURIComponent(programUid)}/raffles/`;
const raffleKeys = {
  program: (programUid: string) => ['raffles', programUid] as const,
  list: (programUid: string) => ['raffles', programUid, 'list'] as const,
  detail: (programUid: string, uid: string) => ['raffles', programUid, 'detail', uid] as const,
};

export function useRaffles(programUid: string | null) {
  return useQuery({
    queryKey: raffleKeys.list(programUid ?? ''),
    queryFn: ({ signal }) => apiFetch<Page<Raffle>>(`${base(programUid ?? '')}?page_size=100`, { signal }),
    enabled: programUid !== null,
  });
}

export function useRaffle(programUid: string, uid: string) {
  return useQuery({
    queryKey: raffleKeys.detail(programUid, uid),
    queryFn: ({ signal }) => apiFetch<Raffle>(`${base(programUid)}${encodeURIComponent(uid)}/`, { signal }),
  });
}

/** Registers with the accepted terms and the fields the raffle asks for. */
export function useRegisterInRaffle(programUid: string, uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RaffleRegistration) =>
      apiFetch<Raffle>(`${base(programUid)}${encodeURIComponent(uid)}/register/`, {
        method: 'POST',
        body,
        headers: idempotent(),
      }),
    onSuccess: (raffle) => {
      queryClient.setQueryData(raffleKeys.detail(programUid, uid), raffle);
      return queryClient.invalidateQueries({ queryKey: raffleKeys.list(programUid) });
    },
  });
}

/** Hides the raffle from the member's list. */
export function useDismissRaffle(programUid: string, uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<Raffle>(`${base(programUid)}${encodeURIComponent(uid)}/dismiss/`, {
        method: 'POST',
        body: {},
        headers: idempotent(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: raffleKeys.program(programUid) }),
  });
}
