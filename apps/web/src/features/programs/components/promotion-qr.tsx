import { useTranslation } from 'react-i18next';
import { QrImage } from '../../../components/ui/qr-image.tsx';

/** The QR of a promotion code, for staff to scan. */
export function PromotionQr({ text, title }: { text: string; title: string }) {
  const { t } = useTranslation('promotions');
  return (
    <QrImage
      text={text}
      alt={t('qrAlt', { title })}
      loadingLabel={t('qrLoading')}
      className="promotion-qr"
      placeholderClassName="promotion-qr-placeholder"
    />
  );
}
