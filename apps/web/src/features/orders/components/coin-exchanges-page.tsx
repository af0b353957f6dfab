import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { OrderList } from './order-list.tsx';

/** /orders/coins: the member's exchanges, the orders paid with coins. */
export function Component() {
  const { t } = useTranslation('orders');
  return <OrderList title={t('coinsTitle')} empty={t('coinsEmpty')} paymentMethod="COINS" />;
}
