import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { Page } from '@storefront/contracts/lists';
import type { MemberRedemption } from '@storefront/contracts/loyalty';
import type { Order, Reorder } from '@storefront/contracts/orders';
import type { MemberPaymentBody } from '@storefront/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { setCartType } from '../../../lib/cart-store.ts';
import { selectPlace } from '../../../lib/place-selection.ts';
import { showServerCart } from '../../cart/api/cart-api.ts';

/** GET v5/me/orders/?payment_method=…&page=…: the member's orders, newest first, 25 a page. */
export function useOrders(page: number, paymentMethod?: Order['payment_type']) {
  const filter = paymentMethod ? `&payment_method=${paymentMethod}` : '';
  return useQuery({
    queryKey: ['orders', 'list', paymentMethod ?? 'ALL', page],
    queryFn: ({ signal }) =>
      apiFetch<Page<Order>>(`v5/me/orders/?page=${page}&page_size=${PAGE_SIZE}${filter}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Statuses after which an order never moves again (architecture §4). */
const FINAL_STATUSES: Order['status'][] = [
  'DELIVERED',
  'CANCELED_BY_PLACE',
  'CANCELED_BY_USER',
  'PAYMENT_FAILED',
  'PAYMENT_EXPIRED',
];
/** How often an open order page asks for its status while the order is in progress. */
const ORDER_POLL_MS = 5000;

/**
 * GET v5/me/orders/{uid}/: one order with its status history. While the order is in progress the page
 * follows it by asking again every few seconds (only while the tab is visible: TanStack Query pauses
 * intervals in the background and refetches on focus); a final status stops the polling, unless a
 * refund is still on its way.
 */
export function useOrder(uid: string) {
  return useQuery({
    queryKey: ['orders', 'detail', uid],
    queryFn: ({ signal }) => apiFetch<Order>(`v5/me/orders/${encodeURIComponent(uid)}/`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      const refunding = query.state.data?.payment?.status === 'REFUND_PENDING';
      return status && (!FINAL_STATUSES.includes(status) || refunding) ? ORDER_POLL_MS : false;
    },
  });
}

/** PATCH v5/me/orders/{uid}/ {"status": "CANCELED_BY_USER"}: allowed while the order is RECEIVED. */
export function useCancelOrder(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<Order>(`v5/me/orders/${encodeURIComponent(uid)}/`, {
        method: 'PATCH',
        body: { status: 'CANCELED_BY_USER' },
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', uid], order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['me-program'] });
    },
  });
}

/** POST v5/me/orders/{uid}/payment/: a transfer's operation number (or the 3DS step) of a PENDING_PAYMENT order. */
export function useSubmitPayment(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberPaymentBody) =>
      apiFetch<Order>(`v5/me/orders/${encodeURIComponent(uid)}/payment/`, { method: 'POST', body }),
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', uid], order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}

/**
 * POST v5/me/orders/{uid}/reorder/ ("Pedir de nuevo"): the server fills the place's regular cart with
 * the lines still on sale; this device's cart of that place shows it, and that place is chosen.
 */
export function useReorder() {
  return useMutation({
    mutationFn: async (order: Pick<Order, 'uid' | 'place'>) => {
      const answer = await apiFetch<Reorder>(`v5/me/orders/${encodeURIComponent(order.uid)}/reorder/`, {
        method: 'POST',
        body: {},
      });
      if (answer.cart.products.length > 0) {
        await showServerCart(answer.cart);
        setCartType('REGULAR');
        selectPlace(order.place.uid);
      }
      return answer;
    },
  });
}

/** GET v5/me/redemptions/ ("Mis canjes"): promotions bought with coins or redeemed, newest first. */
export function useMemberRedemptions(page: number) {
  return useQuery({
    queryKey: ['me-redemptions', page],
    queryFn: ({ signal }) =>
      apiFetch<Page<MemberRedemption>>(`v5/me/redemptions/?page=${page}&page_size=${PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
