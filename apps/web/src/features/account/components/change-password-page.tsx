import { PASSWORD_MIN_LENGTH } from '@storefront/contracts/accounts';
import { validateValue } from '@storefront/contracts/validators';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/ui/form-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import { useChangePassword } from '../api/account-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import './account.css';

addTranslations('account', { es, en });

interface Values {
  current_password: string;
  password: string;
  password_confirmation: string;
}
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** /change-password: the member's other sessions end on the server; this one stays. */
export function Component() {
  const { t, i18n } = useTranslation('account');
  const language = i18n.language === 'en' ? 'en' : 'es';
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const required = (value: string) => validateValue(value, ['required'], language) ?? true;
  const strong = (value: string) =>
    validateValue(value, ['required'], language) ??
    (value.length >= PASSWORD_MIN_LENGTH || t('errors.password'));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await changePassword.mutateAsync(values);
      toast.success(answer.detail);
      form.reset();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, form.setError, t('errors.generic')));
    }
  });

  const passwordProps = { showLabel: t('fields.showPassword'), hideLabel: t('fields.hidePassword') };
  return (
    <section className="panel account-panel" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('changePassword.title')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...passwordProps}
          {...form.register('current_password', { validate: required })}
        />
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...passwordProps}
          {...form.register('password', { validate: strong })}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...passwordProps}
          {...form.register('password_confirmation', {
            validate: (value, all) => (value === all.password ? true : t('errors.mismatch')),
          })}
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <SubmitButton className="button" disabled={isSubmitting}>
          {t('changePassword.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
