import { PROMOTIONS_PAGE_SIZE } from '@storefront/contracts/constants';
import type { Promotion, promotionCodeSchema, Redemption } from '@storefront/contracts/loyalty';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { idempotent, type Page, programKeys } from './programs-api.ts';

export type PromotionCode = z.infer<typeof promotionCodeSchema>;

export interface PromotionFilters {
  page: number;
  tagged: boolean;
  /** Highest discount first (the default), or lowest first. */
  ordering: '-rate_discount' | 'rate_discount';
}

const base = (programUid: string) => `v5/me/programs/${encodeURIComponent(programUid)}/promotions/`;
/** The promotions as a visitor sees them (no sign-in, never used). */
const publicBase = (programUid: string) => `v5/programs/${encodeURIComponent(programUid)}/promotions/`;
const promotionKeys = {
  list: (programUid: string, filters: PromotionFilters, visitor: boolean) =>
    ['promotions', programUid, visitor ? 'public' : 'list', filters] as const,
  detail: (programUid: string, uid: string) => ['promotions', programUid, 'detail', uid] as const,
  program: (programUid: string) => ['promotions', programUid] as const,
};

/**
 * Promotions in pages of 24 (spec §9), optionally only the tagged ones, ordered by discount; a visitor's
 * come from the program's public list.
 */
export function usePromotions(programUid: string, filters: PromotionFilters, visitor = false) {
  const query = new URLSearchParams({
    page: String(filters.page),
    page_size: String(PROMOTIONS_PAGE_SIZE),
    ordering: filters.ordering,
  });
  if (filters.tagged) query.set('tagged', 'true');
  return useQuery({
    queryKey: promotionKeys.list(programUid, filters, visitor),
    queryFn: ({ signal }) =>
      apiFetch<Page<Promotion>>(`${(visitor ? publicBase : base)(programUid)}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePromotion(programUid: string, uid: string | null) {
  return useQuery({
    queryKey: promotionKeys.detail(programUid, uid ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<Promotion>(`${base(programUid)}${encodeURIComponent(uid ?? '')}/`, { signal }),
    enabled: uid !== null,
  });
}

/** The code and QR text staff scan (nothing is used up yet). */
export function usePromotionQr(programUid: string, uid: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<PromotionCode>(`${base(programUid)}${encodeURIComponent(uid)}/qrcode/`, {
        method: 'POST',
        body: {},
        headers: idempotent(),
      }),
  });
}

/** The promotion's coupon code. */
export function useCouponCode(programUid: string, uid: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<PromotionCode>(
        `v5/programs/${encodeURIComponent(programUid)}/promotions/${encodeURIComponent(uid)}/coupon/get-code/`,
        { method: 'POST', body: {}, headers: idempotent() },
      ),
  });
}

/** Buys the promotion with coins, under the key of the member's confirmation; the member's coins and the promotions' stock and use change. */
export function usePurchasePromotion(programUid: string, uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      apiFetch<Redemption>(`${base(programUid)}${encodeURIComponent(uid)}/purchase/`, {
        method: 'POST',
        body: {},
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: programKeys.member(programUid) }),
        queryClient.invalidateQueries({ queryKey: promotionKeys.program(programUid) }),
        // The menu's redeemable cards read the same coins under their own key.
        queryClient.invalidateQueries({ queryKey: ['me-program', programUid] }),
      ]),
  });
}
