import { z } from 'zod';
import { DOCUMENT_TYPES, MAX_CART_LINES, MAX_LINE_QUANTITY, ORDER_STATUSES } from './constants.ts';
import { pageQuerySchema } from './lists.ts';
import { orderPaymentSchema, paymentBodyFields, transferDetailsSchema } from './payments.ts';
import { orderReceiptSchema } from './receipts.ts';
import { isoDate } from './validators.ts';

// Cart, checkout, orders, subscriptions, coupons and delivery fares (spec §3 Cart/Order, §7 "Cart and
// orders", architecture §4 and §6). Money in responses is a decimal string ("12.50").

const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const text = (max: number) => z.string().max(max);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Ingresar una hora correcta');

export const CART_TYPES = ['REGULAR', 'SUBSCRIPTION'] as const;
export const ORDER_TYPES = ['DELIVERY', 'PICKUP'] as const;
/**
 * What a place may accept (tenant file `payment_methods`): paid at the door (cash, a card terminal,
 * coins) or before the order reaches the kitchen (architecture §10: a card charged now and Yape through
 * the company's provider, a transfer to the shop's account confirmed by its staff).
 */
export const PLACE_PAYMENT_METHODS = [
  'CASH',
  'CARD_ON_DELIVERY',
  'COINS',
  'ONLINE_CARD',
  'YAPE',
  'TRANSFER',
] as const;
/** An order's payment: a place's method, or GIFT_CARD (the whole price from the member's gift balance). */
export const PAYMENT_TYPES = [...PLACE_PAYMENT_METHODS, 'GIFT_CARD'] as const;
/** Soles as the storefront sends them: "12.50". */
const decimal = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'Ingresar un monto válido');
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELED_BY_USER'] as const;

export const chosenOptionGroupSchema = z.strictObject({
  uid,
  options: z.array(z.strictObject({ uid })).max(100),
});

/** A line of the cart request (spec §3): `id` is the storefront's `uid_index`. */
export const cartLineSchema = z.strictObject({
  id: z.union([text(100), z.number().int()]).optional(),
  uid,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  option_groups: z.array(chosenOptionGroupSchema).max(50).default([]),
  direct_purchase: z.boolean().default(false),
});
export type CartLineInput = z.infer<typeof cartLineSchema>;

export const cartQuerySchema = z.object({
  place_uid: uid,
  type: z.enum(CART_TYPES).default('REGULAR'),
});

/** POST v5/me/shopping-cart/: the whole cart of one place; an empty list removes the saved cart. */
export const cartBodySchema = z.strictObject({
  place: uid,
  type: z.enum(CART_TYPES).default('REGULAR'),
  products: z.array(cartLineSchema).max(MAX_CART_LINES),
});
export type CartBody = z.infer<typeof cartBodySchema>;

export const cartSchema = z.object({
  place: z.string(),
  type: z.enum(CART_TYPES),
  products: z.array(cartLineSchema),
  updated_at: z.string().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

/** Why a past order's line did not go back into the cart. */
export const REORDER_REASONS = [
  'PRODUCT_NOT_AVAILABLE',
  'PRODUCT_OUT_OF_STOCK',
  'OPTION_NOT_AVAILABLE',
  'OPTIONS_BELOW_MINIMUM',
  'OPTIONS_ABOVE_MAXIMUM',
] as const;

/**
 * POST v5/me/orders/{order_uid}/reorder/: the place's regular cart, now holding the order's lines that
 * can still be sold, and the lines left out with the reason (its code and message).
 */
export const reorderSchema = z.object({
  cart: cartSchema,
  left_out: z.array(
    z.object({
      uid: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      reason: z.enum(REORDER_REASONS),
      message: z.string(),
    }),
  ),
});
export type Reorder = z.infer<typeof reorderSchema>;

export const userDataSchema = z.strictObject({
  full_name: z.string().min(1).max(200),
  document_type: z.enum(DOCUMENT_TYPES),
  document_number: z.string().min(1).max(20),
  email: z.email().max(254),
  contact_number: z.string().min(1).max(30),
});

export const billingSchema = z.strictObject({
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  email: z.email().max(254),
  phone: z.string().min(1).max(30),
  city: z.string().min(1).max(100),
  address: z.string().min(1).max(300),
});

const checkoutFields = {
  order_type: z.enum(ORDER_TYPES),
  products: z.array(cartLineSchema).min(1).max(MAX_CART_LINES),
  payment_type: z.enum(PAYMENT_TYPES),
  pickup_date: isoDate(),
  start_time: hhmm,
  end_time: hhmm,
  address: text(300).optional(),
  district: text(100).optional(),
  reference: text(300).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  comments: text(1000).optional(),
  coupon_code: text(50).optional(),
  influencer_uid: text(64).optional(),
  user_data: userDataSchema,
  billing: billingSchema.optional(),
  /** Which receipt (architecture §12): a boleta to the member's document when left out. */
  receipt: orderReceiptSchema.optional(),
  ...paymentBodyFields,
  /**
   * With CASH or CARD_ON_DELIVERY: the part of the price paid from the member's gift balance (more
   * than 0, less than the price); the rest is paid in that method. GIFT_CARD pays it all.
   */
  gift_card_amount: decimal.optional(),
  /** The total of the quote the member confirmed: if the price is another now, 400 PRICE_CHANGED. */
  total: decimal.optional(),
};

/** POST v5/places/{place_uid}/orders/ (architecture §6). */
export const orderBodySchema = z.strictObject(checkoutFields);
export type OrderBody = z.infer<typeof orderBodySchema>;

/** POST v5/places/{place_uid}/subscriptions/: the order body plus the weekdays (1 = Monday). */
export const subscriptionBodySchema = z.strictObject({
  ...checkoutFields,
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length),
});
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

/**
 * POST v5/places/{place_uid}/orders/quote/: the order (or subscription, with `days`) body, priced by
 * the order's own pricing; what only the order needs (slot, customer, payment) may be left out. A
 * delivery without district and address yet is quoted without its fare.
 */
export const quoteBodySchema = z.strictObject({
  ...checkoutFields,
  payment_type: checkoutFields.payment_type.optional(),
  pickup_date: checkoutFields.pickup_date.optional(),
  start_time: hhmm.optional(),
  end_time: hhmm.optional(),
  user_data: userDataSchema.optional(),
  days: subscriptionBodySchema.shape.days.optional(),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

export const orderItemSchema = z.object({
  uid: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.string(),
  price: z.string(),
  /** Coins per unit for a redeemable product, else 0. */
  coin_price: z.number().int(),
  is_redeemable: z.boolean(),
  direct_purchase: z.boolean(),
  option_groups: z.array(
    z.object({
      uid: z.string(),
      name: z.string(),
      options: z.array(z.object({ uid: z.string(), name: z.string(), price: z.string() })),
    }),
  ),
});

const checkoutResponseFields = {
  uid: z.string(),
  place: z.object({ uid: z.string(), name: z.string() }),
  company: z.string(),
  order_type: z.enum(ORDER_TYPES),
  payment_type: z.enum(PAYMENT_TYPES),
  pickup_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  address: z.string(),
  district: z.string(),
  reference: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  comments: z.string(),
  coupon_code: z.string().nullable(),
  influencer_uid: z.string().nullable(),
  user_data: userDataSchema,
  billing: billingSchema.nullable(),
  products: z.array(orderItemSchema),
  /** Sum of the lines paid with money. */
  subtotal: z.string(),
  delivery_price: z.string(),
  discount: z.string(),
  /** What the member pays: subtotal + delivery_price - discount. */
  price: z.string(),
  /** Coins taken for redeemable products. */
  coins: z.number().int(),
  /** Lines the storefront shows apart (delivery fare, discount). */
  extras: z.array(z.object({ name: z.string(), price: z.string() })),
  created_at: z.string(),
};

const giftFields = {
  /** Paid from the member's gift balance. */
  gift_card_amount: z.string(),
  /** What is left to pay in the payment method: price - gift_card_amount. */
  amount_due: z.string(),
};

/** The quote: the order's lines and money as the server prices them now. */
export const orderQuoteSchema = z.object({
  place: z.object({ uid: z.string(), name: z.string() }),
  order_type: z.enum(ORDER_TYPES),
  products: z.array(orderItemSchema),
  subtotal: z.string(),
  /** null for a delivery whose district and address are not given yet. */
  delivery_price: z.string().nullable(),
  discount: z.string(),
  price: z.string(),
  coins: z.number().int(),
  extras: z.array(z.object({ name: z.string(), price: z.string() })),
  ...giftFields,
  /** The member's gift balance in the place's program, to offer paying with it. */
  gift_balance: z.string(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const orderSchema = z.object({
  ...checkoutResponseFields,
  ...giftFields,
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** A delivery's minutes from the shop's acceptance to the door (the fare estimate's); null for a pickup. */
  eta_minutes: z.number().int().nullable(),
  /** The online or transfer payment (architecture §10); null for the methods paid at the door. */
  payment: orderPaymentSchema.nullable(),
  /** For a TRANSFER: where to send the money. */
  transfer: transferDetailsSchema.nullable(),
  /** Status moves (detail only): from, to, by (MEMBER, STAFF or SYSTEM) and when. */
  history: z
    .array(z.object({ from: z.string().nullable(), to: z.string(), by: z.string(), at: z.string() }))
    .optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const subscriptionSchema = z.object({
  ...checkoutResponseFields,
  status: z.enum(SUBSCRIPTION_STATUSES),
  days: z.array(z.number().int()),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const ordersQuerySchema = pageQuerySchema.extend({
  payment_method: z.enum(PAYMENT_TYPES).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  place: uid.optional(),
});

/** PATCH v5/me/orders/{uid}/: the member may only cancel (while RECEIVED). */
export const cancelOrderBodySchema = z.strictObject({ status: z.literal('CANCELED_BY_USER') });

export const subscriptionsQuerySchema = pageQuerySchema.extend({
  status: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(SUBSCRIPTION_STATUSES))
    .optional(),
  place: uid.optional(),
  company: uid.optional(),
});

/** PATCH v5/subscriptions/{uid}/: `canceled_by_user` as the spec writes it (either case). */
export const cancelSubscriptionBodySchema = z.strictObject({
  status: z.enum(['canceled_by_user', 'CANCELED_BY_USER']),
});

export const couponSchema = z.object({
  uid: z.string(),
  code: z.string(),
  company: z.string(),
  discount_type: z.enum(['PERCENT', 'AMOUNT']),
  /** Percent ("10") or amount ("5.00") by discount_type. */
  discount_value: z.string(),
  minimum_order: z.string(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Uses left in total; null when unlimited. */
  remaining_uses: z.number().int().nullable(),
  /** The discount on `amount` when the query gave one. */
  discount: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const validateCodeQuerySchema = z.object({
  /** The order's subtotal ("45.00"), to check the minimum and compute the discount. */
  amount: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/)
    .optional(),
});

export const fareEstimateBodySchema = z.strictObject({
  address: z.string().min(1).max(300),
  district: z.string().min(1).max(100),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type FareEstimateBody = z.infer<typeof fareEstimateBodySchema>;

/** GET v7/deliveries/places/{place_uid}/zones/: the districts a place delivers to, by zone. */
export const deliveryZoneSchema = z.object({
  uid: z.string(),
  name: z.string(),
  districts: z.array(z.string()),
  fare: z.string(),
  eta_minutes: z.number().int(),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;
export const deliveryZonesSchema = z.object({ results: z.array(deliveryZoneSchema) });
export type DeliveryZones = z.infer<typeof deliveryZonesSchema>;

export const fareEstimateSchema = z.object({
  fare: z.string(),
  currency: z.string(),
  eta_minutes: z.number().int(),
});
export type FareEstimate = z.infer<typeof fareEstimateSchema>;
