import { retailPaymentBodySchema } from '@storefront/contracts/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.tsx';
import { type Order, usePendingTransfers, useSettleTransfer } from '../api/retail-api.ts';
import { errorText } from './customer-panel.tsx';

/**
 * "Pagos por confirmar": the place's transfers waiting for staff. Each is confirmed with the operation
 * number the shop's Yape, Plin or bank shows (the member's own number offered), or rejected after a
 * question; a confirmed one goes to the board as RECEIVED. Nothing shows while none waits.
 */
export function PendingTransfers({ place }: { place: string }) {
  const { t } = useTranslation('retail');
  const transfers = usePendingTransfers(place);
  const settle = useSettleTransfer(place);
  const [rejecting, setRejecting] = useState<Order | null>(null);

  if (transfers.isPending) return <LoadingState count={1} label={t('transfers.loading')} />;
  if (transfers.isError)
    return (
      <ErrorState message={errorText(transfers.error, t('error'))} onRetry={() => transfers.refetch()} />
    );
  if (transfers.data.length === 0) return null;

  const reject = (order: Order) => {
    setRejecting(null);
    settle.mutate(
      { uid: order.uid, body: { reject: true } },
      {
        onSuccess: () => toast.success(t('transfers.rejected', { number: order.number })),
        onError: (error) => toast.error(errorText(error, t('error'))),
      },
    );
  };

  return (
    <section className="pending-transfers" aria-labelledby="pending-transfers-title">
      <h3 id="pending-transfers-title">{`${t('transfers.title')} (${transfers.data.length})`}</h3>
      <ul>
        {transfers.data.map((order) => (
          <li key={order.uid}>
            <TransferRow
              order={order}
              busy={settle.isPending}
              onConfirm={(operation) =>
                settle.mutateAsync({ uid: order.uid, body: { operation_number: operation } })
              }
              onReject={() => setRejecting(order)}
            />
          </li>
        ))}
      </ul>
      {rejecting && (
        <ConfirmDialog
          title={t('transfers.rejectTitle', { number: rejecting.number })}
          message={t('transfers.rejectText')}
          confirmLabel={t('transfers.rejectYes')}
          dismissLabel={t('transfers.rejectNo')}
          onConfirm={() => reject(rejecting)}
          onDismiss={() => setRejecting(null)}
        />
      )}
    </section>
  );
}

function TransferRow({
  order,
  busy,
  onConfirm,
  onReject,
}: {
  order: Order;
  busy: boolean;
  onConfirm(operation: string): Promise<Order>;
  onReject(): void;
}) {
  const { t, i18n } = useTranslation('retail');
  const app = useAppRecord();
  const [operation, setOperation] = useState(order.payment?.reference ?? '');
  const [error, setError] = useState<string | undefined>();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!retailPaymentBodySchema.safeParse({ operation_number: operation }).success) {
      setError(t('transfers.invalid'));
      return;
    }
    try {
      const confirmed = await onConfirm(operation.trim());
      toast.success(t('transfers.confirmed', { number: confirmed.number }));
    } catch (failure) {
      setError(errorText(failure, t('error')));
    }
  };

  return (
    <article className="pending-transfer" aria-label={t('orders.number', { number: order.number })}>
      <p className="pending-transfer-head">
        <strong>{t('orders.number', { number: order.number })}</strong>
        <span>{order.user_data.full_name}</span>
        <strong>{formatMoney(app.currency.symbol, order.amount_due)}</strong>
        <span className="hint">
          {t('orders.placedAt', { time: time.format(new Date(order.created_at)) })}
        </span>
      </p>
      <p className="hint">
        {order.payment?.reference
          ? t('transfers.memberSent', { operation: order.payment.reference })
          : t('transfers.memberPending')}
      </p>
      <form className="pending-transfer-form" noValidate onSubmit={confirm}>
        <TextField
          label={t('transfers.operation')}
          autoComplete="off"
          value={operation}
          error={error}
          onChange={(event) => setOperation(event.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t('transfers.confirm')}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={onReject}>
            {t('transfers.reject')}
          </button>
        </div>
      </form>
    </article>
  );
}
