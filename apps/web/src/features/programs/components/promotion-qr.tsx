import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Draws the QR of a promotion code in the browser; the QR library loads only when a QR is shown. */
export function PromotionQr({ text, title }: { text: string; title: string }) {
  const { t } = useTranslation('promotions');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { width: 240, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => active && setSrc(url))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [text]);
  if (failed) return null;
  if (!src)
    return (
      <div className="promotion-qr-placeholder" role="status">
        {t('qrLoading')}
      </div>
    );
  return <img className="promotion-qr" src={src} alt={t('qrAlt', { title })} width={240} height={240} />;
}
