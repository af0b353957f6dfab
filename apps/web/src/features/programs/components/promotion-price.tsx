import type { Promotion } from '@storefront/contracts/loyalty';
import { useTranslation } from 'react-i18next';

/** The discount and the coin price ("Gratis" when it costs no coins). */
export function PromotionPrice({
  promotion,
}: {
  promotion: Pick<Promotion, 'rate_discount' | 'coin_price'>;
}) {
  const { t } = useTranslation('promotions');
  return (
    <p className="promotion-price">
      <span className="promotion-discount">{t('discount', { rate: promotion.rate_discount })}</span>
      <span className="promotion-coins">
        {promotion.coin_price > 0 ? t('coinPrice', { coins: promotion.coin_price }) : t('free')}
      </span>
    </p>
  );
}
