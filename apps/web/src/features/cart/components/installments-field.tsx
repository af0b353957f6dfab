import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/form-fields.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { installmentOptions, type MercadoPagoInstance } from '../payments/providers.ts';

/**
 * "Cuotas" of a Mercado Pago card: once the card number's bin is known, the instalments its issuer
 * offers for the amount, each in Mercado Pago's own words (`recommended_message`). Nothing while the
 * bin is not known or when one payment is all there is; while they load, and if they cannot be had,
 * it says so and the card is charged in one.
 */
export function InstallmentsField({
  mp,
  bin,
  cents,
  value,
  onChange,
}: {
  mp: MercadoPagoInstance;
  bin: string | null;
  cents: number;
  value: number;
  onChange: (installments: number) => void;
}) {
  const { t } = useTranslation('checkout');
  const offer = useQuery({
    queryKey: ['mercadopago-installments', bin, cents],
    queryFn: () => installmentOptions(mp, { bin: bin ?? '', cents }),
    enabled: bin !== null && cents > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (bin === null || cents <= 0) return null;
  if (offer.isPending) return <LoadingState count={1} label={t('online.installmentsLoading')} />;
  if (offer.isError)
    return <ErrorState message={t('online.installmentsError')} onRetry={() => offer.refetch()} />;
  if (offer.data.length <= 1) return null;
  return (
    <SelectField
      label={t('online.installments')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {offer.data.map((cost) => (
        <option key={cost.installments} value={cost.installments}>
          {cost.recommended_message}
        </option>
      ))}
    </SelectField>
  );
}
