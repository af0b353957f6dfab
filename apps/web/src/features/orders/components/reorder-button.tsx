import type { Order, Reorder } from '@storefront/contracts/orders';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { companyPrefix } from '../../../lib/company.ts';
import { toast } from '../../../lib/toast.tsx';
import { useReorder } from '../api/orders-api.ts';

/**
 * "Pedir de nuevo": the order's lines that can still be sold go into the cart, and the checkout opens
 * with a note of the lines left out and why; when none can be sold, the member is told so here.
 */
export function ReorderButton({ order }: { order: Pick<Order, 'uid' | 'place' | 'number' | 'company'> }) {
  const { t } = useTranslation('orders');
  const app = useAppRecord();
  const navigate = useNavigate();
  const reorder = useReorder();
  const onClick = async () => {
    try {
      const answer = await reorder.mutateAsync(order);
      if (answer.cart.products.length === 0) {
        toast.error(t('reorder.nothing'));
        return;
      }
      // The cart page lists the lines left out (router state: gone on a reload, as a notice should be).
      const state: { leftOut: Reorder['left_out'] } = { leftOut: answer.left_out };
      navigate(`${companyPrefix(app, order.company)}/cart?step=checkout`, { state });
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? (error.firstMessage() ?? t('errors.generic', { ns: 'common' }))
          : t('errors.generic', { ns: 'common' }),
      );
    }
  };
  return (
    <button
      type="button"
      className="button secondary order-reorder"
      disabled={reorder.isPending}
      aria-label={t('reorder.labelFor', { number: order.number })}
      onClick={onClick}
    >
      {reorder.isPending ? t('reorder.busy') : t('reorder.label')}
    </button>
  );
}
