import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { EmptyState } from '../../../components/ui/query-states.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { setCartType } from '../../../lib/cart-store.ts';
import { companyPrefix, isHidden } from '../../../lib/company.ts';
import '../i18n.ts';
import { SubscriptionList } from './subscription-list.tsx';
import './subscriptions.css';

/**
 * /subscription: how subscriptions work, the way in (the cart switches to its subscription type and the
 * member picks products), and the active subscriptions.
 */
export function Component() {
  const { t } = useTranslation('subscriptions');
  const app = useAppRecord();
  const company = useCompany();
  const navigate = useNavigate();
  const prefix = companyPrefix(app, company.uid);

  const start = () => {
    setCartType('SUBSCRIPTION');
    navigate(company.ecommerce_enabled && !isHidden(company, 'store') ? `${prefix}/products` : '/carta');
  };

  return (
    <section className="subscriptions-page" aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title">{t('title')}</h1>
      {company.subscription_enabled ? (
        <>
          <p>{t('intro')}</p>
          <button type="button" className="button" onClick={start}>
            {t('start')}
          </button>
        </>
      ) : (
        <EmptyState message={t('disabled')} />
      )}
      <h2>{t('active')}</h2>
      <SubscriptionList scope="all" status="active" label={t('active')} cancellable={false} />
      <Link to="/subscription/me">{t('seeMine')}</Link>
    </section>
  );
}
