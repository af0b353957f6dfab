import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@storefront/contracts/accounts';
import { DEFAULT_DIAL_CODE, DOCUMENT_TYPES, type DocumentType } from '@storefront/contracts/constants';
import { type ValidationRule, validateValue } from '@storefront/contracts/validators';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { z } from 'zod';
import {
  CheckboxField,
  CountryCodeOptions,
  countryOfDialCode,
  PasswordField,
  SelectField,
  TextField,
} from '../../../components/ui/form-fields.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { useRegister } from '../api/auth-api.ts';
import { loginModes } from '../lib/login-flow.ts';
import { type RegisterValues, registerPayload } from '../lib/register-payload.ts';
import { useFinishLogin } from '../lib/use-finish-login.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { CaptchaField } from './captcha-widget.tsx';
import './auth.css';

addTranslations('auth', { es, en });

interface Needs {
  mobile: boolean;
  document: boolean;
  onlyDocument: boolean;
}

/** The register rules of spec §5, over the generic validator and the form's own messages. */
const registerFormSchema = (needs: Needs, t: (key: string) => string, language: 'es' | 'en') =>
  z
    .object({
      document_type: z.enum(DOCUMENT_TYPES),
      document_number: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      country_code_number: z.string(),
      mobile_number: z.string(),
      email: z.string(),
      password: z.string(),
      accepted_terms_cond: z.boolean(),
      accepted_data_processing: z.boolean(),
      confirmed_age: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const check = (path: keyof RegisterValues, rules: ValidationRule[]) => {
        const message = validateValue(values[path], rules, language);
        if (message) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      const require = (path: keyof RegisterValues, ok: boolean, message: string) => {
        if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      check('first_name', ['required']);
      check('last_name', ['required']);
      check('email', ['required', 'email']);
      check('password', ['required']);
      if (values.password)
        require('password', values.password.length >= PASSWORD_MIN_LENGTH, t('register.errors.password'));
      if (needs.onlyDocument) check('document_number', ['required', 'numeric']);
      else if (needs.document) check('document_number', ['required']);
      check('mobile_number', needs.mobile ? ['required', 'positiveNumber'] : ['positiveNumber']);
      if (needs.mobile || values.mobile_number)
        require('country_code_number', Boolean(values.country_code_number), t('register.errors.countryCode'));
      require('accepted_terms_cond', values.accepted_terms_cond, t('register.errors.terms'));
      require('accepted_data_processing', values.accepted_data_processing, t(
        'register.errors.dataProcessing',
      ));
      require('confirmed_age', values.confirmed_age, t('register.errors.age'));
    });

const SERVER_FIELDS = [
  'document_type',
  'document_number',
  'first_name',
  'last_name',
  'country_code_number',
  'mobile_number',
  'email',
  'password',
  'accepted_terms_cond',
] as const;

export function Component() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language === 'en' ? 'en' : 'es';
  const app = useAppRecord();
  const location = useLocation();
  const prefilled = (
    location.state as { document?: { document_type: DocumentType; document_number: string } } | null
  )?.document;
  const register = useRegister();
  const finishLogin = useFinishLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaError, setCaptchaError] = useState(false);
  const siteKey = app.recaptcha_settings?.site_key;

  const schema = useMemo(() => {
    const modes = loginModes(app.signin_methods);
    const needs: Needs = {
      mobile: modes.includes('MOBILE_NUMBER') || app.validate_mobile_number,
      document: app.validate_document,
      onlyDocument: modes.includes('ONLY_DOCUMENT'),
    };
    return registerFormSchema(needs, t, language);
  }, [app, t, language]);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      document_type: prefilled?.document_type ?? 'NATIONAL_ID',
      document_number: prefilled?.document_number ?? '',
      first_name: '',
      last_name: '',
      country_code_number: countryOfDialCode(DEFAULT_DIAL_CODE) ?? 'PE',
      mobile_number: '',
      email: '',
      password: '',
      accepted_terms_cond: false,
      accepted_data_processing: false,
      confirmed_age: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (siteKey && !captchaToken) {
      setCaptchaError(true);
      return;
    }
    try {
      const { token } = await register.mutateAsync(registerPayload(values, captchaToken ?? undefined));
      await finishLogin(token);
    } catch (error) {
      setFormError(applyServerErrors(error, SERVER_FIELDS, form.setError, t('register.errors.failed')));
      if (siteKey) {
        setCaptchaToken(null);
        setCaptchaRound((round) => round + 1);
      }
    }
  });

  return (
    <section className="panel auth-panel" aria-labelledby="register-title">
      <h1 id="register-title">{t('register.title')}</h1>
      {prefilled && <p className="auth-notice">{t('register.documentPrefilled')}</p>}
      <form onSubmit={onSubmit} noValidate>
        <div className="document-select">
          <SelectField
            label={t('fields.documentType')}
            error={errors.document_type?.message}
            {...form.register('document_type')}
          >
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`documentTypes.${type}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label={t('fields.documentNumber')}
          autoComplete="off"
          error={errors.document_number?.message}
          {...form.register('document_number')}
        />
        <TextField
          label={t('fields.firstName')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <TextField
          label={t('fields.lastName')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
        <div className="phone-field">
          <SelectField
            label={t('fields.countryCode')}
            error={errors.country_code_number?.message}
            {...form.register('country_code_number')}
          >
            <CountryCodeOptions language={language} />
          </SelectField>
          <TextField
            label={t('fields.mobile')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            error={errors.mobile_number?.message}
            {...form.register('mobile_number')}
          />
        </div>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <CheckboxField
          label={t('register.terms')}
          error={errors.accepted_terms_cond?.message}
          {...form.register('accepted_terms_cond')}
        />
        <p className="auth-links">
          <Link to="/terms-and-conditions" target="_blank">
            {t('register.termsLink')}
          </Link>
        </p>
        <CheckboxField
          label={t('register.dataProcessing')}
          error={errors.accepted_data_processing?.message}
          {...form.register('accepted_data_processing')}
        />
        <CheckboxField
          label={t('register.age')}
          error={errors.confirmed_age?.message}
          {...form.register('confirmed_age')}
        />
        {siteKey && (
          <CaptchaField
            siteKey={siteKey}
            language={language}
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
        <div className="auth-actions">
          <Link to="/" className="button secondary">
            {t('register.cancel')}
          </Link>
          <SubmitButton className="button" disabled={isSubmitting}>
            {isSubmitting ? t('register.submitting') : t('register.submit')}
          </SubmitButton>
        </div>
      </form>
      <p className="auth-links">
        {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
      </p>
    </section>
  );
}
