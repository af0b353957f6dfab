import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.tsx';
import { type Customer, type RetailPlace, useAddPoints } from '../api/retail-api.ts';

/** Add points needs an amount above 0 and a description (spec §5). */
const pointsFormSchema = (messages: { amount: string; description: string }) =>
  z.object({
    amount: z.coerce.number<string>({ error: messages.amount }).int(messages.amount).gt(0, messages.amount),
    description: z.string().trim().min(1, messages.description).max(200),
  });

interface Props {
  place: RetailPlace;
  memberUid: string;
  membership: Customer['memberships'][number];
  onClose(): void;
}

export function PointsForm({ place, memberUid, membership, onClose }: Props) {
  const { t } = useTranslation('retail');
  const addPoints = useAddPoints();
  const [general, setGeneral] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      pointsFormSchema({ amount: t('points.amountInvalid'), description: t('points.descriptionRequired') }),
    [t],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', description: '' },
  });
  const submit = form.handleSubmit((values) => {
    setGeneral(null);
    addPoints.mutate(
      {
        body: { place: place.uid, member: memberUid, program: membership.program.uid, ...values },
        key: crypto.randomUUID(),
      },
      {
        onSuccess: () => {
          toast.success(t('points.done', { amount: values.amount }));
          onClose();
        },
        onError: (error) =>
          setGeneral(
            applyServerErrors(error, ['amount', 'description'], form.setError, t('points.error')) ?? null,
          ),
      },
    );
  });
  return (
    <Modal
      title={`${t('points.title')} — ${membership.program.name}`}
      closeLabel={t('points.cancel')}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="retail-form">
        <TextField
          label={t('points.amount')}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          error={form.formState.errors.amount?.message}
          {...form.register('amount')}
        />
        <TextField
          label={t('points.description')}
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
        {general && (
          <p className="form-error" role="alert">
            {general}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('points.cancel')}
          </button>
          <SubmitButton className="button" disabled={addPoints.isPending}>
            {t('points.submit')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
