import type { PickupSchedule } from '@storefront/contracts/catalogue';
import type {
  Coupon,
  DeliveryZones,
  FareEstimate,
  FareEstimateBody,
  Order,
  OrderBody,
  OrderQuote,
  QuoteBody,
  Subscription,
  SubscriptionBody,
} from '@storefront/contracts/orders';
import type { Culqi3dsParameters, PlacePaymentSettings } from '@storefront/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const place = (uid: string) => encodeURIComponent(uid);

/** GET v7/places/{uid}/pickup-schedule/?date=: the place's time slots of a day. */
export function usePickupSchedule(placeUid: string, date: string) {
  return useQuery({
    queryKey: ['pickup-schedule', placeUid, date],
    queryFn: ({ signal }) =>
      apiFetch<PickupSchedule>(`v7/places/${place(placeUid)}/pickup-schedule/?date=${date}`, { signal }),
    enabled: date !== '',
  });
}

/** GET v7/deliveries/places/{uid}/zones/: the districts the place delivers to, by zone. */
export function useDeliveryZones(placeUid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['delivery-zones', placeUid],
    queryFn: ({ signal }) =>
      apiFetch<DeliveryZones>(`v7/deliveries/places/${place(placeUid)}/zones/`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST v7/deliveries/places/{uid}/fare-estimate/: the fare to an address. */
export function useFareEstimate(placeUid: string) {
  return useMutation({
    mutationFn: (body: FareEstimateBody) =>
      apiFetch<FareEstimate>(`v7/deliveries/places/${place(placeUid)}/fare-estimate/`, {
        method: 'POST',
        body,
      }),
  });
}

/** GET v5/places/{uid}/payment-settings/: the company's provider, its public key and script, and the transfer details. */
export function usePaymentSettings(placeUid: string) {
  return useQuery({
    queryKey: ['payment-settings', placeUid],
    queryFn: ({ signal }) =>
      apiFetch<PlacePaymentSettings>(`v5/places/${place(placeUid)}/payment-settings/`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST v5/me/orders/{uid}/payment/ after Culqi's 3DS step: the card charged again with its parameters. */
export function useThreeDsPayment() {
  return useMutation({
    mutationFn: ({ uid, parameters }: { uid: string; parameters: Culqi3dsParameters }) =>
      apiFetch<Order>(`v5/me/orders/${encodeURIComponent(uid)}/payment/`, {
        method: 'POST',
        body: { authentication_3ds: parameters },
      }),
  });
}

/** GET v5/companies/{uid}/validate-code/{code}/?amount=: the coupon and its discount on the subtotal. */
export function useValidateCode(companyUid: string) {
  return useMutation({
    mutationFn: ({ code, amount }: { code: string; amount: string }) =>
      apiFetch<Coupon>(
        `v5/companies/${encodeURIComponent(companyUid)}/validate-code/${encodeURIComponent(code)}/?amount=${amount}`,
      ),
  });
}

/**
 * POST v5/places/{uid}/orders/quote/: the summary as the server prices it (the cart's stored prices are
 * never shown as the total). Asked again whenever the body changes; the last answer stays on screen
 * meanwhile (isPlaceholderData), and a refused body is an error the summary shows.
 */
export function useCheckoutQuote(placeUid: string, body: QuoteBody | null) {
  return useQuery({
    queryKey: ['checkout-quote', placeUid, body],
    queryFn: ({ signal }) =>
      apiFetch<OrderQuote>(`v5/places/${place(placeUid)}/orders/quote/`, { method: 'POST', body, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

export type PlacedCheckout =
  | { kind: 'ORDER'; order: Order }
  | { kind: 'SUBSCRIPTION'; subscription: Subscription };

/**
 * POST v5/places/{uid}/orders/ or .../subscriptions/ with the attempt's Idempotency-Key. The orders,
 * subscriptions and coins the member sees are stale afterwards.
 */
export function usePlaceCheckout(placeUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      key,
    }: {
      body: OrderBody | SubscriptionBody;
      key: string;
    }): Promise<PlacedCheckout> => {
      const headers = { 'Idempotency-Key': key };
      if ('days' in body) {
        const subscription = await apiFetch<Subscription>(`v5/places/${place(placeUid)}/subscriptions/`, {
          method: 'POST',
          body,
          headers,
        });
        return { kind: 'SUBSCRIPTION', subscription };
      }
      const order = await apiFetch<Order>(`v5/places/${place(placeUid)}/orders/`, {
        method: 'POST',
        body,
        headers,
      });
      return { kind: 'ORDER', order };
    },
    onSuccess: () => {
      for (const key of ['orders', 'subscriptions', 'me-program', 'checkout-quote']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
