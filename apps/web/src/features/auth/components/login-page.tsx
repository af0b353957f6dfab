import { DOCUMENT_TYPES, type Language } from '@storefront/contracts/constants';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField, SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { useLogin, useSocialLogin, validateDocument } from '../api/auth-api.ts';
import {
  type LoginFormValues,
  type LoginMode,
  type LoginValues,
  loginFieldErrors,
  loginModes,
  loginPayload,
  onlyDocumentStep,
  type SocialButton,
  socialButtons,
} from '../lib/login-flow.ts';
import { providerToken } from '../lib/social-sdk.ts';
import { useFinishLogin } from '../lib/use-finish-login.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { CaptchaField } from './captcha-widget.tsx';
import './auth.css';

addTranslations('auth', { es, en });

const FIELDS = ['email', 'mobile_number', 'document_type', 'document_number', 'password'] as const;

export function Component() {
  const { t, i18n } = useTranslation('auth');
  const app = useAppRecord();
  const navigate = useNavigate();
  const finishLogin = useFinishLogin();
  const login = useLogin();
  const socialLogin = useSocialLogin();
  const modes = loginModes(app.signin_methods);
  const socials = socialButtons(app.signin_methods);
  const [mode, setMode] = useState<LoginMode>(modes[0] ?? 'EMAIL');
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaError, setCaptchaError] = useState(false);
  const [busy, setBusy] = useState(false);
  const siteKey = app.recaptcha_settings?.site_key;

  const resolver = useMemo<Resolver<LoginFormValues>>(
    () => (values) => {
      const failed = Object.entries(loginFieldErrors(mode, values));
      if (failed.length === 0) return { values, errors: {} };
      return {
        values: {},
        errors: Object.fromEntries(
          failed.map(([field, key]) => [field, { type: 'validate', message: t(key) }]),
        ),
      };
    },
    [mode, t],
  );
  const form = useForm<LoginFormValues>({
    resolver,
    defaultValues: {
      email: '',
      mobile_number: '',
      document_type: 'NATIONAL_ID',
      document_number: '',
      password: '',
    },
  });
  const { errors } = form.formState;

  const newCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  const fail = (error: unknown) => {
    setFormError(applyServerErrors(error, FIELDS, form.setError, t('login.errors.failed')));
    if (siteKey) newCaptcha();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (siteKey && !captchaToken) {
      setCaptchaError(true);
      return;
    }
    const payload = loginPayload(mode, values as LoginValues, captchaToken ?? undefined);
    setBusy(true);
    try {
      if (mode === 'ONLY_DOCUMENT') {
        const document = {
          document_type: values.document_type || 'NATIONAL_ID',
          document_number: payload.document_number ?? '',
        };
        const answer = await validateDocument({ ...document, captcha_token: payload.captcha_token }).catch(
          (error: unknown) => ({ error }),
        );
        const step = 'error' in answer ? onlyDocumentStep(null, answer.error) : onlyDocumentStep(answer);
        if (step.kind === 'register') {
          await navigate('/register', { state: { document } });
          return;
        }
        if (step.kind === 'error') {
          setFormError(step.message ?? t('login.errors.failed'));
          if (siteKey) newCaptcha();
          return;
        }
        // The captcha token was spent on validate; the login of a validated document goes without it.
        const { captcha_token: _spent, ...withoutCaptcha } = payload;
        const { token } = await login.mutateAsync(withoutCaptcha);
        await finishLogin(token);
        return;
      }
      const { token } = await login.mutateAsync(payload);
      await finishLogin(token);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  });

  const onSocial = async (button: SocialButton) => {
    setFormError(null);
    setBusy(true);
    try {
      const { token } = await socialLogin.mutateAsync({
        provider: button.provider,
        providerToken: await providerToken(button),
      });
      await finishLogin(token);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const passwordMode = mode !== 'ONLY_DOCUMENT';
  return (
    <section className="panel auth-panel" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      {modes.length > 1 && (
        <fieldset className="auth-tabs">
          <legend className="visually-hidden">{t('login.methods')}</legend>
          {modes.map((item) => (
            <button
              key={item}
              type="button"
              className="auth-tab"
              aria-pressed={item === mode}
              onClick={() => {
                setMode(item);
                setFormError(null);
                form.clearErrors();
              }}
            >
              {t(`login.tabs.${item}`)}
            </button>
          ))}
        </fieldset>
      )}
      <form onSubmit={onSubmit} noValidate>
        {mode === 'EMAIL' && (
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        )}
        {mode === 'MOBILE_NUMBER' && (
          <TextField
            label={t('fields.mobile')}
            type="tel"
            autoComplete="tel"
            placeholder="+51987654321"
            error={errors.mobile_number?.message}
            {...form.register('mobile_number')}
          />
        )}
        {(mode === 'DOCUMENT' || mode === 'ONLY_DOCUMENT') && (
          <>
            <SelectField
              label={t('fields.documentType')}
              error={errors.document_type?.message}
              {...form.register('document_type')}
            >
              {/* NATIONAL_ID is chosen from the start (spec §3); there is no empty choice to fall back to. */}
              {DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`documentTypes.${type}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('fields.documentNumber')}
              autoComplete="off"
              error={errors.document_number?.message}
              {...form.register('document_number')}
            />
          </>
        )}
        {passwordMode && (
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            showLabel={t('fields.showPassword')}
            hideLabel={t('fields.hidePassword')}
            error={errors.password?.message}
            {...form.register('password')}
          />
        )}
        {siteKey && (
          <CaptchaField
            siteKey={siteKey}
            language={i18n.language as Language}
            round={captchaRound}
            showError={captchaError}
            onToken={(token) => {
              setCaptchaToken(token);
              if (token) setCaptchaError(false);
            }}
          />
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <SubmitButton className="button auth-submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </SubmitButton>
      </form>
      {passwordMode && (
        <p className="auth-links">
          <Link to="/recovery-password">{t('login.forgot')}</Link>
        </p>
      )}
      {socials.length > 0 && (
        <div className="auth-social">
          <p className="auth-divider">
            <span>{t('login.or')}</span>
          </p>
          {socials.map((button) => (
            <button
              key={button.provider}
              type="button"
              className={`button secondary social-${button.provider}`}
              disabled={busy}
              onClick={() => void onSocial(button)}
            >
              {t(`login.social.${button.provider}`)}
            </button>
          ))}
        </div>
      )}
      {app.allow_signup && (
        <p className="auth-links">
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </p>
      )}
    </section>
  );
}
