import type { Reorder } from '@storefront/contracts/orders';
import { useTranslation } from 'react-i18next';

/** The lines of a past order that "Pedir de nuevo" left out, each with the reason (issue 30 item 2). */
export function ReorderNotice({ leftOut }: { leftOut: Reorder['left_out'] }) {
  const { t } = useTranslation('cart');
  return (
    <section className="cart-reorder-notice" role="status" aria-labelledby="reorder-notice-title">
      <h2 id="reorder-notice-title">{t('reorder.leftOut', { count: leftOut.length })}</h2>
      <ul>
        {leftOut.map((line) => (
          <li key={`${line.uid}-${line.reason}`}>
            <strong>{`${line.quantity} × ${line.name}`}</strong>: {line.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
