import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { downloadRecords, type RetailPlace, useRedemptionRecords } from '../api/retail-api.ts';
import { errorText } from './customer-panel.tsx';

const PAGE_SIZE = 25;

/** Today on this device's clock, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Redemption records of one store and one day (both required, spec §5), with CSV and XLSX downloads. */
export function RecordsPanel({ places, place }: { places: RetailPlace[]; place: RetailPlace }) {
  const { t, i18n } = useTranslation('retail');
  const [draft, setDraft] = useState({ place: place.uid, date: today() });
  const [shown, setShown] = useState<{ place: string; date: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const [page, setPage] = useState(1);
  const records = useRedemptionRecords(shown?.place ?? '', shown?.date ?? '', page);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });

  const choose = () => {
    if (!draft.place || !draft.date) {
      setMissing(true);
      return false;
    }
    setMissing(false);
    return true;
  };
  const download = (format: 'csv' | 'xlsx') => {
    if (!choose()) return;
    downloadRecords(draft.place, draft.date, format).catch((error) =>
      toast.error(errorText(error, t('records.downloadError'))),
    );
  };

  return (
    <section className="retail-records" aria-labelledby="records-title">
      <h2 id="records-title">{t('records.title')}</h2>
      <form
        className="retail-search-row"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!choose()) return;
          setPage(1);
          setShown({ ...draft });
        }}
      >
        <label>
          {t('store')}
          <select value={draft.place} onChange={(event) => setDraft({ ...draft, place: event.target.value })}>
            <option value="">{t('chooseStore')}</option>
            {places.map((p) => (
              <option key={p.uid} value={p.uid}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('records.date')}
          <input
            type="date"
            value={draft.date}
            onChange={(event) => setDraft({ ...draft, date: event.target.value })}
          />
        </label>
        <SubmitButton className="button">{t('records.show')}</SubmitButton>
        <button type="button" className="button secondary" onClick={() => download('csv')}>
          {t('records.downloadCsv')}
        </button>
        <button type="button" className="button secondary" onClick={() => download('xlsx')}>
          {t('records.downloadXlsx')}
        </button>
      </form>
      {missing && (
        <p className="form-error" role="alert">
          {t('records.required')}
        </p>
      )}
      {!shown ? null : records.isPending ? (
        <LoadingState label={t('loading')} />
      ) : records.isError ? (
        <ErrorState message={errorText(records.error, t('error'))} onRetry={() => records.refetch()} />
      ) : records.data.count === 0 ? (
        <EmptyState message={t('records.empty')} />
      ) : (
        <>
          <p>{t('records.count', { count: records.data.count })}</p>
          <div className="table-scroll">
            <table className="retail-table">
              <thead>
                <tr>
                  {(['time', 'promotion', 'customer', 'document', 'code', 'staff'] as const).map((column) => (
                    <th key={column} scope="col">
                      {t(`records.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {records.data.results.map((record) => (
                  <tr key={record.uid}>
                    <td>{time.format(new Date(record.redeemed_at))}</td>
                    <td>{record.promotion.title}</td>
                    <td>{record.member.full_name}</td>
                    <td>{record.member.document_number ?? '—'}</td>
                    <td>{record.code}</td>
                    <td>{record.staff ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageCount={Math.ceil(records.data.count / PAGE_SIZE)}
            onPageChange={setPage}
            label={t('records.title')}
          />
        </>
      )}
    </section>
  );
}
