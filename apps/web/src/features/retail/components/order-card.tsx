import { useTranslation } from 'react-i18next';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import type { Order } from '../api/retail-api.ts';
import { dueLabel, lineKey, optionsOf, paidFromGift, paymentText } from '../lib/order-text.ts';

export type Move = 'ACCEPTED' | 'SHIPPED' | 'DELIVERED' | 'CANCELED_BY_PLACE';
const ACTION_LABEL: Record<Move, string> = {
  ACCEPTED: 'orders.accept',
  SHIPPED: 'orders.shipped',
  DELIVERED: 'orders.delivered',
  CANCELED_BY_PLACE: 'orders.cancel',
};

/** The store's moves from each status (architecture §4): SHIPPED is for delivery only. */
function movesOf(order: Order): Move[] {
  if (order.status === 'RECEIVED') return ['ACCEPTED', 'CANCELED_BY_PLACE'];
  if (order.status === 'ACCEPTED')
    return [order.order_type === 'DELIVERY' ? 'SHIPPED' : 'DELIVERED', 'CANCELED_BY_PLACE'];
  if (order.status === 'SHIPPED') return ['DELIVERED'];
  return [];
}

interface OrderCardProps {
  order: Order;
  busy: boolean;
  onMove(order: Order, status: Move): void;
  onPrint(order: Order): void;
}

/**
 * One order on the board. On the card, what the kitchen and the rider act on (lines with their options,
 * comments, slot, customer and phone, address, district and reference, payment and total); under
 * "more", every other field of the order (spec §3 Order).
 */
export function OrderCard({ order, busy, onMove, onPrint }: OrderCardProps) {
  const { t, i18n } = useTranslation('retail');
  const app = useAppRecord();
  const money = (amount: string) => formatMoney(app.currency.symbol, amount);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  const user = order.user_data;
  const delivery = order.order_type === 'DELIVERY';
  return (
    <article className="order-ticket" aria-label={t('orders.number', { number: order.number })}>
      <header className="order-ticket-head">
        <h4>{t('orders.number', { number: order.number })}</h4>
        <span className={`order-type order-type-${order.order_type.toLowerCase()}`}>
          {t(`orders.types.${order.order_type}`)}
        </span>
      </header>
      <p className="order-slot">
        <strong>
          {t(`orders.slot.${order.order_type}`, {
            date: formatCalendarDay(order.pickup_date, i18n.language),
            start: order.start_time,
            end: order.end_time,
          })}
        </strong>
        <span className="hint">
          {t('orders.placedAt', { time: time.format(new Date(order.created_at)) })}
        </span>
      </p>

      <ul className="order-lines" aria-label={t('orders.products')}>
        {order.products.map((line, index) => (
          <li key={lineKey(line, index)}>
            <span className="order-line-name">{`${line.quantity} × ${line.name}`}</span>
            {line.option_groups.length > 0 && <span className="order-line-options">{optionsOf(line)}</span>}
          </li>
        ))}
      </ul>
      {order.comments && (
        <p className="order-comments">
          <strong>{`${t('orders.comments')}: `}</strong>
          {order.comments}
        </p>
      )}

      <dl className="order-facts">
        <div>
          <dt>{t('orders.customer')}</dt>
          <dd>{user.full_name}</dd>
        </div>
        <div>
          <dt>{t('orders.phone')}</dt>
          <dd>
            <a href={`tel:${user.contact_number.replace(/[^\d+]/g, '')}`}>{user.contact_number}</a>
          </dd>
        </div>
        {delivery && (
          <>
            <div>
              <dt>{t('orders.address')}</dt>
              <dd>{order.address}</dd>
            </div>
            <div>
              <dt>{t('orders.district')}</dt>
              <dd>{order.district}</dd>
            </div>
            {order.latitude !== null && order.longitude !== null && (
              <div>
                <dt>{t('orders.map')}</dt>
                <dd>
                  <a
                    href={`https://www.openstreetmap.org/?mlat=${order.latitude}&mlon=${order.longitude}#map=17/${order.latitude}/${order.longitude}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t('orders.openMap')}
                  </a>
                </dd>
              </div>
            )}
            {order.reference && (
              <div>
                <dt>{t('orders.reference')}</dt>
                <dd>{order.reference}</dd>
              </div>
            )}
          </>
        )}
        <div>
          <dt>{t('orders.payment')}</dt>
          <dd>{paymentText(order, t)}</dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd>
            {money(order.price)}
            {order.coins > 0 && ` + ${t('orders.coinsCount', { count: order.coins })}`}
          </dd>
        </div>
        {paidFromGift(order) && (
          <div>
            <dt>{t('orders.giftPaid')}</dt>
            <dd>{money(order.gift_card_amount)}</dd>
          </div>
        )}
        <div className="order-due">
          <dt>{dueLabel(order, t)}</dt>
          <dd>{money(order.amount_due)}</dd>
        </div>
      </dl>

      <details className="order-more">
        <summary>{t('orders.more')}</summary>
        <dl className="order-facts">
          <div>
            <dt>{t('orders.statusLabel')}</dt>
            <dd>{t(`orders.status.${order.status}`)}</dd>
          </div>
          {order.payment?.reference && (
            <div>
              <dt>{t('orders.paymentReference')}</dt>
              <dd>{order.payment.reference}</dd>
            </div>
          )}
          <div>
            <dt>{t('orders.document')}</dt>
            <dd>{`${t(`search.types.${user.document_type}`)} ${user.document_number}`}</dd>
          </div>
          <div>
            <dt>{t('orders.email')}</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
          </div>
          <div>
            <dt>{t('orders.subtotal')}</dt>
            <dd>{money(order.subtotal)}</dd>
          </div>
          {delivery && (
            <div>
              <dt>{t('orders.deliveryPrice')}</dt>
              <dd>{money(order.delivery_price)}</dd>
            </div>
          )}
          {/* The order's extras are these two lines (delivery fare, discount), not shown twice. */}
          {Number(order.discount) > 0 && (
            <div>
              <dt>{t('orders.discount')}</dt>
              <dd>{`− ${money(order.discount)}`}</dd>
            </div>
          )}
          {order.coupon_code && (
            <div>
              <dt>{t('orders.coupon')}</dt>
              <dd>{order.coupon_code}</dd>
            </div>
          )}
          {order.billing && (
            <div>
              <dt>{t('orders.billing')}</dt>
              <dd>
                {[
                  `${order.billing.first_name} ${order.billing.last_name}`,
                  order.billing.email,
                  order.billing.phone,
                  `${order.billing.address}, ${order.billing.city}`,
                ].join(' · ')}
              </dd>
            </div>
          )}
        </dl>
        <ul className="order-line-prices">
          {order.products.map((line, index) => (
            <li key={lineKey(line, index)}>
              <span>{`${line.quantity} × ${line.name}`}</span>
              <span>
                {line.is_redeemable
                  ? t('orders.coinsCount', { count: line.coin_price * line.quantity })
                  : money(line.price)}
              </span>
            </li>
          ))}
        </ul>
      </details>

      <div className="actions">
        {movesOf(order).map((next) => (
          <button
            key={next}
            type="button"
            className={next === 'CANCELED_BY_PLACE' ? 'button secondary' : 'button'}
            disabled={busy}
            onClick={() => onMove(order, next)}
          >
            {t(ACTION_LABEL[next])}
          </button>
        ))}
        <button type="button" className="button secondary" onClick={() => onPrint(order)}>
          {t('orders.print')}
        </button>
      </div>
    </article>
  );
}
