import { DOCUMENT_TYPES } from '@storefront/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.tsx';
import { type RetailPlace, useCustomers, useRedeem } from '../api/retail-api.ts';
import { CreateUserForm } from './create-user-form.tsx';
import { CustomerCard } from './customer-card.tsx';
import { canScan, QrScanner } from './qr-scanner.tsx';

const SEARCH_TYPES = [...DOCUMENT_TYPES, 'MOBILE_PHONE', 'QR', 'CODE'] as const;
type SearchType = (typeof SEARCH_TYPES)[number];

/** The first message of an API error, else the generic one. */
export function errorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.firstMessage()) || fallback;
}

/** Customer search by document, phone, QR or promotion code, the customer card, and create user. */
export function CustomerPanel({ place }: { place: RetailPlace }) {
  const { t } = useTranslation('retail');
  const [type, setType] = useState<SearchType>('NATIONAL_ID');
  const [value, setValue] = useState('');
  const [search, setSearch] = useState<{ type: string; value: string } | null>(null);
  const [scanning, setScanning] = useState(false);
  const [creating, setCreating] = useState(false);
  const customers = useCustomers(search);
  const redeemCode = useRedeem();

  const run = (searchType: SearchType, raw: string) => {
    const text = raw.trim();
    if (!text) return;
    if (searchType === 'CODE' || (searchType === 'QR' && /^PROMO:/i.test(text))) {
      // A promotion code (typed, or a promotion QR `PROMO:<code>`) is redeemed at once.
      setSearch(null);
      redeemCode.mutate(
        { body: { place: place.uid, code: text }, key: crypto.randomUUID() },
        {
          onSuccess: (redemption) => {
            toast.success(t('codeRedeemDone', { title: redemption.promotion.title }));
            setValue('');
          },
          onError: (error) => toast.error(errorText(error, t('error'))),
        },
      );
      return;
    }
    setSearch({ type: searchType, value: text });
  };

  const scanAvailable = (type === 'QR' || type === 'CODE') && canScan();

  return (
    <div className="retail-customers">
      <form
        className="retail-search"
        aria-labelledby="retail-search-title"
        onSubmit={(event) => {
          event.preventDefault();
          run(type, value);
        }}
      >
        <h2 id="retail-search-title">{t('search.title')}</h2>
        <div className="retail-search-row">
          <label>
            {t('search.type')}
            <select value={type} onChange={(event) => setType(event.target.value as SearchType)}>
              {SEARCH_TYPES.map((item) => (
                <option key={item} value={item}>
                  {t(`search.types.${item}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('search.value')}
            <input
              value={value}
              onChange={(event) => setValue(event.target.value)}
              inputMode={type === 'MOBILE_PHONE' || type === 'NATIONAL_ID' ? 'numeric' : 'text'}
              autoComplete="off"
              required
            />
          </label>
          <SubmitButton className="button" disabled={redeemCode.isPending}>
            {t('search.submit')}
          </SubmitButton>
          {scanAvailable && !scanning && (
            <button type="button" className="button secondary" onClick={() => setScanning(true)}>
              {t('search.scan')}
            </button>
          )}
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              place.has_program ? setCreating(true) : toast.error(t('createUser.needsProgram'))
            }
          >
            {t('createUser.open')}
          </button>
        </div>
        {(type === 'QR' || type === 'CODE') && !canScan() && (
          <p className="hint">{t('search.scanUnavailable')}</p>
        )}
      </form>
      {scanning && (
        <QrScanner
          onClose={() => setScanning(false)}
          onCode={(code) => {
            setScanning(false);
            setValue(code);
            run(type, code);
          }}
        />
      )}
      {creating && (
        <CreateUserForm
          place={place}
          onClose={() => setCreating(false)}
          onCreated={(customer) => {
            setCreating(false);
            if (customer.document_number) {
              setType(customer.document_type as SearchType);
              setValue(customer.document_number);
              setSearch({ type: customer.document_type, value: customer.document_number });
            }
          }}
        />
      )}
      {search === null ? (
        <EmptyState message={t('search.empty')} />
      ) : customers.isPending ? (
        <LoadingState label={t('loading')} count={2} />
      ) : customers.isError ? (
        <ErrorState message={errorText(customers.error, t('error'))} />
      ) : (
        customers.data.results.map((customer) => (
          <CustomerCard key={customer.uid} customer={customer} place={place} />
        ))
      )}
    </div>
  );
}
