import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
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
import { audioReady, playNewOrderChime, unlockAudio } from '../lib/alert-sound.ts';
import { errorText } from './customer-panel.tsx';
import { KitchenTicket } from './kitchen-ticket.tsx';
import { type Move, OrderCard } from './order-card.tsx';
import { PendingTransfers } from './pending-transfers.tsx';

/** "(2) Pedidos — Demo" in the title bar while orders wait to be accepted, seen from another tab too. */
function useTitleCount(count: number, label: string) {
  useEffect(() => {
    if (count === 0) return;
    const title = document.title;
    document.title = `(${count}) ${label} — ${title}`;
    return () => {
      document.title = title;
    };
  }, [count, label]);
}

/** Sound needs one gesture on the page (browsers' autoplay rule): the first tap or key unlocks it. */
function useSoundUnlock() {
  const [ready, setReady] = useState(audioReady);
  const unlock = useCallback(() => {
    unlockAudio().then(setReady);
  }, []);
  useEffect(() => {
    if (ready) return;
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [ready, unlock]);
  return { ready, unlock };
}

/** The live order board: in-progress orders by status, updated by the stream, with a chime on new ones. */
export function OrderBoard({ place }: { place: RetailPlace }) {
  const { t } = useTranslation('retail');
  const orders = useBoardOrders(place.uid);
  const move = useMoveOrder(place.uid);
  const [alerts, setAlerts] = useState<Order[]>([]);
  const [canceling, setCanceling] = useState<Order | null>(null);
  const [printing, setPrinting] = useState<Order | null>(null);
  const sound = useSoundUnlock();
  const onNewOrder = useCallback((order: Order) => {
    setAlerts((current) => [order, ...current.filter((o) => o.uid !== order.uid)]);
    playNewOrderChime();
  }, []);
  const stream = useOrderStream(place.uid, onNewOrder);

  const active = (orders.data ?? []).filter((order) => BOARD_STATUSES.includes(order.status));
  useTitleCount(active.filter((order) => order.status === 'RECEIVED').length, t('orders.title'));

  // Print once the ticket is in the page; it stays (hidden on screen) until another is chosen.
  useEffect(() => {
    if (printing) window.print();
  }, [printing]);

  const act = (order: Order, status: Move) => {
    setCanceling(null);
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
  const onMove = (order: Order, status: Move) =>
    status === 'CANCELED_BY_PLACE' ? setCanceling(order) : act(order, status);
  // A new object each time, so that printing the same order again runs the effect again.
  const onPrint = (order: Order) => setPrinting({ ...order });

  return (
    <section className="order-board" aria-labelledby="orders-title">
      <header className="order-board-header">
        <h2 id="orders-title">{t('orders.title')}</h2>
        <span className={`stream-state ${stream}`} role="status">
          {t(`orders.${stream}`)}
        </span>
        {!sound.ready && (
          <button type="button" className="button secondary" onClick={sound.unlock}>
            {t('orders.soundOn')}
          </button>
        )}
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
      <PendingTransfers place={place.uid} />
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
                      <OrderCard order={order} busy={move.isPending} onMove={onMove} onPrint={onPrint} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      {canceling && (
        <ConfirmDialog
          title={t('orders.confirmCancel', { number: canceling.number })}
          message={t('orders.confirmCancelText')}
          confirmLabel={t('orders.confirmYes')}
          dismissLabel={t('orders.confirmNo')}
          onConfirm={() => act(canceling, 'CANCELED_BY_PLACE')}
          onDismiss={() => setCanceling(null)}
        />
      )}
      {printing && <KitchenTicket order={printing} place={place} />}
    </section>
  );
}
