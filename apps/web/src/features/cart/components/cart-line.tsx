import { useTranslation } from 'react-i18next';
import { useAppRecord } from '../../../lib/app-context.tsx';
import {
  type CartLine,
  type CartType,
  editCartLine,
  removeCartLine,
  useCart,
} from '../../../lib/cart-store.ts';
import { lineCents, lineCoins } from '../../../lib/cart-totals.ts';
import { formatCents } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.tsx';
import { overlayForLastUnit } from '../cart-overlay.ts';
import { canAddUnit, visibleToppings } from '../cart-rules.ts';

interface CartLineItemProps {
  line: CartLine;
  placeUid: string;
  type: CartType;
  /** Opens the product popup on this line (edit, or the toppings past the eighth). */
  onOpen(line: CartLine): void;
}

/**
 * A cart line (spec §2): name, up to 8 toppings then an ellipsis, minus and plus, edit, the price
 * rounded to 1 decimal (coins for a redeemable product), and a trash button for a direct purchase.
 */
export function CartLineItem({ line, placeUid, type, onOpen }: CartLineItemProps) {
  const { t } = useTranslation('cart');
  const app = useAppRecord();
  const toppings = visibleToppings(line);
  const cart = useCart(placeUid, type);

  const remove = () => {
    removeCartLine(placeUid, line.id, type);
    toast.success(t('line.removed'));
  };
  const decrease = () => {
    if (line.quantity > 1) {
      editCartLine(
        placeUid,
        line.id,
        { quantity: line.quantity - 1, option_groups: line.option_groups },
        type,
      );
      return;
    }
    overlayForLastUnit();
    remove();
  };

  return (
    <li className="cart-line">
      <div className="cart-line-main">
        {/* Tapping the item opens the product popup with the cart's option groups (spec §2). */}
        <button type="button" className="link-button cart-line-name" onClick={() => onOpen(line)}>
          {line.name}
        </button>
        {toppings.shown.length > 0 && (
          <p className="cart-line-toppings">
            {toppings.shown.join(', ')}
            {toppings.more && (
              <button
                type="button"
                className="link-button cart-line-more"
                aria-label={t('line.more', { name: line.name })}
                onClick={() => onOpen(line)}
              >
                …
              </button>
            )}
          </p>
        )}
      </div>
      <div className="cart-line-controls">
        <fieldset className="quantity">
          <legend className="visually-hidden">{t('line.quantity', { name: line.name })}</legend>
          <button type="button" aria-label={t('line.decrease', { name: line.name })} onClick={decrease}>
            −
          </button>
          <output aria-live="polite">{line.quantity}</output>
          <button
            type="button"
            aria-label={t('line.increase', { name: line.name })}
            disabled={!canAddUnit(cart, line)}
            onClick={() =>
              editCartLine(
                placeUid,
                line.id,
                { quantity: line.quantity + 1, option_groups: line.option_groups },
                type,
              )
            }
          >
            +
          </button>
        </fieldset>
        <button
          type="button"
          className="button secondary cart-line-edit"
          aria-label={t('line.editLabel', { name: line.name })}
          onClick={() => onOpen(line)}
        >
          {t('line.edit')}
        </button>
        <span className="cart-line-price">
          {line.is_redeemable
            ? t('line.coins', { count: lineCoins(line) })
            : formatCents(app.currency.symbol, lineCents(line))}
        </span>
        {line.direct_purchase && (
          <button
            type="button"
            className="cart-line-trash"
            aria-label={t('line.remove', { name: line.name })}
            onClick={remove}
          >
            <span aria-hidden="true">🗑</span>
          </button>
        )}
      </div>
    </li>
  );
}
