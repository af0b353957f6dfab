import type { Place, Product } from '@storefront/contracts/catalogue';
import type { adSchema, giftCardRedeemedSchema, MemberProgram, Program } from '@storefront/contracts/loyalty';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/app-context.tsx';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
export type ProgramAd = z.infer<typeof adSchema>;
export type GiftCardRedeemed = z.infer<typeof giftCardRedeemedSchema>;

/** Query keys other loyalty features refresh after spending coins or joining. */
export const programKeys = {
  all: ['programs'] as const,
  list: (company: string) => ['programs', 'list', company] as const,
  member: (programUid: string) => ['programs', 'member', programUid] as const,
  public: (programUid: string) => ['programs', 'public', programUid] as const,
  ads: (programUid: string) => ['programs', 'ads', programUid] as const,
};

/** A write the server may replay: one key per attempt, so a double click never spends twice. */
export const idempotent = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** The company's benefit programs (footer column, raffles and polls pickers). */
export function usePrograms(companyUid: string, enabled = true) {
  return useQuery({
    queryKey: programKeys.list(companyUid),
    queryFn: ({ signal }) =>
      apiFetch<Page<Program>>(`v5/programs/?company=${encodeURIComponent(companyUid)}&page_size=100`, {
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** A program as a visitor sees it: name, levels, how it works (no sign-in needed). */
export function usePublicProgram(programUid: string) {
  return useQuery({
    queryKey: programKeys.public(programUid),
    queryFn: ({ signal }) => apiFetch<Program>(`v5/programs/${encodeURIComponent(programUid)}/`, { signal }),
    staleTime: 5 * 60_000,
    // A program of another app (or none) is not found at once; other failures are tried again.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
}

/** The member's coins, points, level and stamps in a program. */
export function useMemberProgram(programUid: string) {
  const { loggedIn } = useAuth();
  return useQuery({
    queryKey: programKeys.member(programUid),
    queryFn: ({ signal }) =>
      apiFetch<MemberProgram>(`v5/me/programs/${encodeURIComponent(programUid)}/`, { signal }),
    enabled: loggedIn,
  });
}

/** Joins a program; joining twice changes nothing. */
export function useJoinProgram(programUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<MemberProgram>('v5/me/programs/', {
        method: 'POST',
        body: { program: programUid },
        headers: idempotent(),
      }),
    onSuccess: (standing) => queryClient.setQueryData(programKeys.member(programUid), standing),
  });
}

export function useProgramAds(programUid: string) {
  const { loggedIn } = useAuth();
  return useQuery({
    queryKey: programKeys.ads(programUid),
    queryFn: ({ signal }) =>
      apiFetch<Page<ProgramAd>>(`v5/me/programs/${encodeURIComponent(programUid)}/ads/`, { signal }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}

/** Loads a gift card's amount onto the member's balance. */
export function useRedeemGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<GiftCardRedeemed>('v5/me/gift-cards/redeem/', {
        method: 'POST',
        body: { code },
        headers: idempotent(),
      }),
    onSuccess: (result) => queryClient.invalidateQueries({ queryKey: programKeys.member(result.program) }),
  });
}

/** The company's places, to choose where to redeem products. */
export function useCompanyPlaces(companyUid: string) {
  return useQuery({
    queryKey: ['places', companyUid],
    queryFn: ({ signal }) =>
      apiFetch<Page<Place>>(`v7/places/?company=${encodeURIComponent(companyUid)}&page_size=100`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The place's products bought with coins (spec §7: the redeemables variant). */
export function useRedeemableProducts(placeUid: string | null) {
  return useQuery({
    queryKey: ['products', 'redeemables', placeUid],
    queryFn: ({ signal }) =>
      apiFetch<Page<Product>>(
        `v7/places/${encodeURIComponent(placeUid ?? '')}/products/redeemables/?page_size=100`,
        {
          signal,
        },
      ),
    enabled: placeUid !== null,
  });
}
