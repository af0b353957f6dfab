import { zodResolver } from '@hookform/resolvers/zod';
import type { Language } from '@storefront/contracts/constants';
import { withRules } from '@storefront/contracts/validators';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useRedeemGiftCard } from '../api/programs-api.ts';

const giftCardFormSchema = (language: Language) =>
  z.object({
    code: z
      .string()
      .trim()
      .max(64)
      .superRefine(withRules(['required'], language)),
  });
type GiftCardValues = z.infer<ReturnType<typeof giftCardFormSchema>>;

/** Loads a gift card's code onto the member's balance (POST v5/me/gift-cards/redeem/). */
export function GiftCardForm() {
  const { t, i18n } = useTranslation('programs');
  const redeem = useRedeemGiftCard();
  const currency = useAppRecord().currency.symbol;
  const schema = useMemo(() => giftCardFormSchema(i18n.language === 'en' ? 'en' : 'es'), [i18n.language]);
  const form = useForm<GiftCardValues>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) =>
    redeem.mutate(code, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        const messages = error instanceof ApiError ? error.body.code : undefined;
        if (Array.isArray(messages)) form.setError('code', { message: String(messages[0]) });
      },
    }),
  );
  const codeError = form.formState.errors.code;
  // Field errors show under the field; anything else (unknown code, already used) once below.
  const otherError =
    redeem.isError && !(redeem.error instanceof ApiError && 'code' in redeem.error.body)
      ? (redeem.error instanceof ApiError && redeem.error.firstMessage()) || t('common:errors.generic')
      : null;
  return (
    <section className="panel gift-card" aria-labelledby="gift-card-title">
      <h2 id="gift-card-title">{t('giftCard.title')}</h2>
      <form onSubmit={submit} noValidate className="gift-card-form">
        <label htmlFor="gift-card-code">{t('giftCard.label')}</label>
        <div className="gift-card-row">
          <input
            id="gift-card-code"
            autoComplete="off"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'gift-card-code-error' : undefined}
            {...form.register('code')}
          />
          <SubmitButton className="button" disabled={redeem.isPending}>
            {redeem.isPending ? t('giftCard.loading') : t('giftCard.submit')}
          </SubmitButton>
        </div>
        {codeError && (
          <p id="gift-card-code-error" className="form-error" role="alert">
            {codeError.message}
          </p>
        )}
        {otherError && (
          <p className="form-error" role="alert">
            {otherError}
          </p>
        )}
        {redeem.isSuccess && (
          <p className="form-success" role="status">
            {t('giftCard.success', {
              amount: formatMoney(currency, redeem.data.amount),
              balance: formatMoney(currency, redeem.data.balance),
            })}
          </p>
        )}
      </form>
    </section>
  );
}
