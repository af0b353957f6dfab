import { zodResolver } from '@hookform/resolvers/zod';
import type { SavedAddress, SavedAddressBody } from '@storefront/contracts/addresses';
import type { Language } from '@storefront/contracts/constants';
import { withRules } from '@storefront/contracts/validators';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useSaveAddress } from '../api/addresses-api.ts';

const FIELDS = ['label', 'district', 'address', 'reference'] as const;
type AddressValues = Pick<SavedAddressBody, (typeof FIELDS)[number]>;

const addressFormSchema = (language: Language) => {
  const required = (max: number) =>
    z
      .string()
      .trim()
      .max(max)
      .superRefine(withRules(['required'], language));
  return z.object({
    label: required(40),
    district: required(100),
    address: required(300),
    reference: z.string().trim().max(300),
  });
};

/** Adds an address, or edits one (`address`), with the spec's messages beside each field. */
export function AddressForm({ address, onDone }: { address?: SavedAddress; onDone: () => void }) {
  const { t, i18n } = useTranslation('account');
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const save = useSaveAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => addressFormSchema(language), [language]);
  const form = useForm<AddressValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      label: address?.label ?? '',
      district: address?.district ?? '',
      address: address?.address ?? '',
      reference: address?.reference ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ uid: address?.uid, body: values });
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, form.setError, t('errors.generic')));
    }
  });
  const id = address?.uid ?? 'new';
  return (
    <form
      className="address-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t(address ? 'addresses.edit' : 'addresses.add')}
    >
      <TextField
        id={`address-label-${id}`}
        label={t('addresses.label')}
        error={errors.label?.message}
        {...form.register('label')}
      />
      <TextField
        id={`address-district-${id}`}
        label={t('addresses.district')}
        autoComplete="address-level3"
        error={errors.district?.message}
        {...form.register('district')}
      />
      <TextField
        id={`address-address-${id}`}
        label={t('addresses.address')}
        autoComplete="street-address"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <TextField
        id={`address-reference-${id}`}
        label={t('addresses.reference')}
        error={errors.reference?.message}
        {...form.register('reference')}
      />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="address-form-actions">
        <SubmitButton className="button" disabled={isSubmitting}>
          {t('addresses.save')}
        </SubmitButton>
        <button type="button" className="button secondary" onClick={onDone}>
          {t('addresses.cancel')}
        </button>
      </div>
    </form>
  );
}
