import type { MemberProgram } from '@storefront/contracts/loyalty';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { companyPrefix } from '../../../lib/company.ts';
import { JoinProgram } from './join-program.tsx';
import { ProgramActivities } from './program-activities.tsx';
import { ProgramAds } from './program-ads.tsx';
import { ProgramHeader } from './program-header.tsx';
import { ProgramSummary } from './program-summary.tsx';
import { PromotionsSection } from './promotions-section.tsx';
import { RedeemProducts } from './redeem-products.tsx';
import { StampCard } from './stamp-card.tsx';

// The gift card form brings zod and react-hook-form: the program shows without waiting for them.
const GiftCardForm = lazy(() =>
  import('./gift-card-form.tsx').then(({ GiftCardForm }) => ({ default: GiftCardForm })),
);

const SUBMODULES = ['stamps', 'products', 'promotions'] as const;
type Submodule = (typeof SUBMODULES)[number];

/** The submodule a hash names (#stamps, #products, #promotions); stamps when there is none. */
function submoduleOf(hash: string): Submodule {
  const name = hash.replace(/^#/, '');
  return (SUBMODULES as readonly string[]).includes(name) ? (name as Submodule) : 'stamps';
}

/** A signed-in member's program: standing, the submodule tabs and the gift card form. */
export default function ProgramView({
  program,
  companyUid,
}: {
  program: MemberProgram;
  companyUid: string | undefined;
}) {
  const { t } = useTranslation('programs');
  const app = useAppRecord();
  const { hash } = useLocation();
  const active = submoduleOf(hash);
  const base = `${companyPrefix(app, companyUid)}/program/${program.uid}`;

  return (
    <div className="program-page">
      <ProgramHeader program={program} />
      <ProgramAds programUid={program.uid} />
      <ProgramActivities program={program} />
      {!program.is_member ? (
        <JoinProgram program={program} />
      ) : (
        <>
          <ProgramSummary program={program} />
          <nav className="program-tabs" aria-label={t('tabs.label')}>
            {SUBMODULES.map((name) => (
              <Link key={name} to={`${base}#${name}`} aria-current={active === name ? 'page' : undefined}>
                {t(`tabs.${name}`)}
              </Link>
            ))}
          </nav>
          <div id={active} className="program-submodule">
            {active === 'stamps' && <StampCard program={program} />}
            {active === 'products' && (
              <RedeemProducts
                coins={program.coins}
                companyUid={program.company}
                routeCompanyUid={companyUid}
              />
            )}
            {active === 'promotions' && <PromotionsSection programUid={program.uid} coins={program.coins} />}
          </div>
          <Suspense fallback={null}>
            <GiftCardForm />
          </Suspense>
        </>
      )}
    </div>
  );
}
