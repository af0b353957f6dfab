import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { pendingRedirectTarget } from '../../../lib/after-login.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.tsx';
import { useMe } from '../api/use-me.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { ProfileForm } from './profile-form.tsx';
import './account.css';

addTranslations('account', { es, en });

/** Where a member goes once the form is saved or skipped: the pending cart, else home (spec §4). */
function takeNextTarget(): string {
  const target = pendingRedirectTarget(storage.get(STORAGE_KEYS.pendingRedirect)) ?? '/';
  storage.remove(STORAGE_KEYS.pendingRedirect);
  return target;
}

/** /complete-info: the details an incomplete profile lacks, asked right after login (spec §2, §4). */
export function Component() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const me = useMe();

  const skip = () => {
    storage.set(STORAGE_KEYS.skipCompleteInfo, 'true');
    void navigate(takeNextTarget(), { replace: true });
  };

  return (
    <section className="panel account-panel" aria-labelledby="complete-info-title">
      <h1 id="complete-info-title">{t('completeInfo.title')}</h1>
      <p>{t('completeInfo.text')}</p>
      {me.isPending && <LoadingState count={4} />}
      {me.isError && <ErrorState onRetry={() => void me.refetch()} />}
      {me.data && (
        <ProfileForm
          me={me.data}
          submitLabel={t('completeInfo.submit')}
          onSaved={async () => {
            toast.success(t('completeInfo.saved'));
            await navigate(takeNextTarget(), { replace: true });
          }}
          actions={
            <button type="button" className="button secondary" onClick={skip}>
              {t('completeInfo.skip')}
            </button>
          }
        />
      )}
    </section>
  );
}
