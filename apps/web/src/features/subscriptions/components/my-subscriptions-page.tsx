import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { SubscriptionList } from './subscription-list.tsx';
import './subscriptions.css';

/** /subscription/me: the member's own subscriptions, each active one with its cancel button. */
export function Component() {
  const { t } = useTranslation('subscriptions');
  return (
    <section className="subscriptions-page" aria-labelledby="my-subscriptions-title">
      <h1 id="my-subscriptions-title">{t('mine')}</h1>
      <SubscriptionList scope="me" label={t('mine')} cancellable />
    </section>
  );
}
