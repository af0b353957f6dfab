import type { Promotion } from '@storefront/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useCouponCode, usePromotion, usePromotionQr, usePurchasePromotion } from '../api/promotions-api.ts';
import { PromotionPrice } from './promotion-price.tsx';
import { PromotionQr } from './promotion-qr.tsx';

/** The server's refusal (already used, no longer usable, limit, stock, coins, level) or the generic one. */
function refusal(error: unknown): string | undefined {
  return error instanceof ApiError ? error.firstMessage() : undefined;
}

interface DetailProps {
  programUid: string;
  promotionUid: string;
  coins: number;
  onClose(): void;
}

/** A promotion: its terms, its QR and coupon code for staff, and redeeming it with coins. */
export function PromotionDetail({ programUid, promotionUid, coins, onClose }: DetailProps) {
  const { t } = useTranslation('promotions');
  const promotion = usePromotion(programUid, promotionUid);
  return (
    <Modal title={promotion.data?.title ?? t('loading')} closeLabel={t('close')} onClose={onClose}>
      {promotion.isPending ? (
        <LoadingState count={2} label={t('loading')} />
      ) : promotion.isError ? (
        <ErrorState message={refusal(promotion.error)} onRetry={() => promotion.refetch()} />
      ) : (
        <PromotionBody programUid={programUid} promotion={promotion.data} coins={coins} />
      )}
    </Modal>
  );
}

function PromotionBody({
  programUid,
  promotion,
  coins,
}: {
  programUid: string;
  promotion: Promotion;
  coins: number;
}) {
  const { t, i18n } = useTranslation('promotions');
  const qr = usePromotionQr(programUid, promotion.uid);
  const coupon = useCouponCode(programUid, promotion.uid);
  const purchase = usePurchasePromotion(programUid, promotion.uid);
  const missing = Math.max(0, promotion.coin_price - coins);
  const code = qr.data ?? coupon.data;
  const [confirmKey, setConfirmKey] = useState<string | null>(null);

  return (
    <article className="promotion-detail">
      {promotion.image && (
        <Picture src={promotion.image} alt="" width={480} height={240} className="promotion-detail-image" />
      )}
      <PromotionPrice promotion={promotion} />
      <p>{promotion.description}</p>
      <ul className="promotion-facts">
        {promotion.valid_until && (
          <li>{t('validUntil', { date: formatDate(promotion.valid_until, i18n.language) })}</li>
        )}
        {promotion.stock !== null && <li>{t('stock', { stock: promotion.stock })}</li>}
        {promotion.per_member_limit !== null && (
          <li>{t('usage', { used: promotion.times_used, limit: promotion.per_member_limit })}</li>
        )}
      </ul>

      <div className="promotion-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => qr.mutate()}
          disabled={qr.isPending}
        >
          {t('showQr')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => coupon.mutate()}
          disabled={coupon.isPending}
        >
          {t('getCode')}
        </button>
      </div>
      {(qr.isError || coupon.isError) && (
        <p className="form-error" role="alert">
          {refusal(qr.error ?? coupon.error) ?? t('common:errors.generic')}
        </p>
      )}
      {code && (
        <div className="promotion-code" aria-live="polite">
          {qr.data && <PromotionQr text={qr.data.qr} title={promotion.title} />}
          <p className="promotion-code-text">{t('code', { code: code.code })}</p>
          <p>{t('qrHelp')}</p>
        </div>
      )}

      <div className="promotion-purchase">
        <p>{t('yourCoins', { coins })}</p>
        {missing > 0 && <p className="coins-missing">{t('missing', { n: missing })}</p>}
        {confirmKey === null ? (
          <button
            type="button"
            className="button"
            onClick={() => setConfirmKey(crypto.randomUUID())}
            disabled={missing > 0}
          >
            {promotion.coin_price > 0 ? t('buy', { coins: promotion.coin_price }) : t('redeemNow')}
          </button>
        ) : (
          <div className="promotion-confirm">
            <p>
              <strong>{t('confirmBuy', { title: promotion.title })}</strong>
            </p>
            {promotion.coin_price > 0 && (
              <p>{t('confirmPrice', { coins: promotion.coin_price, after: coins - promotion.coin_price })}</p>
            )}
            <button
              type="button"
              className="button secondary"
              onClick={() => setConfirmKey(null)}
              disabled={purchase.isPending}
            >
              {t('confirmNo')}
            </button>
            {/* One key per confirmation: a repeated tap or a retry of this one buys once. */}
            <button
              type="button"
              className="button"
              onClick={() => purchase.mutate(confirmKey, { onSettled: () => setConfirmKey(null) })}
              disabled={purchase.isPending}
            >
              {purchase.isPending ? t('buying') : t('confirmYes')}
            </button>
          </div>
        )}
        {purchase.isError && (
          <p className="form-error" role="alert">
            {refusal(purchase.error) ?? t('common:errors.generic')}
          </p>
        )}
        {purchase.isSuccess && (
          <div className="promotion-code">
            <p className="form-success" role="status">
              {t('bought', { code: purchase.data.code, coins: purchase.data.coins })}
            </p>
            <PromotionQr text={`PROMO:${purchase.data.code}`} title={promotion.title} />
          </div>
        )}
      </div>
    </article>
  );
}
