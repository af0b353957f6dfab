import { zodResolver } from '@hookform/resolvers/zod';
import type { Me } from '@storefront/contracts/accounts';
import { MINIMUM_AGE } from '@storefront/contracts/constants';
import { type ValidationRule, validateValue } from '@storefront/contracts/validators';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CountryCodeOptions, SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateMe } from '../api/account-api.ts';
import { ageOn, type ProfileValues, profileDefaults, profilePayload } from '../lib/profile-payload.ts';

/** Spec §5 Complete data: names required, the identity-number rule, a real date, a numeric mobile. */
const profileSchema = (me: Me, t: (key: string) => string, language: 'es' | 'en') =>
  z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      document_number: z.string(),
      birthdate: z.string(),
      gender: z.enum(['', 'f', 'm']),
      country: z.string(),
      mobile_number: z.string(),
    })
    .superRefine((values, ctx) => {
      const check = (path: keyof ProfileValues, rules: ValidationRule[]) => {
        const message = validateValue(values[path], rules, language);
        if (message) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      check('first_name', ['required']);
      check('last_name', ['required']);
      check('document_number', me.document_type === 'NATIONAL_ID' ? ['dni'] : []);
      check('birthdate', ['date']);
      if (!validateValue(values.birthdate, ['required', 'date']) && ageOn(values.birthdate) < MINIMUM_AGE)
        ctx.addIssue({ code: 'custom', path: ['birthdate'], message: t('errors.minimumAge') });
      check('mobile_number', ['numeric']);
    });

const SERVER_FIELDS = [
  'first_name',
  'last_name',
  'document_number',
  'birthdate',
  'gender',
  'mobile_number',
] as const;

/** The profile fields of complete-info and of /profile; `onSaved` runs after the server accepted them. */
export function ProfileForm({
  me,
  submitLabel,
  onSaved,
  actions,
}: {
  me: Me;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('account');
  const language = i18n.language === 'en' ? 'en' : 'es';
  const app = useAppRecord();
  const updateMe = useUpdateMe();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => profileSchema(me, t, language), [me, t, language]);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: profileDefaults(app, me),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const payload = profilePayload(values, me);
    try {
      if (Object.keys(payload).length > 0) await updateMe.mutateAsync(payload);
      await onSaved();
    } catch (error) {
      setFormError(applyServerErrors(error, SERVER_FIELDS, form.setError, t('errors.generic')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
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
      <TextField
        label={t('fields.documentNumber')}
        autoComplete="off"
        error={errors.document_number?.message}
        {...form.register('document_number')}
      />
      <TextField
        label={t('fields.birthdate')}
        inputMode="numeric"
        autoComplete="bday"
        placeholder="dd/mm/aaaa"
        error={errors.birthdate?.message}
        {...form.register('birthdate')}
      />
      <SelectField label={t('fields.gender')} error={errors.gender?.message} {...form.register('gender')}>
        <option value="">{t('fields.genderNone')}</option>
        <option value="f">{t('fields.genders.f')}</option>
        <option value="m">{t('fields.genders.m')}</option>
      </SelectField>
      <div className="phone-field">
        <SelectField label={t('fields.countryCode')} {...form.register('country')}>
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
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="account-actions">
        {actions}
        <SubmitButton className="button" disabled={isSubmitting}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
