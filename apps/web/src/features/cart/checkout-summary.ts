import type { Coupon, FareEstimate } from '@storefront/contracts/orders';
import { ApiError } from '../../lib/api-client.ts';
import type { Cart } from '../../lib/cart-store.ts';
import { cartTotals, toCents } from '../../lib/cart-totals.ts';

export interface CheckoutSummary {
  subtotal: number;
  delivery: number;
  discount: number;
  /** subtotal + delivery - discount, never below 0 (cents). */
  total: number;
  coins: number;
  allRedeemable: boolean;
}

/** The summary in cents: the cart, the estimated fare (delivery only) and the coupon's discount. */
export function cartSummary(cart: Cart, fare: FareEstimate | null, coupon: Coupon | null): CheckoutSummary {
  const totals = cartTotals(cart);
  const delivery = fare ? toCents(fare.fare) : 0;
  const discount = coupon?.discount ? toCents(coupon.discount) : 0;
  return {
    subtotal: totals.cents,
    delivery,
    discount,
    total: Math.max(0, totals.cents + delivery - discount),
    coins: totals.coins,
    allRedeemable: totals.allRedeemable,
  };
}

const FIELD_OF: Record<string, string> = {
  pickup_date: 'slot',
  start_time: 'slot',
  end_time: 'slot',
  'billing.first_name': 'first_name',
  'billing.last_name': 'last_name',
  'billing.email': 'email',
  'billing.phone': 'phone',
  'billing.city': 'city',
  'billing.address': 'billing_address',
  'user_data.email': 'email',
  'user_data.contact_number': 'phone',
};

/** A 400's server field names as the form's own (start_time is the slot, billing.city the city…). */
export function serverFieldErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const body = Object.fromEntries(
    Object.entries(error.body).map(([key, value]) => [FIELD_OF[key] ?? key, value]),
  );
  return new ApiError(error.status, body);
}
