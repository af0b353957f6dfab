import { type Language, PICKUP_DAYS_AHEAD } from '@storefront/contracts/constants';
import type { OrderBody, QuoteBody, SubscriptionBody } from '@storefront/contracts/orders';
import { ORDER_TYPES, PAYMENT_TYPES } from '@storefront/contracts/orders';
import { validateValue, withRules } from '@storefront/contracts/validators';
import { z } from 'zod';
import type { Cart, CartType } from '../../lib/cart-store.ts';
import { toCartRequest } from '../../lib/cart-store.ts';

/** The checkout messages of spec §5 (es exact where the server has them too, en translated). */
export const CHECKOUT_MESSAGES = {
  deliveryArea: { es: 'Debe seleccionar un área de delivery', en: 'A delivery area must be selected' },
  timeSlot: { es: 'Debe seleccionar un horario disponible', en: 'An available time slot must be selected' },
  days: {
    es: 'Debe seleccionar al menos un día para la suscripción',
    en: 'At least one day must be selected for the subscription',
  },
  payment: { es: 'Debe seleccionar un método de pago', en: 'A payment method must be chosen' },
  maximum: { es: 'El monto no debe exceder el máximo', en: 'The amount must not exceed the maximum' },
  amount: { es: 'Ingresar un monto válido', en: 'Enter a valid amount' },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * What a delivery still misses, in the spec's words (§5): the area must be chosen, and the address is a
 * required field. Checked before a fare estimate as well as on submit.
 */
export function deliveryFieldErrors(
  values: { district: string; address: string },
  language: Language,
): Partial<Record<'district' | 'address', string>> {
  const errors: Partial<Record<'district' | 'address', string>> = {};
  if (!values.district.trim()) errors.district = CHECKOUT_MESSAGES.deliveryArea[language];
  const address = validateValue(values.address.trim(), ['required'], language);
  if (address) errors.address = address;
  return errors;
}

export const checkoutFormSchema = (
  language: Language,
  context: { type: CartType; coinsNeeded: number; coinsAvailable: number | undefined },
) => {
  const m = (key: keyof typeof CHECKOUT_MESSAGES) => CHECKOUT_MESSAGES[key][language];
  const required = z
    .string()
    .trim()
    .superRefine(withRules(['required'], language));
  return z
    .object({
      order_type: z.enum(ORDER_TYPES),
      district: z.string().trim(),
      address: z.string().trim(),
      reference: z.string().trim().max(300),
      pickup_date: z.string(),
      slot: z.string(),
      days: z.array(z.number().int().min(1).max(7)),
      payment_type: z.union([z.enum(PAYMENT_TYPES), z.literal('')]),
      first_name: required,
      last_name: required,
      email: z
        .string()
        .trim()
        .superRefine(withRules(['required', 'email'], language)),
      phone: z
        .string()
        .trim()
        .superRefine(withRules(['required', 'telephone'], language)),
      /** Asked only for a card charged online: its processor's anti-fraud check takes them (§10). */
      city: z.string().trim(),
      billing_address: z.string().trim(),
      comments: z.string().trim().max(1000),
      coupon_code: z.string().trim().max(50),
      /** Soles paid from the gift balance with cash or card ('' for none). */
      gift_card_amount: z.string().trim(),
    })
    .superRefine((values, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (values.order_type === 'DELIVERY') {
        for (const [field, message] of Object.entries(deliveryFieldErrors(values, language)))
          issue(field, message);
      }
      if (values.payment_type === 'ONLINE_CARD') {
        for (const field of ['city', 'billing_address'] as const) {
          const message = validateValue(values[field], ['required'], language);
          if (message) issue(field, message);
        }
      }
      if (!values.pickup_date || !values.slot) issue('slot', m('timeSlot'));
      if (context.type === 'SUBSCRIPTION' && values.days.length === 0) issue('days', m('days'));
      if (values.gift_card_amount && !/^\d{1,7}([.,]\d{1,2})?$/.test(values.gift_card_amount))
        issue('gift_card_amount', m('amount'));
      if (!values.payment_type) issue('payment_type', m('payment'));
      else if (context.coinsAvailable !== undefined && context.coinsNeeded > context.coinsAvailable)
        issue('payment_type', m('maximum'));
    });
};

export type CheckoutValues = z.infer<ReturnType<typeof checkoutFormSchema>>;

export interface CheckoutExtras {
  placeUid: string;
  type: CartType;
  cart: Cart;
  documentType: OrderBody['user_data']['document_type'];
  documentNumber: string;
  couponCode: string | null;
  influencerUid: string | null;
  /** The total of the quote the member sees and confirms ("76.00"). */
  total?: string;
  /** The provider's token of a card or Yape payment. */
  paymentToken?: string;
  /** The instalments of a card paid through Mercado Pago (its tokenizer's answer; others give none). */
  installments?: number;
}

/** The gift part as the API takes it ("20.00"), only with cash or card and when given. */
function giftAmount(values: Pick<CheckoutValues, 'payment_type' | 'gift_card_amount'>): string | undefined {
  const amount = values.gift_card_amount.replace(',', '.');
  if (!amount || (values.payment_type !== 'CASH' && values.payment_type !== 'CARD_ON_DELIVERY'))
    return undefined;
  return Number(amount).toFixed(2);
}

/**
 * The quote body: what prices the checkout (lines, delivery address once its fare was asked for,
 * coupon, payment and gift part, and the days of a subscription); slot and customer do not.
 */
export function quoteBody(
  values: Pick<CheckoutValues, 'order_type' | 'payment_type' | 'gift_card_amount' | 'days'>,
  extras: Pick<CheckoutExtras, 'placeUid' | 'type' | 'cart' | 'couponCode'> & {
    deliveryTo: { district: string; address: string } | null;
  },
): QuoteBody {
  const gift = giftAmount(values);
  return {
    order_type: values.order_type,
    products: toCartRequest(extras.placeUid, extras.type, extras.cart.products).products,
    ...(values.payment_type ? { payment_type: values.payment_type } : {}),
    ...(values.order_type === 'DELIVERY' && extras.deliveryTo ? extras.deliveryTo : {}),
    ...(extras.couponCode ? { coupon_code: extras.couponCode } : {}),
    ...(gift ? { gift_card_amount: gift } : {}),
    ...(extras.type === 'SUBSCRIPTION' && values.days.length > 0
      ? { days: [...values.days].sort((a, b) => a - b) }
      : {}),
  };
}

/** The order (or subscription) body of architecture §6 from the form, the cart and the member. */
export function checkoutBody(values: CheckoutValues, extras: CheckoutExtras): OrderBody | SubscriptionBody {
  const [start_time = '', end_time = ''] = values.slot.split('-');
  const delivery = values.order_type === 'DELIVERY';
  const body: OrderBody = {
    order_type: values.order_type,
    products: toCartRequest(extras.placeUid, extras.type, extras.cart.products).products,
    payment_type: values.payment_type as OrderBody['payment_type'],
    pickup_date: values.pickup_date,
    start_time,
    end_time,
    ...(delivery ? { address: values.address, district: values.district } : {}),
    ...(values.reference ? { reference: values.reference } : {}),
    ...(values.comments ? { comments: values.comments } : {}),
    ...(extras.couponCode ? { coupon_code: extras.couponCode } : {}),
    ...(extras.influencerUid ? { influencer_uid: extras.influencerUid } : {}),
    ...(giftAmount(values) ? { gift_card_amount: giftAmount(values) } : {}),
    ...(extras.total ? { total: extras.total } : {}),
    ...(extras.paymentToken ? { payment_token: extras.paymentToken } : {}),
    ...(extras.paymentToken && values.payment_type === 'ONLINE_CARD' && extras.installments
      ? { installments: extras.installments }
      : {}),
    user_data: {
      full_name: `${values.first_name} ${values.last_name}`,
      document_type: extras.documentType,
      document_number: extras.documentNumber,
      email: values.email,
      contact_number: values.phone,
    },
    ...(values.payment_type === 'ONLINE_CARD'
      ? {
          billing: {
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            phone: values.phone,
            city: values.city,
            address: values.billing_address,
          },
        }
      : {}),
  };
  return extras.type === 'SUBSCRIPTION' ? { ...body, days: [...values.days].sort((a, b) => a - b) } : body;
}

/** The pickup days as YYYY-MM-DD in the browser's calendar, today first. */
export function nextDays(today: Date, count = PICKUP_DAYS_AHEAD): string[] {
  return Array.from({ length: count }, (_, offset) => {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
    const month = String(day.getMonth() + 1).padStart(2, '0');
    return `${day.getFullYear()}-${month}-${String(day.getDate()).padStart(2, '0')}`;
  });
}
