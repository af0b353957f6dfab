import { PAGE_SIZE } from '@storefront/contracts/constants';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../../components/ui/page-items.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import { pageParam, useSearchState } from '../../../lib/search-params.ts';
import { useChosenProgram } from '../../programs/api/use-chosen-program.ts';
import { usePolls } from '../api/polls-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { formatDate, PollDetail } from './poll-detail.tsx';
import '../../../components/ui/content.css';

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
      {polls.isPending ? (
        <LoadingState label={t('loading')} />
      ) : polls.isError ? (
        <ErrorState onRetry={() => polls.refetch()} />
      ) : polls.data.results.length === 0 ? (
        <EmptyState message={resolved ? t('emptyResolved') : t('empty')} />
      ) : (
        <>
          <ul className="card-list" aria-busy={polls.isPlaceholderData}>
            {polls.data.results.map((poll) => (
              <li key={poll.uid}>
                <article className="activity-card">
                  {poll.image && <img src={poll.image} alt="" width={320} height={160} loading="lazy" />}
                  <h2>{poll.title}</h2>
                  <p>{poll.description}</p>
                  {poll.valid_until && (
                    <p className="muted">
                      {t('validUntil', { date: formatDate(poll.valid_until, i18n.language) })}
                    </p>
                  )}
                  {poll.is_resolved && <p className="badge">{t('answered')}</p>}
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => update({ poll: poll.uid })}
                    aria-label={`${poll.is_resolved ? t('see') : t('open')}: ${poll.title}`}
                  >
                    {poll.is_resolved ? t('see') : t('open')}
                  </button>
                </article>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount(polls.data.count, PAGE_SIZE)}
            onPageChange={(next) => update({ page: next === 1 ? null : next })}
            label={t('title')}
          />
        </>
      )}
    </section>
  );
}
