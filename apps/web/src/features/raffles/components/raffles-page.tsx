import { useTranslation } from 'react-i18next';
import { ActivityCard, ActivityList } from '../../../components/ui/activity-list.tsx';
import { ProgramPicker } from '../../../components/ui/program-picker.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { useSearchState } from '../../../lib/search-params.ts';
import { useChosenProgram } from '../../programs/api/use-chosen-program.ts';
import { type Raffle, useRaffles } from '../api/raffles-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { RaffleDetail } from './raffle-detail.tsx';

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
      <ProgramPicker programs={list} chosen={program.uid} onChoose={choose} label={t('program')} />
      <ActivityList query={raffles} loadingLabel={t('loading')} emptyMessage={t('empty')}>
        {(raffle) => <RaffleCard raffle={raffle} onOpen={() => update({ raffle: raffle.uid })} />}
      </ActivityList>
    </section>
  );
}

function RaffleCard({ raffle, onOpen }: { raffle: Raffle; onOpen(): void }) {
  const { t, i18n } = useTranslation('raffles');
  return (
    <ActivityCard image={raffle.image} title={raffle.title} action={t('open')} onOpen={onOpen}>
      <p>{t('prize', { prize: raffle.prize })}</p>
      {raffle.ends_at && (
        <p className="muted">{t('endsAt', { date: formatDate(raffle.ends_at, i18n.language, 'long') })}</p>
      )}
      {raffle.status === 'REGISTERED' ? (
        <p className="badge">{t('registered')}</p>
      ) : (
        !raffle.is_open && <p className="badge muted">{t('closed')}</p>
      )}
    </ActivityCard>
  );
}
