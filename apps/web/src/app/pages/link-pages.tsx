import { Navigate, useParams } from 'react-router';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { useAppRecord } from '../app-context.tsx';
import { companyByUid, companyPrefix, couponTarget } from '../guards.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** /company/{companyUid}/code/{code}/: stores the coupon for checkout, then opens the products page. */
export function CouponLinkPage() {
  const app = useAppRecord();
  const { companyUid = '', code = '' } = useParams();
  storage.setJson(STORAGE_KEYS.coupon, { company: companyUid, code });
  return <Navigate to={couponTarget(app, companyUid)} replace />;
}

/** /in/{uid}/: stores the influencer who brought the visitor. */
export function InfluencerLinkPage() {
  const { uid = '' } = useParams();
  storage.set(STORAGE_KEYS.influencerUid, uid);
  return <Navigate to="/" replace />;
}

/** /c/{companyUid}/: switches company, among the allowed ones only. */
export function CompanySwitchPage() {
  const app = useAppRecord();
  const { companyUid } = useParams();
  const company = companyByUid(app, companyUid);
  if (!company) return <NotFoundPage />;
  storage.set(STORAGE_KEYS.selectedCompanyUid, company.uid);
  const prefix = companyPrefix(app, company.uid);
  return <Navigate to={company.ecommerce_enabled ? `${prefix}/products` : '/'} replace />;
}
