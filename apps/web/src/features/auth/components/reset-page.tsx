import { PASSWORD_MIN_LENGTH } from '@storefront/contracts/accounts';
import { validateValue } from '@storefront/contracts/validators';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/ui/form-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import { useResetPassword } from '../api/auth-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import './auth.css';

addTranslations('auth', { es, en });

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/**
 * /reset-password/:uidUser/:token: both fields required and passing the password rule; a mismatch is an
 * error toast; success toasts, clears the fields and goes home (spec §4, §5).
 */
export function Component() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language === 'en' ? 'en' : 'es';
  const { uidUser = '', token = '' } = useParams();
  // The welcome mail of a member created at the counter sets a first password, not a new one.
  const welcome = useSearchParams()[0].has('welcome');
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetValues>({ defaultValues: { password: '', password_confirmation: '' } });
  const { errors } = form.formState;
  const passwordRule = (value: string) =>
    validateValue(value, ['required'], language) ??
    (value.length >= PASSWORD_MIN_LENGTH ? true : t('register.errors.password'));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (values.password !== values.password_confirmation) {
      toast.error(t('reset.mismatch'));
      return;
    }
    try {
      await resetPassword.mutateAsync({ uidUser, token, ...values });
      toast.success(t('reset.success'));
      form.reset();
      await navigate('/', { replace: true });
    } catch (error) {
      const message = error instanceof ApiError && error.status === 400 ? error.firstMessage() : undefined;
      toast.error(t('reset.error'));
      setFormError(message ?? t('reset.error'));
    }
  });

  return (
    <section className="panel auth-panel" aria-labelledby="reset-title">
      <h1 id="reset-title">{t(welcome ? 'reset.welcomeTitle' : 'reset.title')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('reset.password')}
          autoComplete="new-password"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          error={errors.password?.message}
          {...form.register('password', { validate: passwordRule })}
        />
        <PasswordField
          label={t('reset.confirmation')}
          autoComplete="new-password"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation', { validate: passwordRule })}
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <SubmitButton className="button auth-submit" disabled={form.formState.isSubmitting}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
