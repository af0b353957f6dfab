import type { Redemption } from '@storefront/contracts/loyalty';
import type { Order } from '@storefront/contracts/orders';
import type { RetailPaymentBody } from '@storefront/contracts/payments';
import type {
  CreateUserBody,
  Customer,
  RetailPlace,
  RetailRedemption,
  STAFF_ORDER_STATUSES,
} from '@storefront/contracts/retail';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type RequestOptions } from '../../../lib/api-client.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

export type { Customer, Order, RetailPlace, RetailRedemption };
export type OrderStatus = Order['status'];

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface MembershipResult {
  uid: string;
  program: { uid: string; name: string };
  coins: number;
  points: number;
  stamps: number;
  reward_unlocked?: boolean;
}

const base = 'v5/retail/';
export const retailKeys = {
  places: ['retail', 'places'] as const,
  customers: (type: string, value: string) => ['retail', 'customers', type, value] as const,
  records: (place: string, date: string, page: number) => ['retail', 'records', place, date, page] as const,
  orders: (place: string) => ['retail', 'orders', place] as const,
};

export function useRetailPlaces() {
  return useQuery({
    queryKey: retailKeys.places,
    queryFn: ({ signal }) => apiFetch<RetailPlace[]>(`${base}places/`, { signal }),
    retry: false,
  });
}

/** GET customers/ by a document type, MOBILE_PHONE or QR; null while nothing has been searched. */
export function useCustomers(search: { type: string; value: string } | null) {
  return useQuery({
    queryKey: retailKeys.customers(search?.type ?? '', search?.value ?? ''),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ search_type: search?.type ?? '', value: search?.value ?? '' });
      return apiFetch<Page<Customer>>(`${base}customers/?${query}`, { signal });
    },
    enabled: search !== null,
    retry: false,
  });
}

/** Any staff write refreshes the customer card, the records and the board. */
function useRetailWrite<Variables, Result>(path: string, request: (variables: Variables) => RequestOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) =>
      apiFetch<Result>(`${base}${path}`, { method: 'POST', ...request(variables) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['retail', 'customers'] }),
  });
}

/** A write that moves coins, stamps or points, with the Idempotency-Key of the cashier's confirmation. */
interface Keyed<Body> {
  body: Body;
  key: string;
}
const keyed = <Body>({ body, key }: Keyed<Body>) => ({ body, headers: { 'Idempotency-Key': key } });

export const useRedeem = () =>
  useRetailWrite<
    Keyed<{ place: string; member: string; promotion: string } | { place: string; code: string }>,
    Redemption
  >('redemptions/', keyed);
export const useStamp = () =>
  useRetailWrite<Keyed<{ place: string; member: string; program: string }>, MembershipResult>(
    'stamps/',
    keyed,
  );
export const useAddPoints = () =>
  useRetailWrite<
    Keyed<{ place: string; member: string; program: string; amount: number; description: string }>,
    MembershipResult
  >('points/', keyed);
export const useCreateUser = () => useRetailWrite<CreateUserBody, Customer>('users/', (body) => ({ body }));

export function useRedemptionRecords(place: string, date: string, page: number) {
  return useQuery({
    queryKey: retailKeys.records(place, date, page),
    queryFn: ({ signal }) =>
      apiFetch<Page<RetailRedemption>>(
        `${base}redemptions/?${new URLSearchParams({ place, date, page: String(page) })}`,
        { signal },
      ),
    enabled: Boolean(place && date),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the day's records as a file: the token goes in a header, so a plain link cannot do it. */
export async function downloadRecords(place: string, date: string, format: 'csv' | 'xlsx'): Promise<void> {
  const headers: Record<string, string> = {
    'Accept-Language': storage.get(STORAGE_KEYS.lang) ?? 'es',
  };
  const token = storage.get(STORAGE_KEYS.token);
  const apiKey = storage.get(STORAGE_KEYS.apiKey);
  if (token) headers.Authorization = `Token ${token}`;
  if (apiKey) headers['API-KEY'] = apiKey;
  const response = await fetch(`/api/${base}redemptions/?${new URLSearchParams({ place, date, format })}`, {
    headers,
  });
  if (!response.ok) throw new Error(`download ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `canjes-${place}-${date}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The board shows what is still in progress; finished and cancelled orders leave it. */
export const BOARD_STATUSES: OrderStatus[] = ['RECEIVED', 'ACCEPTED', 'SHIPPED'];

export function useBoardOrders(place: string) {
  return useQuery({
    queryKey: retailKeys.orders(place),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        BOARD_STATUSES.map((status) =>
          apiFetch<Page<Order>>(
            `${base}orders/?${new URLSearchParams({ place, status, page_size: '100' })}`,
            {
              signal,
            },
          ),
        ),
      );
      return pages.flatMap((page) => page.results);
    },
    enabled: Boolean(place),
  });
}

export function useMoveOrder(place: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, status }: { uid: string; status: (typeof STAFF_ORDER_STATUSES)[number] }) =>
      apiFetch<Order>(`${base}orders/${encodeURIComponent(uid)}/`, { method: 'PATCH', body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retailKeys.orders(place) }),
  });
}

const TRANSFERS_POLL_MS = 30_000;

/**
 * The place's transfers waiting for staff (PENDING_PAYMENT orders paid by TRANSFER), under the board's
 * key so its refreshes reach them; asked again every half minute too, since the board's stream
 * announces an order only once it is paid.
 */
export function usePendingTransfers(place: string) {
  return useQuery({
    queryKey: [...retailKeys.orders(place), 'pending-transfers'],
    queryFn: async ({ signal }) => {
      const page = await apiFetch<Page<Order>>(
        `${base}orders/?${new URLSearchParams({ place, status: 'PENDING_PAYMENT', page_size: '100' })}`,
        { signal },
      );
      return page.results.filter((order) => order.payment?.method === 'TRANSFER');
    },
    enabled: Boolean(place),
    refetchInterval: TRANSFERS_POLL_MS,
  });
}

/** POST v5/retail/orders/{uid}/payment/: staff confirm a transfer with its operation number, or reject it. */
export function useSettleTransfer(place: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, body }: { uid: string; body: RetailPaymentBody }) =>
      apiFetch<Order>(`${base}orders/${encodeURIComponent(uid)}/payment/`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retailKeys.orders(place) }),
  });
}
