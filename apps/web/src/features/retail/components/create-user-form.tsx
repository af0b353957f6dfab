import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_TYPES, type Language } from '@storefront/contracts/constants';
import { validateValue, withRules } from '@storefront/contracts/validators';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.tsx';
import { type Customer, type RetailPlace, useCreateUser } from '../api/retail-api.ts';

const FIELDS = [
  'document_type',
  'document_number',
  'first_name',
  'last_name',
  'email',
  'mobile_number',
] as const;

/** The generic validator's rules (spec §5) on the counter's create-user form. */
const createUserFormSchema = (language: Language) =>
  z
    .object({
      document_type: z.enum(DOCUMENT_TYPES),
      document_number: z
        .string()
        .trim()
        .max(20)
        .superRefine(withRules(['required'], language)),
      first_name: z
        .string()
        .trim()
        .max(100)
        .superRefine(withRules(['required'], language)),
      last_name: z
        .string()
        .trim()
        .max(100)
        .superRefine(withRules(['required'], language)),
      email: z
        .string()
        .trim()
        .max(254)
        .superRefine(withRules(['required', 'email'], language)),
      mobile_number: z
        .string()
        .trim()
        .max(20)
        .superRefine(withRules(['telephone'], language)),
    })
    .superRefine((values, ctx) => {
      if (values.document_type !== 'NATIONAL_ID') return;
      const message = validateValue(values.document_number, ['dni'], language);
      if (message) ctx.addIssue({ code: 'custom', message, path: ['document_number'] });
    });
type Values = z.infer<ReturnType<typeof createUserFormSchema>>;

interface Props {
  place: RetailPlace;
  onClose(): void;
  onCreated(customer: Customer): void;
}

export function CreateUserForm({ place, onClose, onCreated }: Props) {
  const { t, i18n } = useTranslation('retail');
  const create = useCreateUser();
  const [general, setGeneral] = useState<string | null>(null);
  const schema = useMemo(() => createUserFormSchema(i18n.language === 'en' ? 'en' : 'es'), [i18n.language]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      document_type: 'NATIONAL_ID',
      document_number: '',
      first_name: '',
      last_name: '',
      email: '',
      mobile_number: '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    setGeneral(null);
    create.mutate(
      {
        place: place.uid,
        ...values,
        email: values.email.toLowerCase(),
        document_number: values.document_number.toUpperCase(),
        mobile_number: values.mobile_number || undefined,
      },
      {
        onSuccess: (customer) => {
          toast.success(t('createUser.done'));
          onCreated(customer);
        },
        onError: (error) => setGeneral(applyServerErrors(error, FIELDS, form.setError, t('error'))),
      },
    );
  });
  return (
    <Modal title={t('createUser.title')} closeLabel={t('createUser.cancel')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="retail-form">
        <SelectField label={t('createUser.documentType')} {...form.register('document_type')}>
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`search.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('createUser.documentNumber')}
          error={errors.document_number?.message}
          {...form.register('document_number')}
        />
        <TextField
          label={t('createUser.firstName')}
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <TextField
          label={t('createUser.lastName')}
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
        <TextField
          label={t('createUser.email')}
          type="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t('createUser.mobile')}
          type="tel"
          error={errors.mobile_number?.message}
          {...form.register('mobile_number')}
        />
        {general && (
          <p className="form-error" role="alert">
            {general}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('createUser.cancel')}
          </button>
          <SubmitButton className="button" disabled={create.isPending}>
            {t('createUser.submit')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
