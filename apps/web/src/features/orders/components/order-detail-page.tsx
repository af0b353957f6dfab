import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { toast } from '../../../lib/toast.tsx';
import { useCancelOrder, useOrder } from '../api/orders-api.ts';
import '../i18n.ts';
import { DeliveryTime } from './delivery-time.tsx';
import { OrderStatus } from './order-list.tsx';
import { OrderPaymentSection } from './order-payment.tsx';
import { ReorderButton } from './reorder-button.tsx';
import './orders.css';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';

// Its own chunk, loaded once the order is on the screen (issue 30: no weight on the first page).
const PushOffer = lazy(() => import('./push-offer.tsx'));

/** /orders/{uid}: the order, its lines and totals, its history, and the cancel button while RECEIVED. */
export function Component() {
  const { t, i18n } = useTranslation('orders');
  const app = useAppRecord();
  const { orderUid = '' } = useParams();
  const order = useOrder(orderUid);
  const cancel = useCancelOrder(orderUid);
  const [confirming, setConfirming] = useState(false);
  const money = (value: string) => formatMoney(app.currency.symbol, value);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (order.isPending) return <LoadingState count={4} />;
  if (order.isError) {
    const missing =
      order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <ErrorState
        message={missing ? t('detail.notFound') : undefined}
        onRetry={missing ? undefined : () => order.refetch()}
      />
    );
  }
  const data = order.data;

  const onCancel = async () => {
    setConfirming(false);
    try {
      await cancel.mutateAsync();
      toast.success(t('detail.canceled'));
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? (error.firstMessage() ?? t('errors.generic', { ns: 'common' }))
          : t('errors.generic', { ns: 'common' }),
      );
    }
  };

  return (
    <article className="order-detail" aria-labelledby="order-title">
      <Link to="/orders">{t('detail.back')}</Link>
      <header className="order-detail-header">
        <h1 id="order-title">{t('number', { number: data.number })}</h1>
        {/* Announced when it changes while the page is open (the order is followed live). */}
        <span role="status">
          <OrderStatus status={data.status} />
        </span>
      </header>
      <Suspense fallback={null}>
        <PushOffer />
      </Suspense>
      <dl className="order-facts">
        <div>
          <dt>{t('detail.place')}</dt>
          <dd>{`${data.place.name} · ${t(`type.${data.order_type}`)}`}</dd>
        </div>
        <div>
          <dt>{t('detail.when')}</dt>
          <dd>{`${formatCalendarDay(data.pickup_date, i18n.language)} · ${data.start_time} - ${data.end_time}`}</dd>
        </div>
        {data.order_type === 'DELIVERY' && (
          <div>
            <dt>{t('detail.address')}</dt>
            <dd>{[data.address, data.district, data.reference].filter(Boolean).join(' · ')}</dd>
          </div>
        )}
        <DeliveryTime order={data} />
        <div>
          <dt>{t('detail.payment')}</dt>
          <dd>{t(`payment.${data.payment_type}`)}</dd>
        </div>
        {data.coupon_code && (
          <div>
            <dt>{t('detail.coupon')}</dt>
            <dd>{data.coupon_code}</dd>
          </div>
        )}
        {data.comments && (
          <div className="order-comments">
            <dt>{t('detail.comments')}</dt>
            <dd>{data.comments}</dd>
          </div>
        )}
      </dl>

      <OrderPaymentSection order={data} />

      <h2>{t('detail.products')}</h2>
      <ul className="order-items">
        {data.products.map((item) => (
          <li key={`${item.uid}-${item.option_groups.map((g) => g.options.map((o) => o.uid).join()).join()}`}>
            <span>{`${item.quantity} × ${item.name}`}</span>
            {item.option_groups.length > 0 && (
              <small>
                {item.option_groups.flatMap((group) => group.options.map((o) => o.name)).join(', ')}
              </small>
            )}
            <span className="order-item-price">
              {item.is_redeemable
                ? t('coins', { count: item.coin_price * item.quantity })
                : money(item.price)}
            </span>
          </li>
        ))}
      </ul>

      <dl className="order-totals">
        <div>
          <dt>{t('detail.subtotal')}</dt>
          <dd>{money(data.subtotal)}</dd>
        </div>
        {data.order_type === 'DELIVERY' && (
          <div>
            <dt>{t('detail.delivery')}</dt>
            <dd>{money(data.delivery_price)}</dd>
          </div>
        )}
        {Number(data.discount) > 0 && (
          <div>
            <dt>{t('detail.discount')}</dt>
            <dd>{`− ${money(data.discount)}`}</dd>
          </div>
        )}
        {data.coins > 0 && (
          <div>
            <dt>{t('detail.coins')}</dt>
            <dd>{t('coins', { count: data.coins })}</dd>
          </div>
        )}
        <div className="order-total">
          <dt>{t('detail.total')}</dt>
          <dd data-testid="order-total">{money(data.price)}</dd>
        </div>
        {Number(data.gift_card_amount) > 0 && (
          <>
            <div>
              <dt>{t('detail.gift')}</dt>
              <dd data-testid="order-gift">{`− ${money(data.gift_card_amount)}`}</dd>
            </div>
            <div className="order-total">
              <dt>{t('detail.due')}</dt>
              <dd data-testid="order-due">{money(data.amount_due)}</dd>
            </div>
          </>
        )}
      </dl>

      {data.history && data.history.length > 0 && (
        <section aria-labelledby="order-history">
          <h2 id="order-history">{t('detail.history')}</h2>
          <ol className="order-history">
            {data.history.map((move) => (
              <li key={`${move.to}-${move.at}`}>
                <OrderStatus status={move.to as typeof data.status} /> {when.format(new Date(move.at))}
              </li>
            ))}
          </ol>
        </section>
      )}

      <div className="order-actions">
        <ReorderButton order={data} />
      </div>
      {(data.status === 'RECEIVED' || data.status === 'PENDING_PAYMENT') && (
        <button
          type="button"
          className="button secondary"
          disabled={cancel.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('detail.cancel')}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('detail.confirmTitle', { number: data.number })}
          message={t('detail.confirmText')}
          confirmLabel={t('detail.confirmYes')}
          dismissLabel={t('detail.confirmNo')}
          onConfirm={onCancel}
          onDismiss={() => setConfirming(false)}
        />
      )}
    </article>
  );
}
