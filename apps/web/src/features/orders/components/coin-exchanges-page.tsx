import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { MemberRedemption } from '@storefront/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { QrImage } from '../../../components/ui/qr-image.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { pageParam, useSearchState } from '../../../lib/search-params.ts';
import { useMemberRedemptions } from '../api/orders-api.ts';
import '../i18n.ts';
import { OrderList } from './order-list.tsx';

/**
 * /orders/coins, "Mis canjes": every promotion bought with coins or redeemed, newest first, with its
 * code, QR and state (issue 30 item 6), then the orders paid with coins.
 */
export function Component() {
  const { t } = useTranslation('orders');
  return (
    <>
      <Redemptions />
      <OrderList
        title={t('redemptions.productsTitle')}
        empty={t('coinsEmpty')}
        paymentMethod="COINS"
        level={2}
      />
    </>
  );
}

function Redemptions() {
  const { t } = useTranslation('orders');
  const [params, update] = useSearchState();
  const page = pageParam(params.get('canjes'));
  const redemptions = useMemberRedemptions(page);
  return (
    <section className="orders-page" aria-labelledby="redemptions-title">
      <h1 id="redemptions-title">{t('coinsTitle')}</h1>
      <h2>{t('redemptions.title')}</h2>
      {redemptions.isPending ? (
        <LoadingState count={2} />
      ) : redemptions.isError ? (
        <ErrorState onRetry={() => redemptions.refetch()} />
      ) : redemptions.data.results.length === 0 ? (
        <EmptyState message={t('redemptions.empty')} />
      ) : (
        <>
          <p className="redemption-hint">{t('redemptions.hint')}</p>
          <ul className="redemption-list">
            {redemptions.data.results.map((redemption) => (
              <RedemptionItem key={redemption.uid} redemption={redemption} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(redemptions.data.count / PAGE_SIZE)}
            onPageChange={(next) => update({ canjes: next })}
            label={t('redemptions.title')}
          />
        </>
      )}
    </section>
  );
}

/** One canje: the promotion, its state, its code, and its QR on request. */
function RedemptionItem({ redemption }: { redemption: MemberRedemption }) {
  const { t, i18n } = useTranslation('orders');
  const [showQr, setShowQr] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="redemption-item">
      <div className="redemption-head">
        <strong>{redemption.promotion.title}</strong>
        <span className={`order-status redemption-status-${redemption.status.toLowerCase()}`}>
          {t(`redemptions.status.${redemption.status}`)}
        </span>
      </div>
      <p className="order-row-meta">
        {`${redemption.program.name} · ${date.format(new Date(redemption.created_at))} · ${
          redemption.coins_spent > 0
            ? t('redemptions.spent', { count: redemption.coins_spent })
            : t('redemptions.free')
        }`}
      </p>
      <p>
        {t('redemptions.code')}: <code className="redemption-code">{redemption.code}</code>
      </p>
      <button
        type="button"
        className="link-button"
        aria-expanded={showQr}
        onClick={() => setShowQr((shown) => !shown)}
      >
        {t(showQr ? 'redemptions.hideQr' : 'redemptions.showQr')}
      </button>
      {showQr && (
        <QrImage
          text={redemption.qr}
          alt={t('redemptions.qrAlt', { title: redemption.promotion.title })}
          loadingLabel={t('redemptions.qrLoading')}
          className="redemption-qr"
          placeholderClassName="redemption-qr redemption-qr-placeholder"
        />
      )}
    </li>
  );
}
