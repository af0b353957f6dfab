import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = () =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;

/** Whether this browser can read QR codes from the camera (the BarcodeDetector API). */
export const canScan = () => detectorClass() !== null && Boolean(navigator.mediaDevices?.getUserMedia);

/** The device camera reading a QR code; the typed field beside it is the fallback. */
export function QrScanner({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const { t } = useTranslation('retail');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const scan = async () => {
      if (stopped || !video.current) return;
      const codes = await detector.detect(video.current).catch(() => []);
      if (codes[0]?.rawValue) found.current(codes[0].rawValue);
      else frame = requestAnimationFrame(scan);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        frame = requestAnimationFrame(scan);
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="qr-scanner">
      {failed ? (
        <p role="alert">{t('search.cameraError')}</p>
      ) : (
        <video ref={video} muted playsInline aria-label={t('search.scan')} />
      )}
      <button type="button" className="button secondary" onClick={onClose}>
        {t('search.stopScan')}
      </button>
    </div>
  );
}
