import type { Order } from '@storefront/contracts/orders';
import type { TFunction } from 'i18next';

type Line = Order['products'][number];

/** The options chosen on a line, as the kitchen reads them: "Bien cocido, Porción de arroz". */
export const optionsOf = (line: Line) =>
  line.option_groups.flatMap((group) => group.options.map((option) => option.name)).join(', ');

/** A stable key for a line: the same product can appear twice with different options. */
export const lineKey = (line: Line, index: number) => `${index}-${line.uid}`;

/** Whether part of the price was paid from the member's gift balance (the kitchen collects less). */
export const paidFromGift = (order: Order) => Number(order.gift_card_amount) > 0;

/**
 * "Por cobrar en Efectivo": what the store collects, and how; nothing to name when the gift paid all,
 * and nothing to collect when it was paid online or by transfer before reaching the board.
 */
export const dueLabel = (order: Order, t: TFunction<'retail'>) => {
  const method = t(`orders.paymentTypes.${order.payment_type}`);
  if (order.payment) return t('orders.paidIn', { method });
  return order.payment_type === 'GIFT_CARD' ? t('orders.due') : t('orders.dueIn', { method });
};

/**
 * How an order is paid, as the counter and the kitchen read it: the method, and for an online or
 * transfer payment its state ("Tarjeta de crédito o débito · Pagado en línea").
 */
export const paymentText = (order: Order, t: TFunction<'retail'>) =>
  [
    t(`orders.paymentTypes.${order.payment_type}`),
    ...(order.payment ? [t(`orders.paymentStatus.${order.payment.status}`)] : []),
  ].join(' · ');
