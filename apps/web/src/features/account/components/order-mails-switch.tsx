import type { Me } from '@storefront/contracts/accounts';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/form-fields.tsx';
import { toast } from '../../../lib/toast.tsx';
import { useUpdateMe } from '../api/account-api.ts';

/** The member's choice of a mail on each status change of their orders; saved as it is switched. */
export function OrderMailsSwitch({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const update = useUpdateMe();
  const checked = update.isPending ? Boolean(update.variables?.order_status_mails) : me.order_status_mails;
  return (
    <section className="account-notices" aria-labelledby="notices-title">
      <h2 id="notices-title">{t('notices.title')}</h2>
      <CheckboxField
        label={t('notices.statusMails')}
        checked={checked}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { order_status_mails: event.target.checked },
            {
              onSuccess: () => toast.success(t('notices.saved')),
              onError: () => toast.error(t('errors.generic')),
            },
          )
        }
      />
      <p className="account-hint">{t('notices.receiptAlways')}</p>
    </section>
  );
}
