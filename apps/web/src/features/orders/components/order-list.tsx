import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { Order } from '@storefront/contracts/orders';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { pageParam, useSearchState } from '../../../lib/search-params.ts';
import { useOrders } from '../api/orders-api.ts';
import { PaymentBadge } from './order-payment.tsx';
import { ReorderButton } from './reorder-button.tsx';
import '../i18n.ts';
import './orders.css';
import { formatMoney } from '../../../lib/money.ts';

/** The status label of an order (PENDING_PAYMENT … CANCELED_BY_USER, es/en). */
export function OrderStatus({ status }: { status: Order['status'] }) {
  const { t } = useTranslation('orders');
  return <span className={`order-status order-status-${status.toLowerCase()}`}>{t(`status.${status}`)}</span>;
}

/** A page of the member's orders (all, or those paid with one method), 25 a page, paged by ?page=. */
export function OrderList({
  title,
  empty,
  paymentMethod,
  level = 1,
}: {
  title: string;
  empty: string;
  paymentMethod?: Order['payment_type'];
  /** The heading's level: 2 under a page's own title. */
  level?: 1 | 2;
}) {
  const { t, i18n } = useTranslation('orders');
  const app = useAppRecord();
  const [params, update] = useSearchState();
  const page = pageParam(params.get('page'));
  const orders = useOrders(page, paymentMethod);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const Heading = level === 1 ? 'h1' : 'h2';

  return (
    <section className="orders-page" aria-labelledby="orders-title">
      <Heading id="orders-title">{title}</Heading>
      {orders.isPending ? (
        <LoadingState count={3} />
      ) : orders.isError ? (
        <ErrorState onRetry={() => orders.refetch()} />
      ) : orders.data.results.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <>
          <ul className="order-list">
            {orders.data.results.map((order) => (
              <li key={order.uid} className="order-row">
                <Link to={`/orders/${order.uid}`} className="order-row-link">
                  <span className="order-row-number">{t('number', { number: order.number })}</span>
                  <span className="order-row-meta">
                    {date.format(new Date(order.created_at))} · {order.place.name} ·{' '}
                    {t(`type.${order.order_type}`)}
                  </span>
                </Link>
                <OrderStatus status={order.status} />
                <PaymentBadge payment={order.payment} />
                <span className="order-row-price">
                  {order.coins > 0 && Number(order.price) === 0
                    ? t('coins', { count: order.coins })
                    : formatMoney(app.currency.symbol, order.price)}
                </span>
                <ReorderButton order={order} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(orders.data.count / PAGE_SIZE)}
            onPageChange={(next) => update({ page: next })}
            label={title}
          />
        </>
      )}
    </section>
  );
}
