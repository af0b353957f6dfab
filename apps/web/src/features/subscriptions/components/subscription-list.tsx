import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { Subscription } from '@storefront/contracts/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { pageParam, useSearchState } from '../../../lib/search-params.ts';
import { toast } from '../../../lib/toast.tsx';
import { useCancelSubscription, useSubscriptions } from '../api/subscriptions-api.ts';
import '../i18n.ts';
import './subscriptions.css';
import { formatMoney } from '../../../lib/money.ts';

interface SubscriptionListProps {
  scope: 'all' | 'me';
  status?: 'active';
  label: string;
  /** The member's own view offers cancel on active subscriptions. */
  cancellable: boolean;
}

/** A page of subscriptions: place, days and slot, products, price, status, and cancel when allowed. */
export function SubscriptionList({ scope, status, label, cancellable }: SubscriptionListProps) {
  const { t, i18n } = useTranslation('subscriptions');
  const app = useAppRecord();
  const [params, update] = useSearchState();
  const page = pageParam(params.get('page'));
  const list = useSubscriptions(scope, page, status);
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState<Subscription | null>(null);
  const dayNames = t('days', { returnObjects: true }) as string[];
  const daysOf = (item: Subscription) => item.days.map((day) => dayNames[day - 1]).join(', ');
  const productsOf = (item: Subscription) =>
    item.products.map((product) => `${product.quantity} × ${product.name}`).join(', ');

  const onCancel = async (uid: string) => {
    setConfirming(null);
    try {
      await cancel.mutateAsync(uid);
      toast.success(t('canceled'));
    } catch (error) {
      const fallback = t('errors.generic', { ns: 'common' });
      toast.error(error instanceof ApiError ? (error.firstMessage() ?? fallback) : fallback);
    }
  };

  if (list.isPending) return <LoadingState count={2} />;
  if (list.isError) return <ErrorState onRetry={() => list.refetch()} />;
  if (list.data.results.length === 0) return <EmptyState message={t('empty')} />;
  return (
    <>
      <ul className="subscription-list" aria-label={label}>
        {list.data.results.map((item) => (
          <li key={item.uid} className="subscription-card">
            <div className="subscription-card-head">
              <strong>{`${item.place.name} · ${t(`type.${item.order_type}`)}`}</strong>
              <span className={`order-status order-status-${item.status.toLowerCase()}`}>
                {t(`status.${item.status}`)}
              </span>
            </div>
            <p>
              {t('schedule', {
                days: daysOf(item),
                start: item.start_time,
                end: item.end_time,
              })}
            </p>
            <p className="subscription-muted">
              {t('since', { date: formatCalendarDay(item.pickup_date, i18n.language, 'long') })}
            </p>
            <p>{productsOf(item)}</p>
            <p className="subscription-price">{formatMoney(app.currency.symbol, item.price)}</p>
            {cancellable && item.status === 'ACTIVE' && (
              <button
                type="button"
                className="button secondary"
                disabled={cancel.isPending}
                onClick={() => setConfirming(item)}
              >
                {t('cancel')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={t('confirmTitle')}
          message={t('confirmText', { products: productsOf(confirming), days: daysOf(confirming) })}
          confirmLabel={t('confirmYes')}
          dismissLabel={t('confirmNo')}
          onConfirm={() => onCancel(confirming.uid)}
          onDismiss={() => setConfirming(null)}
        />
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil(list.data.count / PAGE_SIZE)}
        onPageChange={(next) => update({ page: next })}
        label={label}
      />
    </>
  );
}
