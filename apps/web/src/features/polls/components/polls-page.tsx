import { useTranslation } from 'react-i18next';
import { ActivityCard, ActivityList } from '../../../components/ui/activity-list.tsx';
import { ProgramPicker } from '../../../components/ui/program-picker.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { pageParam, useSearchState } from '../../../lib/search-params.ts';
import { useChosenProgram } from '../../programs/api/use-chosen-program.ts';
import { usePolls } from '../api/polls-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { PollDetail } from './poll-detail.tsx';

addTranslations('polls', { es, en });

/** /polls: the polls to answer or already answered (is_resolved), 25 a page, and one poll with ?poll=. */
export function Component() {
  const { t, i18n } = useTranslation('polls');
  const { programs, list, program, choose } = useChosenProgram();
  const [params, update] = useSearchState();
  const resolved = params.get('resolved') === 'true';
  const page = pageParam(params.get('page'));
  const polls = usePolls(program?.uid ?? null, resolved, page);
  const open = params.get('poll');

  if (programs.isPending) return <LoadingState label={t('loading')} />;
  if (programs.isError) return <ErrorState onRetry={() => programs.refetch()} />;
  if (!program) return <EmptyState message={t('noPrograms')} />;
  if (open)
    return <PollDetail programUid={program.uid} pollUid={open} onBack={() => update({ poll: null })} />;

  return (
    <section className="polls-page activity-detail" aria-labelledby="polls-title">
      <h1 id="polls-title">{t('title')}</h1>
      <ProgramPicker programs={list} chosen={program.uid} onChoose={choose} label={t('program')} />
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('filter')}</legend>
        {[false, true].map((value) => (
          <label key={String(value)} className={resolved === value ? 'segment active' : 'segment'}>
            <input
              type="radio"
              name="resolved"
              checked={resolved === value}
              onChange={() => update({ resolved: value ? 'true' : null, page: null })}
            />
            {value ? t('resolved') : t('pending')}
          </label>
        ))}
      </fieldset>
      <ActivityList
        query={polls}
        loadingLabel={t('loading')}
        emptyMessage={resolved ? t('emptyResolved') : t('empty')}
        paging={{
          page,
          onPageChange: (next) => update({ page: next === 1 ? null : next }),
          label: t('title'),
        }}
      >
        {(poll) => (
          <ActivityCard
            image={poll.image}
            title={poll.title}
            action={poll.is_resolved ? t('see') : t('open')}
            onOpen={() => update({ poll: poll.uid })}
          >
            <p>{poll.description}</p>
            {poll.valid_until && (
              <p className="muted">
                {t('validUntil', { date: formatDate(poll.valid_until, i18n.language, 'long') })}
              </p>
            )}
            {poll.is_resolved && <p className="badge">{t('answered')}</p>}
          </ActivityCard>
        )}
      </ActivityList>
    </section>
  );
}
