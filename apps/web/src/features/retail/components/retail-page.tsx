import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { useSearchState } from '../../../lib/search-params.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { useRetailPlaces } from '../api/retail-api.ts';
import { unlockAudio } from '../lib/alert-sound.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { CustomerPanel } from './customer-panel.tsx';
import { OrderBoard } from './order-board.tsx';
import { RecordsPanel } from './records-panel.tsx';
import './retail.css';

addTranslations('retail', { es, en });

const TABS = ['customers', 'records', 'orders'] as const;
type Tab = (typeof TABS)[number];

/** /retail: the staff tools (spec §2 Retailer tools): store picker, then customers, records and orders. */
export function Component() {
  const { t } = useTranslation('retail');
  const places = useRetailPlaces();
  const [params, update] = useSearchState();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'customers';
  const stored = params.get('place') ?? storage.get(STORAGE_KEYS.retailPlaceUid) ?? '';
  const list = places.data ?? [];
  const place = list.find((p) => p.uid === stored) ?? (list.length === 1 ? list[0] : undefined);

  useEffect(() => {
    if (place) storage.set(STORAGE_KEYS.retailPlaceUid, place.uid);
  }, [place]);

  if (places.isPending) return <LoadingState label={t('loading')} />;
  if (places.isError)
    return places.error instanceof ApiError && places.error.status === 403 ? (
      <ErrorState message={t('forbidden')} />
    ) : (
      <ErrorState onRetry={() => places.refetch()} />
    );
  if (list.length === 0) return <EmptyState message={t('noPlaces')} />;

  return (
    <section className="retail-page" aria-labelledby="retail-title">
      <header className="retail-header">
        <h1 id="retail-title">{t('title')}</h1>
        <label className="retail-store">
          {t('store')}
          <select
            value={place?.uid ?? ''}
            onChange={(event) => {
              void unlockAudio();
              update({ place: event.target.value || null });
              storage.set(STORAGE_KEYS.retailPlaceUid, event.target.value);
            }}
          >
            <option value="">{t('chooseStore')}</option>
            {list.map((p) => (
              <option key={p.uid} value={p.uid}>
                {`${p.name} — ${p.address}`}
              </option>
            ))}
          </select>
        </label>
      </header>
      <div className="retail-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`retail-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`retail-panel-${name}`}
            className={tab === name ? 'active' : undefined}
            onClick={() => {
              void unlockAudio();
              update({ tab: name === 'customers' ? null : name });
            }}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`retail-panel-${tab}`} aria-labelledby={`retail-tab-${tab}`}>
        {!place ? (
          <EmptyState message={t('chooseStore')} />
        ) : tab === 'customers' ? (
          <CustomerPanel place={place} />
        ) : tab === 'records' ? (
          <RecordsPanel places={list} place={place} />
        ) : (
          <OrderBoard place={place} />
        )}
      </div>
    </section>
  );
}
