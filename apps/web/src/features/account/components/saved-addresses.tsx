import type { SavedAddress } from '@storefront/contracts/addresses';
import { MAX_SAVED_ADDRESSES } from '@storefront/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { toast } from '../../../lib/toast.tsx';
import { useDeleteAddress, useSavedAddresses } from '../api/addresses-api.ts';
import { AddressForm } from './address-form.tsx';

/** The profile's saved delivery addresses: listed, added, edited in place and deleted after a confirm. */
export function SavedAddresses() {
  const { t } = useTranslation('account');
  const addresses = useSavedAddresses();
  const remove = useDeleteAddress();
  // The address being edited ('new' for the add form), and the one waiting for the delete confirm.
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const list = addresses.data?.results ?? [];

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.uid);
      toast.success(t('addresses.deleted'));
    } catch {
      toast.error(t('errors.generic'));
    }
    setDeleting(null);
  };

  return (
    <section className="account-addresses" aria-labelledby="addresses-title">
      <h2 id="addresses-title">{t('addresses.title')}</h2>
      {addresses.isPending ? (
        <LoadingState count={2} />
      ) : addresses.isError ? (
        <ErrorState onRetry={() => void addresses.refetch()} />
      ) : (
        <>
          {list.length === 0 && editing !== 'new' && <EmptyState message={t('addresses.empty')} />}
          <ul className="address-list">
            {list.map((address) =>
              editing === address.uid ? (
                <li key={address.uid}>
                  <AddressForm address={address} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={address.uid} className="address-item">
                  <div>
                    <strong>{address.label}</strong>
                    <p>{[address.address, address.district].join(', ')}</p>
                    {address.reference && <p className="account-hint">{address.reference}</p>}
                  </div>
                  <div className="address-item-actions">
                    <button
                      type="button"
                      className="link-button"
                      aria-label={t('addresses.editOne', { label: address.label })}
                      onClick={() => setEditing(address.uid)}
                    >
                      {t('addresses.edit')}
                    </button>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={t('addresses.deleteOne', { label: address.label })}
                      onClick={() => setDeleting(address)}
                    >
                      {t('addresses.delete')}
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <AddressForm onDone={() => setEditing(null)} />
          ) : list.length < MAX_SAVED_ADDRESSES ? (
            <button type="button" className="button secondary" onClick={() => setEditing('new')}>
              {t('addresses.add')}
            </button>
          ) : (
            <p className="account-hint">{t('addresses.full', { count: MAX_SAVED_ADDRESSES })}</p>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('addresses.confirmTitle', { label: deleting.label })}
          message={t('addresses.confirmText')}
          confirmLabel={t('addresses.confirmYes')}
          dismissLabel={t('addresses.confirmNo')}
          busy={remove.isPending}
          onConfirm={onDelete}
          onDismiss={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
