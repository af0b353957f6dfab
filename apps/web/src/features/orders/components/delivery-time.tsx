import type { Order } from '@storefront/contracts/orders';
import { useTranslation } from 'react-i18next';

/** Statuses in which the delivery is on its way to the door: the time counts from the acceptance. */
const UNDER_WAY: Order['status'][] = ['ACCEPTED', 'SHIPPED'];

/**
 * A delivery's time (issue 30 item 5): before the shop accepts, "llega en ~40 min" once accepted;
 * after, the time it should arrive, from the acceptance in the status history plus the fare's minutes.
 * Nothing for a pickup, an order delivered or canceled, or one without a delivery time.
 */
export function DeliveryTime({ order }: { order: Pick<Order, 'eta_minutes' | 'status' | 'history'> }) {
  const { t, i18n } = useTranslation('orders');
  const minutes = order.eta_minutes;
  if (minutes === null) return null;
  const accepted = order.history?.find((move) => move.to === 'ACCEPTED');
  let text: string | null = null;
  if (order.status === 'RECEIVED' || order.status === 'PENDING_PAYMENT')
    text = t('eta.afterAccept', { minutes });
  else if (UNDER_WAY.includes(order.status) && accepted) {
    const at = new Date(new Date(accepted.at).getTime() + minutes * 60_000);
    const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(at);
    text = t('eta.by', { time, minutes });
  }
  if (!text) return null;
  return (
    <div>
      <dt>{t('eta.label')}</dt>
      <dd data-testid="order-eta">{text}</dd>
    </div>
  );
}
