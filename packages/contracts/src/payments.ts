import { z } from 'zod';
import { adminUid } from './admin.ts';

// Online payments (architecture §10): the company's provider, the payment of an order, transfers
// confirmed by staff and the provider's events. Money is a decimal string ("12.50").

export const PAYMENT_PROVIDERS = ['CULQI', 'MERCADO_PAGO'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The methods that need the company's provider: a card charged now, and Yape through the provider. */
export const PROVIDER_METHODS = ['ONLINE_CARD', 'YAPE'] as const;
/** The methods paid before the order reaches the kitchen (online, or a transfer staff confirm). */
export const PREPAID_METHODS = [...PROVIDER_METHODS, 'TRANSFER'] as const;
export type PrepaidMethod = (typeof PREPAID_METHODS)[number];

export const PAYMENT_STATUSES = [
  'PENDING',
  'APPROVED',
  'DECLINED',
  'EXPIRED',
  'REFUND_PENDING',
  'REFUNDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What every payment is charged in: soles (Culqi's charge names it; Mercado Pago charges in its
 * account's currency, a Peruvian account's). A charge in another currency is not the payment's.
 */
export const PAYMENT_CURRENCY = 'PEN';

/** Minutes an order waits in PENDING_PAYMENT before it expires and gives everything back (§10). */
export const PAYMENT_HOLD_MINUTES = 15;

/**
 * What the browser must do before the provider decides (Three-D Secure):
 * - `CULQI_3DS`: run Culqi's 3DS library with the token, then `POST v5/me/orders/{uid}/payment/` with
 *   `authentication_3ds` (the library's answer) to charge again;
 * - `CHALLENGE`: show the issuer's challenge (`url`, posting `creq` in a frame); the provider's event
 *   then settles the payment, so the browser reads the order again until it leaves PENDING_PAYMENT.
 */
export const paymentActionSchema = z.object({
  type: z.enum(['CULQI_3DS', 'CHALLENGE']),
  url: z.string().nullable(),
  creq: z.string().nullable(),
});
export type PaymentAction = z.infer<typeof paymentActionSchema>;

/**
 * A charge the provider told of for the order at another amount or currency than its payment's: it
 * settled nothing, and staff look into it (refund it, or ask the member) in the provider's panel.
 */
export const paymentMismatchSchema = z.object({
  reference: z.string().nullable(),
  amount: z.string(),
  currency: z.string().nullable(),
});

/** `payment` of an order answer: null for the methods paid at the door (cash, card on delivery, coins). */
export const orderPaymentSchema = z.object({
  method: z.enum(PREPAID_METHODS),
  /** null for TRANSFER (paid to the shop's own account). */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  status: z.enum(PAYMENT_STATUSES),
  /** What is charged: the order's amount_due. */
  amount: z.string(),
  /** The provider's charge or payment id; for TRANSFER, the operation number the member typed. */
  reference: z.string().nullable(),
  card_brand: z.string().nullable(),
  last4: z.string().nullable(),
  /** The refunded part, once a refund is asked. */
  refunded_amount: z.string(),
  action: paymentActionSchema.nullable(),
  /** The last charge naming this order that was not its payment; null when none. */
  mismatch: paymentMismatchSchema.nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** Where a member sends a TRANSFER (the shop's Yape/Plin number or account), on the order answer. */
export const transferDetailsSchema = z.object({
  /** "Yape", "Plin", or a bank's name. */
  channel: z.string(),
  number: z.string(),
  holder: z.string(),
  /** A picture of the shop's QR (an upload's address), or null. */
  qr_url: z.string().nullable(),
});
export type TransferDetails = z.infer<typeof transferDetailsSchema>;

/** The order body's online-payment fields (`billing` is the checkout's own field). */
export const paymentBodyFields = {
  /** Culqi's token id (cards: `tkn_…`, Yape: `ype_…`), or Mercado Pago's card token. */
  payment_token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  /** Mercado Pago only: 1 to 36 instalments. */
  installments: z.number().int().min(1).max(36).optional(),
};

const threeDsValue = z.string().regex(/^[A-Za-z0-9+/=._:-]{1,200}$/);
/**
 * What Culqi's 3DS library (`Culqi3DS`) posts to the page as `parameters3DS` once the bank has
 * authenticated the card, and what Culqi's charge takes again as `authentication_3DS`.
 */
export const culqi3dsParametersSchema = z.strictObject({
  /** Electronic commerce indicator: two digits ("05", "02"…). */
  eci: z.string().regex(/^\d{2}$/),
  /** 3DS 1's transaction id; 3DS 2 may answer it empty. */
  xid: z.union([z.literal(''), threeDsValue]),
  cavv: threeDsValue,
  /** "2.1.0", "2.2.0"… */
  protocolVersion: z.string().regex(/^\d{1,2}\.\d{1,2}\.\d{1,2}$/),
  directoryServerTransactionId: threeDsValue,
});
export type Culqi3dsParameters = z.infer<typeof culqi3dsParametersSchema>;

/** POST v5/me/orders/{order_uid}/payment/: pay a PENDING_PAYMENT order again (3DS step, a TRANSFER's number). */
export const memberPaymentBodySchema = z.strictObject({
  /** Culqi 3DS: the parameters its library answered, sent with the new charge. */
  authentication_3ds: culqi3dsParametersSchema.optional(),
  /** A TRANSFER: the operation number the member's bank or wallet showed. */
  operation_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/)
    .optional(),
});
export type MemberPaymentBody = z.infer<typeof memberPaymentBodySchema>;

/** POST v5/retail/orders/{order_uid}/payment/: staff confirm a transfer (with its number) or reject it. */
export const retailPaymentBodySchema = z.union([
  z.strictObject({
    operation_number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/),
  }),
  z.strictObject({ reject: z.literal(true) }),
]);
export type RetailPaymentBody = z.infer<typeof retailPaymentBodySchema>;

/** A secret as answers show it: `••••` and its last 4 characters; null when unset. */
export const maskedSecret = z.string().nullable();

/** GET .../payment-provider/ (owners): the company's provider, its secrets masked, and its transfer details. */
export const adminPaymentProviderSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  public_key: z.string().nullable(),
  secret_key: maskedSecret,
  webhook_secret: maskedSecret,
  enabled: z.boolean(),
  /** Where the provider posts its events (to paste into the provider's panel). */
  events_url: z.string().nullable(),
  transfer: transferDetailsSchema.nullable(),
  version: z.number().int(),
});
export type AdminPaymentProvider = z.infer<typeof adminPaymentProviderSchema>;

/**
 * PUT .../payment-provider/: a secret left out (or null) keeps the stored one; `provider: null`
 * removes the provider (the places' ONLINE_CARD and YAPE then stop being offered).
 */
export const adminPaymentProviderBodySchema = z.strictObject({
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  public_key: z.string().trim().min(8).max(200).nullable().optional(),
  secret_key: z.string().trim().min(8).max(200).nullable().optional(),
  webhook_secret: z.string().trim().min(8).max(200).nullable().optional(),
  enabled: z.boolean(),
  transfer: z
    .strictObject({
      channel: z.string().trim().min(1).max(40),
      number: z.string().trim().min(3).max(40),
      holder: z.string().trim().min(1).max(120),
      /** A new QR picture (an upload's uid), null to remove it; left out keeps the stored one. */
      qr_image_uid: adminUid.nullable().optional(),
    })
    .nullable(),
});
export type AdminPaymentProviderBody = z.infer<typeof adminPaymentProviderBodySchema>;

/** GET v5/places/{place_uid}/payment-settings/: what the checkout needs to load the provider's script. */
export const placePaymentSettingsSchema = z.object({
  /**
   * The place's own prepaid methods (its `payment_methods`) that it can take now: ONLINE_CARD and YAPE
   * only with the company's provider enabled (YAPE with Culqi), TRANSFER only with transfer details.
   * Places differ (one takes Yape, another not), so the company's provider alone cannot say.
   */
  methods: z.array(z.enum(PREPAID_METHODS)),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  public_key: z.string().nullable(),
  /** The provider's browser script (CULQI_CHECKOUT_URL or MERCADOPAGO_SDK_URL), loaded on the payment step only. */
  script_url: z.string().nullable(),
  /** Culqi's 3DS library (CULQI_3DS_URL), loaded only when a charge asks for 3DS; null with Mercado Pago. */
  three_ds_url: z.string().nullable(),
  transfer: transferDetailsSchema.nullable(),
});
export type PlacePaymentSettings = z.infer<typeof placePaymentSettingsSchema>;
