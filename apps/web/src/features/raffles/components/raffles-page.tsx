import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import { useSearchState } from '../../../lib/search-params.ts';
import { useChosenProgram } from '../../programs/api/use-chosen-program.ts';
import { type Raffle, useRaffles } from '../api/raffles-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { formatDate, RaffleDetail } from './raffle-detail.tsx';
import '../../../components/ui/content.css';

addTranslations('raffles', { es, en });

/** /raffles: the raffles of the company's program, and one raffle's detail with ?raffle=. */
export function Component() {
  const { t } = useTranslation('raffles');
  const { programs, list, program, choose } = useChosenProgram();
  const [params, update] = useSearchState();
  const raffles = useRaffles(program?.uid ?? null);
  const open = params.get('raffle');

  if (programs.isPending) return <LoadingState label={t('loading')} />;
  if (programs.isError) return <ErrorState onRetry={() => programs.refetch()} />;
  if (!program) return <EmptyState message={t('noPrograms')} />;
  if (open)
    return <RaffleDetail programUid={program.uid} raffleUid={open} onBack={() => update({ raffle: null })} />;

  return (
    <section className="raffles-page" aria-labelledby="raffles-title">
      <h1 id="raffles-title">{t('title')}</h1>
      {list.length > 1 && (
        <label className="select-field">
          {t('program')}
          <select value={program.uid} onChange={(event) => choose(event.target.value)}>
            {list.map((item) => (
              <option key={item.uid} value={item.uid}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {raffles.isPending ? (
        <LoadingState label={t('loading')} />
      ) : raffles.isError ? (
        <ErrorState onRetry={() => raffles.refetch()} />
      ) : raffles.data.results.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <ul className="card-list">
          {raffles.data.results.map((raffle) => (
            <li key={raffle.uid}>
              <RaffleCard raffle={raffle} onOpen={() => update({ raffle: raffle.uid })} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RaffleCard({ raffle, onOpen }: { raffle: Raffle; onOpen(): void }) {
  const { t, i18n } = useTranslation('raffles');
  return (
    <article className="activity-card">
      {raffle.image && <img src={raffle.image} alt="" width={320} height={160} loading="lazy" />}
      <h2>{raffle.title}</h2>
      <p>{t('prize', { prize: raffle.prize })}</p>
      {raffle.ends_at && (
        <p className="muted">{t('endsAt', { date: formatDate(raffle.ends_at, i18n.language) })}</p>
      )}
      {raffle.status === 'REGISTERED' ? (
        <p className="badge">{t('registered')}</p>
      ) : (
        !raffle.is_open && <p className="badge muted">{t('closed')}</p>
      )}
      <button
        type="button"
        className="button secondary"
        onClick={onOpen}
        aria-label={`${t('open')}: ${raffle.title}`}
      >
        {t('open')}
      </button>
    </article>
  );
}
