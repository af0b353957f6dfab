import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { Page } from '@storefront/contracts/lists';
import type { Order } from '@storefront/contracts/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

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

/** GET v5/me/orders/{uid}/: one order with its status history. */
export function useOrder(uid: string) {
  return useQuery({
    queryKey: ['orders', 'detail', uid],
    queryFn: ({ signal }) => apiFetch<Order>(`v5/me/orders/${encodeURIComponent(uid)}/`, { signal }),
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
