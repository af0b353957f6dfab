import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth, useCompany } from '../../../lib/app-context.tsx';
import { isHidden } from '../../../lib/company.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { useMemberProgram } from '../api/programs-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { ProgramShowcase } from './program-showcase.tsx';
import '../../../components/ui/content.css';
import './programs.css';

addTranslations('programs', { es, en });

// A member's view of the program (stamps, redeemable products, promotions, gift cards) is its own chunk;
// visitors see the program's public face (levels, how it works, promotions).
const loadProgramView = () => import('./program-view.tsx');
const ProgramView = lazy(loadProgramView);

/** /program/{uid} and /c/{companyUid}/program/{uid}: the member's standing and the program's submodules. */
export function Component() {
  const { t } = useTranslation('programs');
  const { programUid = '', companyUid } = useParams();
  const company = useCompany(companyUid);
  const { loggedIn } = useAuth();
  const program = useMemberProgram(programUid);
  // A member waits for the program and for its view at once, not one after the other.
  useEffect(() => {
    if (loggedIn) void loadProgramView();
  }, [loggedIn]);

  if (isHidden(company, 'program')) return <p className="panel">{t('hidden')}</p>;
  if (!loggedIn) return <ProgramShowcase programUid={programUid} />;
  if (program.isPending) return <LoadingState count={4} label={t('loading')} />;
  if (program.isError) {
    const message = program.error instanceof ApiError ? program.error.firstMessage() : undefined;
    return <ErrorState message={message} onRetry={() => program.refetch()} />;
  }
  return (
    <Suspense fallback={<LoadingState count={4} label={t('loading')} />}>
      <ProgramView program={program.data} companyUid={companyUid} />
    </Suspense>
  );
}
