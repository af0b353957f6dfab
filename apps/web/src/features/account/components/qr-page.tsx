import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import { useMemberQr } from '../api/account-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import './account.css';

addTranslations('account', { es, en });

/** /qr: the member's code for the app's program, drawn in the browser. */
export function Component() {
  const { t } = useTranslation('account');
  const app = useAppRecord();
  const programUid = app.allowed_programs[0]?.uid;
  const qr = useMemberQr(programUid);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    const code = qr.data?.qrMember;
    if (!code) return;
    let current = true;
    void QRCode.toDataURL(code, { width: 280, margin: 1, errorCorrectionLevel: 'M' }).then((url) => {
      if (current) setImage(url);
    });
    return () => {
      current = false;
    };
  }, [qr.data?.qrMember]);

  return (
    <section className="panel account-panel qr-panel" aria-labelledby="qr-title">
      <h1 id="qr-title">{t('qr.title')}</h1>
      {!programUid && <EmptyState message={t('qr.noPrograms')} />}
      {programUid && qr.isPending && <LoadingState count={1} />}
      {qr.isError && (
        <ErrorState
          message={qr.error instanceof ApiError ? qr.error.firstMessage() : undefined}
          onRetry={() => void qr.refetch()}
        />
      )}
      {qr.data && (
        <>
          <p>{t('qr.text')}</p>
          {image ? (
            <img src={image} alt={t('qr.alt')} width={280} height={280} className="qr-image" />
          ) : (
            <LoadingState count={1} />
          )}
          <p className="qr-code-text">{qr.data.qrMember}</p>
        </>
      )}
    </section>
  );
}
