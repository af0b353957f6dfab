import { ERRORS } from '@storefront/contracts/errors';
import { VALIDATION_MESSAGES } from '@storefront/contracts/validators';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Picture } from '../../../components/ui/picture.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.tsx';
import { type Raffle, useDismissRaffle, useRaffle, useRegisterInRaffle } from '../api/raffles-api.ts';

interface DetailProps {
  programUid: string;
  raffleUid: string;
  onBack(): void;
}

/** A raffle: prize, dates, rules, and registering (terms accepted, plus its own fields) or dismissing it. */
export function RaffleDetail({ programUid, raffleUid, onBack }: DetailProps) {
  const { t } = useTranslation('raffles');
  const raffle = useRaffle(programUid, raffleUid);
  return (
    <section className="activity-detail">
      <button type="button" className="link-button back-link" onClick={onBack}>
        ← {t('back')}
      </button>
      {raffle.isPending ? (
        <LoadingState count={2} label={t('loading')} />
      ) : raffle.isError ? (
        <ErrorState
          message={
            raffle.error instanceof ApiError && raffle.error.status === 404 ? t('notFound') : undefined
          }
          onRetry={() => raffle.refetch()}
        />
      ) : (
        <RaffleBody programUid={programUid} raffle={raffle.data} onDismissed={onBack} />
      )}
    </section>
  );
}

type RegisterValues = { accepted_terms: boolean } & Record<string, string | boolean>;

function RaffleBody({
  programUid,
  raffle,
  onDismissed,
}: {
  programUid: string;
  raffle: Raffle;
  onDismissed(): void;
}) {
  const { t, i18n } = useTranslation('raffles');
  const register = useRegisterInRaffle(programUid, raffle.uid);
  const dismiss = useDismissRaffle(programUid, raffle.uid);
  const language = i18n.language === 'en' ? 'en' : 'es';
  const required = VALIDATION_MESSAGES.required[language];
  const form = useForm<RegisterValues>({ defaultValues: { accepted_terms: false } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const body: RegisterValues = { accepted_terms: values.accepted_terms };
    for (const field of raffle.fields) {
      const value = String(values[field.name] ?? '').trim();
      if (value) body[field.name] = value;
    }
    register.mutate(body, {
      onSuccess: () => toast.success(t('registeredOk', { title: raffle.title })),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        // Server field errors under their fields; the rest (closed, already registered) once below.
        for (const [name, messages] of Object.entries(error.body)) {
          if (name !== 'non_field_errors' && Array.isArray(messages))
            form.setError(name, { message: String(messages[0]) });
        }
      },
    });
  });
  const generalError =
    register.error instanceof ApiError
      ? ((register.error.body.non_field_errors as string[] | undefined)?.[0] ??
        (typeof register.error.body.detail === 'string' ? register.error.body.detail : undefined))
      : register.isError
        ? t('common:errors.generic')
        : undefined;

  return (
    <article className="activity-body">
      {raffle.image && (
        <Picture src={raffle.image} alt="" width={640} height={320} className="activity-image" />
      )}
      <h1>{raffle.title}</h1>
      <p>{raffle.description}</p>
      <p className="strong">{t('prize', { prize: raffle.prize })}</p>
      <ul className="muted facts">
        {raffle.ends_at && (
          <li>{t('endsAt', { date: formatDate(raffle.ends_at, i18n.language, 'long') })}</li>
        )}
        {raffle.draw_date && (
          <li>{t('drawDate', { date: formatDate(raffle.draw_date, i18n.language, 'long') })}</li>
        )}
      </ul>
      <h2>{t('terms')}</h2>
      <p>{raffle.terms}</p>

      {raffle.status === 'REGISTERED' ? (
        <p className="form-success" role="status">
          {t('registered')}
        </p>
      ) : !raffle.is_open ? (
        <p className="badge muted">{t('closed')}</p>
      ) : (
        <form onSubmit={submit} noValidate className="activity-form">
          {raffle.fields.map((field) => (
            <div key={field.name} className="field">
              <label htmlFor={`raffle-${field.name}`}>{field.label}</label>
              <input
                id={`raffle-${field.name}`}
                aria-invalid={errors[field.name] ? true : undefined}
                {...form.register(field.name, { required: field.required ? required : false })}
              />
              {errors[field.name] && (
                <p className="form-error" role="alert">
                  {String(errors[field.name]?.message)}
                </p>
              )}
            </div>
          ))}
          <label className="checkbox-field">
            <input
              type="checkbox"
              aria-invalid={errors.accepted_terms ? true : undefined}
              {...form.register('accepted_terms', {
                validate: (value) => value === true || ERRORS.TERMS_NOT_ACCEPTED[language],
              })}
            />
            {t('acceptTerms')}
          </label>
          {errors.accepted_terms && (
            <p className="form-error" role="alert">
              {String(errors.accepted_terms.message)}
            </p>
          )}
          {generalError && (
            <p className="form-error" role="alert">
              {generalError}
            </p>
          )}
          <div className="actions">
            <SubmitButton className="button" disabled={register.isPending}>
              {register.isPending ? t('registering') : t('register')}
            </SubmitButton>
            <button
              type="button"
              className="button secondary"
              disabled={dismiss.isPending}
              onClick={() =>
                dismiss.mutate(undefined, {
                  onSuccess: () => {
                    toast.success(t('dismissed'));
                    onDismissed();
                  },
                  onError: (error) =>
                    toast.error(
                      (error instanceof ApiError && error.firstMessage()) || t('common:errors.generic'),
                    ),
                })
              }
            >
              {t('dismiss')}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
