import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { formatMoney } from '../../../lib/money.ts';
import type { Order, RetailPlace } from '../api/retail-api.ts';
import { dueLabel, lineKey, optionsOf, paidFromGift, paymentText } from '../lib/order-text.ts';
import './kitchen-ticket.css';
import { formatCalendarDay } from '../../../lib/dates.ts';

/**
 * The kitchen ticket of one order, for an 80 mm receipt roll. It lives outside the app's root (a portal
 * into <body>), hidden on screen; the print stylesheet hides everything else, so printing the page
 * prints only this ticket.
 */
export function KitchenTicket({ order, place }: { order: Order; place: RetailPlace }) {
  const { t, i18n } = useTranslation('retail');
  const app = useAppRecord();
  const money = (amount: string) => formatMoney(app.currency.symbol, amount);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const user = order.user_data;
  const delivery = order.order_type === 'DELIVERY';
  return createPortal(
    <section className="kitchen-ticket" aria-label={t('orders.ticket')} data-testid="kitchen-ticket">
      <p className="kt-center">{place.name}</p>
      <h1 className="kt-center">{t('orders.number', { number: order.number })}</h1>
      <p className="kt-center kt-strong">{t(`orders.types.${order.order_type}`)}</p>
      <p className="kt-center">
        {t(`orders.slot.${order.order_type}`, {
          date: formatCalendarDay(order.pickup_date, i18n.language),
          start: order.start_time,
          end: order.end_time,
        })}
      </p>
      <p className="kt-center">{t('orders.placedAt', { time: when.format(new Date(order.created_at)) })}</p>
      <hr />
      <ul className="kt-lines">
        {order.products.map((line, index) => (
          <li key={lineKey(line, index)}>
            <span className="kt-strong">{`${line.quantity} × ${line.name}`}</span>
            {line.option_groups.length > 0 && <span className="kt-options">{optionsOf(line)}</span>}
          </li>
        ))}
      </ul>
      {order.comments && (
        <>
          <hr />
          <p className="kt-strong">{`${t('orders.comments')}:`}</p>
          <p className="kt-comments">{order.comments}</p>
        </>
      )}
      <hr />
      <p>{`${t('orders.customer')}: ${user.full_name}`}</p>
      <p>{`${t('orders.phone')}: ${user.contact_number}`}</p>
      {delivery && (
        <>
          <p>{`${t('orders.address')}: ${order.address}`}</p>
          <p>{`${t('orders.district')}: ${order.district}`}</p>
          {order.reference && <p>{`${t('orders.reference')}: ${order.reference}`}</p>}
        </>
      )}
      <hr />
      <p>{`${t('orders.payment')}: ${paymentText(order, t)}`}</p>
      {delivery && <p>{`${t('orders.deliveryPrice')}: ${money(order.delivery_price)}`}</p>}
      {Number(order.discount) > 0 && <p>{`${t('orders.discount')}: − ${money(order.discount)}`}</p>}
      {order.coins > 0 && <p>{t('orders.coinsCount', { count: order.coins })}</p>}
      <p>{`${t('orders.total')}: ${money(order.price)}`}</p>
      {paidFromGift(order) && <p>{`${t('orders.giftPaid')}: ${money(order.gift_card_amount)}`}</p>}
      <p className="kt-strong kt-total">{`${dueLabel(order, t)}: ${money(order.amount_due)}`}</p>
    </section>,
    document.body,
  );
}
