import type { Order } from '@storefront/contracts/orders';
import { memberPaymentBodySchema, type OrderPayment } from '@storefront/contracts/payments';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.tsx';
import { useSubmitPayment } from '../api/orders-api.ts';

/** The payment's state as a member reads it (approved, refund pending, refunded…), on the list and the order. */
export function PaymentBadge({ payment }: { payment: OrderPayment | null }) {
  const { t } = useTranslation('orders');
  if (!payment || payment.status === 'PENDING') return null;
  return (
    <span className={`payment-status payment-status-${payment.status.toLowerCase()}`}>
      {t(`paymentStatus.${payment.status}`)}
    </span>
  );
}

/** The online payment of an order: method, card, state, refund; and what is still to do while it waits. */
export function OrderPaymentSection({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const app = useAppRecord();
  const payment = order.payment;
  if (!payment) return null;
  const waiting = order.status === 'PENDING_PAYMENT';
  return (
    <section className="order-payment" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title">{t('onlinePayment.title')}</h2>
      {waiting && (
        <p className="order-payment-waiting" role="status">
          {t('onlinePayment.waiting')}
        </p>
      )}
      <dl className="order-facts">
        <div>
          <dt>{t('onlinePayment.method')}</dt>
          <dd>
            {t(`payment.${payment.method}`)}
            {payment.method === 'ONLINE_CARD' && payment.card_brand && payment.last4
              ? ` · ${payment.card_brand} •••• ${payment.last4}`
              : ''}
          </dd>
        </div>
        <div>
          <dt>{t('onlinePayment.status')}</dt>
          <dd data-testid="payment-status">{t(`paymentStatus.${payment.status}`)}</dd>
        </div>
        {payment.reference && (
          <div>
            <dt>
              {t(payment.method === 'TRANSFER' ? 'onlinePayment.operation' : 'onlinePayment.reference')}
            </dt>
            <dd>{payment.reference}</dd>
          </div>
        )}
        {Number(payment.refunded_amount) > 0 && (
          <div>
            <dt>{t('onlinePayment.refunded')}</dt>
            <dd>{formatMoney(app.currency.symbol, payment.refunded_amount)}</dd>
          </div>
        )}
      </dl>
      {waiting && payment.action?.type === 'CHALLENGE' && payment.action.url && (
        <ChallengeFrame url={payment.action.url} creq={payment.action.creq} />
      )}
      {waiting && payment.method === 'TRANSFER' && order.transfer && (
        <TransferStep order={order} reference={payment.reference} />
      )}
    </section>
  );
}

/**
 * Three-D Secure: the issuer's challenge in a frame (its `creq` posted to its `url`); the provider's
 * event then settles the payment, and the order page, which keeps reading the order, shows the result.
 */
function ChallengeFrame({ url, creq }: { url: string; creq: string | null }) {
  const { t } = useTranslation('orders');
  const form = useRef<HTMLFormElement>(null);
  const name = `challenge-${useId().replace(/:/g, '')}`;
  useEffect(() => {
    form.current?.submit();
  }, []);
  return (
    <div className="order-challenge">
      <p>{t('onlinePayment.challenge')}</p>
      <form ref={form} method="post" action={url} target={name}>
        {creq && <input type="hidden" name="creq" value={creq} />}
      </form>
      <iframe name={name} title={t('onlinePayment.challengeFrame')} className="order-challenge-frame" />
    </div>
  );
}

/** A TRANSFER waiting for the shop: where to send the money, and the operation number the member saw. */
function TransferStep({ order, reference }: { order: Order; reference: string | null }) {
  const { t, i18n } = useTranslation('orders');
  const app = useAppRecord();
  const submit = useSubmitPayment(order.uid);
  const [operation, setOperation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const transfer = order.transfer;
  if (!transfer) return null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const parsed = memberPaymentBodySchema.safeParse({ operation_number: operation });
    if (!parsed.success || !operation.trim()) {
      setError(t('transfer.invalid'));
      return;
    }
    try {
      await submit.mutateAsync(parsed.data);
      toast.success(t('transfer.sent'));
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.firstMessage() ?? t('errors.generic', { ns: 'common' }))
          : t('errors.generic', { ns: 'common' }),
      );
    }
  };

  return (
    <div className="order-transfer">
      <p>
        {t('transfer.intro', {
          amount: formatMoney(app.currency.symbol, order.amount_due),
          lng: i18n.language,
        })}
      </p>
      <dl className="order-facts">
        <div>
          <dt>{t('transfer.channel')}</dt>
          <dd>{transfer.channel}</dd>
        </div>
        <div>
          <dt>{t('transfer.number')}</dt>
          <dd data-testid="transfer-number">{transfer.number}</dd>
        </div>
        <div>
          <dt>{t('transfer.holder')}</dt>
          <dd>{transfer.holder}</dd>
        </div>
      </dl>
      {transfer.qr_url && (
        <img
          className="order-transfer-qr"
          src={transfer.qr_url}
          alt={t('transfer.qr', { channel: transfer.channel })}
          width={200}
          height={200}
        />
      )}
      {reference ? (
        <p role="status">{t('transfer.review', { operation: reference })}</p>
      ) : (
        <form className="order-transfer-form" noValidate onSubmit={send}>
          <TextField
            label={t('transfer.operation')}
            hint={t('transfer.operationHint')}
            autoComplete="off"
            value={operation}
            error={error}
            onChange={(event) => setOperation(event.target.value)}
          />
          <button type="submit" className="button" disabled={submit.isPending}>
            {t('transfer.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
