import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppRecord } from '../../../app/app-context.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  BOARD_STATUSES,
  type Order,
  type OrderStatus,
  type RetailPlace,
  useBoardOrders,
  useMoveOrder,
} from '../api/retail-api.ts';
import { useOrderStream } from '../api/use-order-stream.ts';
import { playNewOrderChime } from '../lib/alert-sound.ts';
import { errorText } from './customer-panel.tsx';

type Move = 'ACCEPTED' | 'SHIPPED' | 'DELIVERED' | 'CANCELED_BY_PLACE';
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

/** The live order board: in-progress orders by status, updated by the stream, with a chime on new ones. */
export function OrderBoard({ place }: { place: RetailPlace }) {
  const { t } = useTranslation('retail');
  const app = useAppRecord();
  const orders = useBoardOrders(place.uid);
  const move = useMoveOrder(place.uid);
  const [alerts, setAlerts] = useState<Order[]>([]);
  const onNewOrder = useCallback((order: Order) => {
    setAlerts((current) => [order, ...current.filter((o) => o.uid !== order.uid)]);
    playNewOrderChime();
  }, []);
  const stream = useOrderStream(place.uid, onNewOrder);

  const act = (order: Order, status: Move) => {
    if (
      status === 'CANCELED_BY_PLACE' &&
      !window.confirm(t('orders.confirmCancel', { number: order.number }))
    )
      return;
    move.mutate(
      { uid: order.uid, status },
      {
        onSuccess: (moved) => {
          setAlerts((current) => current.filter((o) => o.uid !== moved.uid));
          toast.success(
            t('orders.moved', { number: moved.number, status: t(`orders.status.${moved.status}`) }),
          );
        },
        onError: (error) => toast.error(errorText(error, t('error'))),
      },
    );
  };

  const active = (orders.data ?? []).filter((order) => BOARD_STATUSES.includes(order.status));

  return (
    <section className="order-board" aria-labelledby="orders-title">
      <header className="order-board-header">
        <h2 id="orders-title">{t('orders.title')}</h2>
        <span className={`stream-state ${stream}`} role="status">
          {t(`orders.${stream}`)}
        </span>
      </header>
      <div aria-live="assertive">
        {alerts.map((order) => (
          <div key={order.uid} className="order-alert" role="alert">
            <span>{t('orders.newOrder', { number: order.number })}</span>
            <button
              type="button"
              className="button secondary"
              aria-label={t('orders.dismiss')}
              onClick={() => setAlerts((current) => current.filter((o) => o.uid !== order.uid))}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      {orders.isPending ? (
        <LoadingState label={t('loading')} />
      ) : orders.isError ? (
        <ErrorState message={errorText(orders.error, t('error'))} onRetry={() => orders.refetch()} />
      ) : active.length === 0 ? (
        <EmptyState message={t('orders.empty')} />
      ) : (
        <div className="order-columns">
          {BOARD_STATUSES.map((status: OrderStatus) => {
            const column = active.filter((order) => order.status === status);
            return (
              <section key={status} className="order-column" aria-label={t(`orders.status.${status}`)}>
                <h3>{`${t(`orders.status.${status}`)} (${column.length})`}</h3>
                <ul>
                  {column.map((order) => (
                    <li key={order.uid}>
                      <article
                        className="order-ticket"
                        aria-label={t('orders.number', { number: order.number })}
                      >
                        <h4>{t('orders.number', { number: order.number })}</h4>
                        <p>
                          {t(`orders.types.${order.order_type}`)} · {order.user_data.full_name}
                        </p>
                        {order.order_type === 'PICKUP' && order.pickup_date && (
                          <p>
                            {t('orders.pickupAt', {
                              date: order.pickup_date,
                              start: order.start_time,
                              end: order.end_time,
                            })}
                          </p>
                        )}
                        {order.address && <p>{order.address}</p>}
                        <ul className="order-lines">
                          {order.products.map((line) => (
                            <li key={line.uid}>{`${line.quantity} × ${line.name}`}</li>
                          ))}
                        </ul>
                        <p>
                          <strong>{`${t('orders.total')}: ${formatMoney(app.currency.symbol, order.price)}`}</strong>
                        </p>
                        <div className="actions">
                          {movesOf(order).map((next) => (
                            <button
                              key={next}
                              type="button"
                              className={next === 'CANCELED_BY_PLACE' ? 'button secondary' : 'button'}
                              disabled={move.isPending}
                              onClick={() => act(order, next)}
                            >
                              {t(ACTION_LABEL[next])}
                            </button>
                          ))}
                        </div>
                      </article>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
