import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActivityCard, ActivityList } from '../../../components/ui/activity-list.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCompany } from '../../../lib/app-context.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import { pageParam, useSearchState } from '../../../lib/search-params.ts';
import { type CompanyEvent, useEvent, useEvents } from '../api/events-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import '../../../components/ui/content.css';
import { Picture } from '../../../components/ui/picture.tsx';
import { dateFormat, formatCalendarDay } from '../../../lib/dates.ts';

addTranslations('events', { es, en });

/** "12:00:00" in the member's language, in the am/pm format of spec §9. */
function formatTime(time: string, language: string) {
  return dateFormat(language, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' })
    .format(new Date(`1970-01-01T${time}Z`))
    .toLowerCase();
}

function EventWhen({ event }: { event: CompanyEvent }) {
  const { t, i18n } = useTranslation('events');
  const date = formatCalendarDay(event.start_date, i18n.language, 'full');
  const start = event.start_time ? formatTime(event.start_time, i18n.language) : null;
  const end = event.end_time ? formatTime(event.end_time, i18n.language) : null;
  const sameDay = !event.end_date || event.end_date === event.start_date;
  return (
    <p className="muted">
      {start && end && sameDay
        ? t('whenRange', { date, start, end })
        : start
          ? t('whenTime', { date, start })
          : t('when', { date })}
      {!sameDay && event.end_date && (
        <>
          <br />
          {t('until', { date: formatCalendarDay(event.end_date, i18n.language, 'full') })}
        </>
      )}
    </p>
  );
}

/** /events and /c/{companyUid}/events: the company's events, soonest first, and one event with ?event=. */
export function Component() {
  const { t } = useTranslation('events');
  const { companyUid } = useParams();
  const company = useCompany(companyUid);
  const [params, update] = useSearchState();
  const page = pageParam(params.get('page'));
  const events = useEvents(company.uid, page);
  const open = params.get('event');

  if (open) return <EventDetail uid={open} onBack={() => update({ event: null })} />;
  return (
    <section className="activity-detail" aria-labelledby="events-title">
      <h1 id="events-title">{t('title')}</h1>
      <ActivityList
        query={events}
        loadingLabel={t('loading')}
        emptyMessage={t('empty')}
        paging={{
          page,
          onPageChange: (next) => update({ page: next === 1 ? null : next }),
          label: t('title'),
        }}
      >
        {(event) => (
          <ActivityCard
            image={event.image}
            title={event.title}
            action={t('open')}
            onOpen={() => update({ event: event.uid })}
          >
            <EventWhen event={event} />
            {event.location && <p>{t('where', { location: event.location })}</p>}
          </ActivityCard>
        )}
      </ActivityList>
    </section>
  );
}

function EventDetail({ uid, onBack }: { uid: string; onBack(): void }) {
  const { t } = useTranslation('events');
  const event = useEvent(uid);
  return (
    <section className="activity-detail">
      <button type="button" className="link-button back-link" onClick={onBack}>
        ← {t('back')}
      </button>
      {event.isPending ? (
        <LoadingState count={2} label={t('loading')} />
      ) : event.isError ? (
        <ErrorState
          message={event.error instanceof ApiError && event.error.status === 404 ? t('notFound') : undefined}
          onRetry={() => event.refetch()}
        />
      ) : (
        <article className="activity-body">
          {event.data.image && (
            <Picture src={event.data.image} alt="" width={640} height={320} className="activity-image" />
          )}
          <h1>{event.data.title}</h1>
          <EventWhen event={event.data} />
          {event.data.location && <p>{t('where', { location: event.data.location })}</p>}
          <p>{event.data.description}</p>
          {event.data.link && (
            <a href={event.data.link} target="_blank" rel="noopener noreferrer" className="button secondary">
              {t('more')}
            </a>
          )}
        </article>
      )}
    </section>
  );
}
