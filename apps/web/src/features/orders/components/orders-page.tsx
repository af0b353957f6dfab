import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { OrderList } from './order-list.tsx';

/** /orders: the member's orders with their status. */
export function Component() {
  const { t } = useTranslation('orders');
  return <OrderList title={t('title')} empty={t('empty')} />;
}
