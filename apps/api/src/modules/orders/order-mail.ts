import type { Language } from '@storefront/contracts/constants';
import { centsToDecimal } from '@storefront/contracts/money';
import type { PAYMENT_TYPES } from '@storefront/contracts/orders';
import { greeting, inert } from '../mail/mail-text.ts';
import type { NoticeParties } from './order-notices.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/** The words of the order mails, in the member's language. */
const WORDS = {
  es: {
    receiptSubject: (app: string, n: number) => `${app}: recibimos tu pedido #${n}`,
    statusSubject: (app: string, n: number, status: string) => `${app}: tu pedido #${n} está ${status}`,
    received: (n: number, place: string) => `Recibimos tu pedido #${n} en ${place}.`,
    moved: (n: number, status: string) => `Tu pedido #${n} está ${status}.`,
    status: {
      PENDING_PAYMENT: 'pendiente de pago',
      RECEIVED: 'recibido',
      ACCEPTED: 'aceptado',
      SHIPPED: 'en camino',
      DELIVERED: 'entregado',
      CANCELED_BY_PLACE: 'cancelado por la tienda',
      CANCELED_BY_USER: 'cancelado por ti',
    } as Record<string, string>,
    subtotal: 'Subtotal',
    discount: 'Descuento',
    delivery: 'Envío',
    total: 'Total',
    coins: 'Monedas',
    payment: 'Pago',
    methods: {
      CASH: 'Efectivo',
      CARD_ON_DELIVERY: 'Tarjeta contra entrega',
      COINS: 'Monedas',
      ONLINE_CARD: 'Tarjeta de crédito o débito',
      YAPE: 'Yape',
      TRANSFER: 'Transferencia',
      GIFT_CARD: 'Saldo de regalo',
    } satisfies Record<(typeof PAYMENT_TYPES)[number], string>,
    gift: 'Pagado con saldo de regalo',
    due: 'Por pagar al recibir',
    rest: 'El resto',
    deliverTo: 'Entrega en',
    reference: 'Referencia',
    pickup: 'Recojo en tienda',
    phone: 'Teléfono de la tienda',
    link: 'Mira tu pedido',
    optOut: 'Puedes dejar de recibir estos correos desde tu perfil.',
  },
  en: {
    receiptSubject: (app: string, n: number) => `${app}: we received your order #${n}`,
    statusSubject: (app: string, n: number, status: string) => `${app}: your order #${n} is ${status}`,
    received: (n: number, place: string) => `We received your order #${n} at ${place}.`,
    moved: (n: number, status: string) => `Your order #${n} is ${status}.`,
    status: {
      PENDING_PAYMENT: 'waiting for payment',
      RECEIVED: 'received',
      ACCEPTED: 'accepted',
      SHIPPED: 'on its way',
      DELIVERED: 'delivered',
      CANCELED_BY_PLACE: 'canceled by the store',
      CANCELED_BY_USER: 'canceled by you',
    } as Record<string, string>,
    subtotal: 'Subtotal',
    discount: 'Discount',
    delivery: 'Delivery',
    total: 'Total',
    coins: 'Coins',
    payment: 'Payment',
    methods: {
      CASH: 'Cash',
      CARD_ON_DELIVERY: 'Card on delivery',
      COINS: 'Coins',
      ONLINE_CARD: 'Credit or debit card',
      YAPE: 'Yape',
      TRANSFER: 'Bank transfer',
      GIFT_CARD: 'Gift balance',
    } satisfies Record<(typeof PAYMENT_TYPES)[number], string>,
    gift: 'Paid from the gift balance',
    due: 'To pay on receipt',
    rest: 'The rest',
    deliverTo: 'Delivery to',
    reference: 'Reference',
    pickup: 'Pickup at the store',
    phone: "The store's phone",
    link: 'See your order',
    optOut: 'You can stop these mails from your profile.',
  },
} as const;

export const mailLanguage = (language: string): Language => (language === 'en' ? 'en' : 'es');

const orderLink = (order: OrderRow) => (order.siteOrigin ? `${order.siteOrigin}/orders/${order.uid}` : null);

/** The greeting: by name only to a verified address (mail-text.ts). */
const hello = (parties: NoticeParties) =>
  greeting(mailLanguage(parties.language), { firstName: parties.firstName, verified: parties.emailVerified });

/**
 * The receipt: lines with their options, discount, fare, total, payment, slot or address, the shop's
 * phone. What the customer wrote (the address, its reference) is made inert: never a link.
 */
export function receiptMail(order: OrderRow, parties: NoticeParties) {
  const w = WORDS[mailLanguage(parties.language)];
  const money = (cents: number) => `${parties.currency} ${centsToDecimal(cents)}`;
  const lines = order.items.flatMap((item) => [
    `${item.quantity} × ${item.name}  ${item.coinPrice > 0 ? `${item.coinPrice * item.quantity} ${w.coins.toLowerCase()}` : money(item.price)}`,
    ...item.optionGroups.map(
      (group) => `    ${group.name}: ${group.options.map((option) => option.name).join(', ')}`,
    ),
  ]);
  const method = w.methods[order.paymentType];
  // Cash and a card at the door are collected on receipt; a card, Yape or a transfer paid the rest before.
  const collected = order.paymentType === 'CASH' || order.paymentType === 'CARD_ON_DELIVERY';
  const link = orderLink(order);
  const text = [
    hello(parties),
    '',
    w.received(order.number, parties.placeName),
    '',
    ...lines,
    '',
    `${w.subtotal}: ${money(order.subtotal)}`,
    ...(order.discount > 0
      ? [`${w.discount}${order.couponCode ? ` (${order.couponCode})` : ''}: -${money(order.discount)}`]
      : []),
    ...(order.orderType === 'DELIVERY' ? [`${w.delivery}: ${money(order.deliveryPrice)}`] : []),
    `${w.total}: ${money(order.price)}`,
    ...(order.coins > 0 ? [`${w.coins}: ${order.coins}`] : []),
    `${w.payment}: ${method}`,
    ...(order.giftCardAmount > 0 && order.giftCardAmount < order.price
      ? [
          `${w.gift}: ${money(order.giftCardAmount)}`,
          `${collected ? w.due : `${w.rest} (${method})`}: ${money(order.price - order.giftCardAmount)}`,
        ]
      : []),
    '',
    order.orderType === 'DELIVERY'
      ? `${w.deliverTo}: ${inert([order.address, order.district].filter(Boolean).join(', '))}${order.reference ? ` (${w.reference}: ${inert(order.reference)})` : ''}`
      : `${w.pickup}: ${order.pickupDate}, ${order.startTime}–${order.endTime}`,
    ...(parties.placePhone ? [`${w.phone}: ${parties.placePhone}`] : []),
    ...(link ? ['', `${w.link}: ${link}`] : []),
  ].join('\n');
  return { subject: w.receiptSubject(parties.appName, order.number), text };
}

/** A status change: the new state and the link to the order. */
export function statusMail(order: OrderRow, parties: NoticeParties) {
  const w = WORDS[mailLanguage(parties.language)];
  const status = w.status[order.status] ?? order.status;
  const link = orderLink(order);
  const text = [
    hello(parties),
    '',
    w.moved(order.number, status),
    ...(parties.placePhone ? [`${w.phone} (${parties.placeName}): ${parties.placePhone}`] : []),
    ...(link ? ['', `${w.link}: ${link}`] : []),
    '',
    w.optOut,
  ].join('\n');
  return { subject: w.statusSubject(parties.appName, order.number, status), text };
}

/** The notification of a status change, on the member's devices that allowed them: the mail's one line. */
export function statusNotification(order: OrderRow, parties: NoticeParties) {
  const w = WORDS[mailLanguage(parties.language)];
  return {
    title: parties.appName,
    body: w.moved(order.number, w.status[order.status] ?? order.status),
    url: orderLink(order),
  };
}
