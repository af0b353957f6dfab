import type { MemberProgram } from '@storefront/contracts/loyalty';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useAppRecord, useAuth, useCompany } from '../../../app/app-context.tsx';
import { companyPrefix, isHidden } from '../../../app/guards.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { useMemberProgram } from '../api/programs-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { JoinProgram } from './join-program.tsx';
import { ProgramAds } from './program-ads.tsx';
import { ProgramSummary } from './program-summary.tsx';
import { PromotionsSection } from './promotions-section.tsx';
import { RedeemProducts } from './redeem-products.tsx';
import { StampCard } from './stamp-card.tsx';
import '../../../components/ui/content.css';
import './programs.css';

addTranslations('programs', { es, en });

// The gift card form brings zod and react-hook-form; visitors and members who do not scroll to it
// should not wait for them.
const GiftCardForm = lazy(() =>
  import('./gift-card-form.tsx').then(({ GiftCardForm }) => ({ default: GiftCardForm })),
);

const SUBMODULES = ['stamps', 'products', 'promotions'] as const;
type Submodule = (typeof SUBMODULES)[number];

/** The submodule a hash names (#stamps, #products, #promotions); stamps when there is none. */
export function submoduleOf(hash: string): Submodule {
  const name = hash.replace(/^#/, '');
  return (SUBMODULES as readonly string[]).includes(name) ? (name as Submodule) : 'stamps';
}

/** /program/{uid} and /c/{companyUid}/program/{uid}: the member's standing and the program's submodules. */
export function Component() {
  const { t } = useTranslation('programs');
  const { programUid = '', companyUid } = useParams();
  const company = useCompany(companyUid);
  const { loggedIn } = useAuth();
  const program = useMemberProgram(programUid);

  if (isHidden(company, 'program')) return <p className="panel">{t('hidden')}</p>;
  if (!loggedIn) {
    return (
      <section className="panel program-login">
        <p>{t('loginRequired')}</p>
        <Link to="/login" className="button">
          {t('login')}
        </Link>
      </section>
    );
  }
  if (program.isPending) return <LoadingState count={4} label={t('loading')} />;
  if (program.isError) {
    const message = program.error instanceof ApiError ? program.error.firstMessage() : undefined;
    return <ErrorState message={message} onRetry={() => program.refetch()} />;
  }
  return <ProgramView program={program.data} companyUid={companyUid} />;
}

function ProgramView({ program, companyUid }: { program: MemberProgram; companyUid: string | undefined }) {
  const { t } = useTranslation('programs');
  const app = useAppRecord();
  const { hash } = useLocation();
  const active = submoduleOf(hash);
  const base = `${companyPrefix(app, companyUid)}/program/${program.uid}`;

  return (
    <div className="program-page">
      <header className="program-header">
        {program.image && <img src={program.image} alt="" width={96} height={96} className="program-image" />}
        <div>
          <h1>{program.name}</h1>
          <p>{program.description}</p>
        </div>
      </header>
      <ProgramAds programUid={program.uid} />
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
