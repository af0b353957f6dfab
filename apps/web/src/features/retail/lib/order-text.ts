import type { Order } from '@storefront/contracts/orders';
import type { TFunction } from 'i18next';

type Line = Order['products'][number];

/** The options chosen on a line, as the kitchen reads them: "Bien cocido, Porción de arroz". */
export const optionsOf = (line: Line) =>
  line.option_groups.flatMap((group) => group.options.map((option) => option.name)).join(', ');

/** A stable key for a line: the same product can appear twice with different options. */
export const lineKey = (line: Line, index: number) => `${index}-${line.uid}`;

/**
 * How an order is paid, as the counter and the kitchen read it: the method, and for an online or
 * transfer payment its state ("Tarjeta de crédito o débito · Pagado en línea").
 */
export const paymentText = (order: Order, t: TFunction<'retail'>) =>
  [
    t(`orders.paymentTypes.${order.payment_type}`),
    ...(order.payment ? [t(`orders.paymentStatus.${order.payment.status}`)] : []),
  ].join(' · ');
