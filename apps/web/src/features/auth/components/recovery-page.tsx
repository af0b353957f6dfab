import { zodResolver } from '@hookform/resolvers/zod';
import { withRules } from '@storefront/contracts/validators';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import { useRequestReset } from '../api/auth-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { CaptchaField } from './captcha-widget.tsx';
import './auth.css';

addTranslations('auth', { es, en });

/** /recovery-password/: e-mails a reset link (spec §2, §5 Recovery: e-mail required and valid). */
export function Component() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language === 'en' ? 'en' : 'es';
  const app = useAppRecord();
  const siteKey = app.recaptcha_settings?.site_key;
  const requestReset = useRequestReset();
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const schema = useMemo(
    () => z.object({ email: z.string().superRefine(withRules(['required', 'email'], language)) }),
    [language],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    if (siteKey && !captchaToken) {
      setFormError(t('login.errors.captcha'));
      return;
    }
    try {
      await requestReset.mutateAsync({
        email: email.trim().toLowerCase(),
        ...(captchaToken ? { captcha_token: captchaToken } : {}),
      });
      toast.success(t('recovery.sent'));
      form.reset();
    } catch (error) {
      setFormError(applyServerErrors(error, ['email'], form.setError, t('register.errors.failed')));
    } finally {
      if (siteKey) {
        setCaptchaToken(null);
        setCaptchaRound((round) => round + 1);
      }
    }
  });

  return (
    <section className="panel auth-panel" aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('recovery.title')}</h1>
      <p>{t('recovery.text')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        {siteKey && (
          <CaptchaField
            siteKey={siteKey}
            language={language}
            round={captchaRound}
            showError={false}
            onToken={setCaptchaToken}
          />
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="auth-actions">
          <Link to="/login" className="button secondary">
            {t('recovery.cancel')}
          </Link>
          <SubmitButton className="button" disabled={form.formState.isSubmitting}>
            {t('recovery.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
