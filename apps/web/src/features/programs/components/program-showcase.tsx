import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { usePublicProgram } from '../api/programs-api.ts';
import { ProgramHeader } from './program-header.tsx';
import { PromotionsSection } from './promotions-section.tsx';

/**
 * The program as a visitor sees it: what it is, how it works, its levels and its promotions. Signing in
 * is asked only to join or to redeem.
 */
export function ProgramShowcase({ programUid }: { programUid: string }) {
  const { t } = useTranslation('programs');
  const app = useAppRecord();
  const program = usePublicProgram(programUid);
  if (program.isPending) return <LoadingState count={4} label={t('loading')} />;
  if (program.isError) {
    if (program.error instanceof ApiError && program.error.status === 404) return <NotFoundPage />;
    const message = program.error instanceof ApiError ? program.error.firstMessage() : undefined;
    return <ErrorState message={message} onRetry={() => program.refetch()} />;
  }
  const { data } = program;
  const currency = app.currency.symbol;
  return (
    <div className="program-page">
      <ProgramHeader program={data} />
      <section className="panel program-join" aria-labelledby="join-title">
        <h2 id="join-title">{t('join.title', { name: data.name })}</h2>
        <p>{t('visitor.signIn')}</p>
        <div className="actions">
          <Link to="/login" className="button">
            {t('login')}
          </Link>
          {app.allow_signup && (
            <Link to="/register" className="button secondary">
              {t('visitor.register')}
            </Link>
          )}
        </div>
      </section>
      <section className="program-how" aria-labelledby="how-title">
        <h2 id="how-title">{t('visitor.how')}</h2>
        <ul className="facts">
          {data.coins_per_sol > 0 && <li>{t('visitor.coins', { count: data.coins_per_sol, currency })}</li>}
          {data.points_per_sol > 0 && (
            <li>{t('visitor.points', { count: data.points_per_sol, currency })}</li>
          )}
          {data.stamps_required > 0 && (
            <li>{t('visitor.stamps', { count: data.stamps_required, reward: data.stamp_reward })}</li>
          )}
        </ul>
      </section>
      {data.levels.length > 0 && (
        <section aria-labelledby="levels-title">
          <h2 id="levels-title">{t('level.levels')}</h2>
          <ol className="program-level-list">
            {data.levels.map((level) => (
              <li key={level.uid}>
                <strong>{level.name}</strong>{' '}
                <span>{t('level.minPoints', { points: level.min_points })}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <PromotionsSection programUid={data.uid} coins={0} visitor />
    </div>
  );
}
