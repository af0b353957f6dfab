import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { useAppRecord } from '../../lib/app-context.tsx';
import { companyByUid, companyPrefix } from '../../lib/company.ts';
import { Redirect } from '../../lib/server-render.tsx';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { couponTarget } from '../guards.ts';

/** /company/{companyUid}/code/{code}/: stores the coupon for checkout, then opens the products page. */
export function CouponLinkPage() {
  const app = useAppRecord();
  const { companyUid = '', code = '' } = useParams();
  storage.setJson(STORAGE_KEYS.coupon, { company: companyUid, code });
  // What these links store lives in the browser: they move on once hydrated, not by an HTTP redirect.
  return <Redirect to={couponTarget(app, companyUid)} http={false} />;
}

/** /in/{uid}/: stores the influencer who brought the visitor. */
export function InfluencerLinkPage() {
  const { uid = '' } = useParams();
  storage.set(STORAGE_KEYS.influencerUid, uid);
  return <Redirect to="/" http={false} />;
}

/**
 * /c/{companyUid}/: switches company, among the allowed ones only, and opens its store. A company
 * without one says so, instead of bouncing back to the company list without a word.
 */
export function CompanySwitchPage() {
  const { t } = useTranslation();
  const app = useAppRecord();
  const { companyUid } = useParams();
  const company = companyByUid(app, companyUid);
  if (!company) return <NotFoundPage />;
  storage.set(STORAGE_KEYS.selectedCompanyUid, company.uid);
  if (company.ecommerce_enabled)
    return <Redirect to={`${companyPrefix(app, company.uid)}/products`} http={false} />;
  return (
    <section className="panel centered-page" aria-labelledby="no-store-title">
      {company.logo && <img src={company.logo} alt="" width={96} height={96} />}
      <h1 id="no-store-title">{t('noStore.title', { name: company.name })}</h1>
      <p>{t('noStore.text')}</p>
      <Link className="button" to="/">
        {t('noStore.back')}
      </Link>
    </section>
  );
}
