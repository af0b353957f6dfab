import { useEffect, useState } from 'react';

/**
 * Draws a QR code in the browser; the QR library loads only when a QR is shown. Nothing when it
 * cannot be drawn (the code beside it still reads).
 */
export function QrImage({
  text,
  alt,
  loadingLabel,
  className,
  placeholderClassName,
}: {
  text: string;
  alt: string;
  loadingLabel: string;
  className: string;
  placeholderClassName: string;
}) {
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
      <div className={placeholderClassName} role="status">
        {loadingLabel}
      </div>
    );
  return <img className={className} src={src} alt={alt} width={240} height={240} />;
}
