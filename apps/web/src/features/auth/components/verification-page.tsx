import { EMAIL_VALIDATION_REDIRECT_MS } from '@storefront/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import { verifyEmail } from '../api/auth-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import './auth.css';

addTranslations('auth', { es, en });

/** /verification-email/:uidApp/:uidUser/:token: validates on load; success toasts and goes home after 1.5 s. */
export function Component() {
  const { t } = useTranslation('auth');
  const { uidApp = '', uidUser = '', token = '' } = useParams();
  const navigate = useNavigate();
  // A query, not an effect with a fetch: it runs once per link even under StrictMode's double mount.
  const verification = useQuery({
    queryKey: ['verification-email', uidApp, uidUser, token],
    queryFn: () => verifyEmail(uidApp, uidUser, token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (verification.isSuccess) {
      toast.success(t('verification.success'), { id: 'verification-email' });
      const timer = setTimeout(() => void navigate('/', { replace: true }), EMAIL_VALIDATION_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (verification.isError) toast.error(t('verification.errorToast'), { id: 'verification-email' });
  }, [verification.isSuccess, verification.isError, navigate, t]);

  const detail =
    verification.error instanceof ApiError
      ? (verification.error.body.detail as string | undefined)
      : undefined;
  return (
    <section
      className="panel auth-panel centered-page"
      aria-labelledby="verification-title"
      aria-live="polite"
    >
      <h1 id="verification-title">{t('verification.title')}</h1>
      {verification.isPending && <p role="status">{t('verification.validating')}</p>}
      {verification.isSuccess && <p>{verification.data.detail || t('verification.success')}</p>}
      {verification.isError && (
        <>
          <p role="alert">{detail ?? t('verification.failed')}</p>
          <Link to="/" className="button">
            {t('verification.back')}
          </Link>
        </>
      )}
    </section>
  );
}
