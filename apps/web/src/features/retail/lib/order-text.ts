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

/** "Por cobrar en Efectivo": what the store collects, and how; nothing to name when the gift paid all. */
export const dueLabel = (order: Order, t: TFunction<'retail'>) =>
  order.payment_type === 'GIFT_CARD'
    ? t('orders.due')
    : t('orders.dueIn', { method: t(`orders.paymentTypes.${order.payment_type}`) });
