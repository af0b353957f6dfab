import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import { useMe } from '../api/use-me.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { OrderMailsSwitch } from './order-mails-switch.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SavedAddresses } from './saved-addresses.tsx';
import './account.css';

addTranslations('account', { es, en });

/** /profile: the member's details, saved addresses, mail choice, the password and the way to delete the account. */
export function Component() {
  const { t } = useTranslation('account');
  const me = useMe();
  return (
    <section className="panel account-panel" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      {me.isPending && <LoadingState count={4} />}
      {me.isError && <ErrorState onRetry={() => void me.refetch()} />}
      {me.data && (
        <>
          <p>
            <strong>{t('fields.email')}:</strong> {me.data.email}
          </p>
          <ProfileForm
            key={me.dataUpdatedAt}
            me={me.data}
            submitLabel={t('profile.submit')}
            onSaved={() => {
              toast.success(t('profile.saved'));
            }}
          />
          <SavedAddresses />
          <OrderMailsSwitch me={me.data} />
          <ul className="account-links">
            <li>
              <Link to="/change-password">{t('profile.changePassword')}</Link>
            </li>
            <li>
              <Link to="/delete">{t('profile.deleteAccount')}</Link>
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
