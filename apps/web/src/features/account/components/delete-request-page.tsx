import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import { useRequestDeletion } from '../api/account-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import './account.css';

addTranslations('account', { es, en });

/** /delete: e-mails the member the link that deletes the account. */
export function Component() {
  const { t } = useTranslation('account');
  const requestDeletion = useRequestDeletion();
  const send = () =>
    requestDeletion.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.detail),
      onError: (error) =>
        toast.error((error instanceof ApiError && error.firstMessage()) || t('errors.generic')),
    });
  return (
    <section className="panel account-panel" aria-labelledby="delete-request-title">
      <h1 id="delete-request-title">{t('deleteRequest.title')}</h1>
      <p className="account-warning">{t('deleteRequest.warning')}</p>
      {requestDeletion.isSuccess ? (
        <p role="status">{t('deleteRequest.sent')}</p>
      ) : (
        <>
          <p>{t('deleteRequest.text')}</p>
          <button type="button" className="button" disabled={requestDeletion.isPending} onClick={send}>
            {t('deleteRequest.submit')}
          </button>
        </>
      )}
    </section>
  );
}
