import type { Product } from '@storefront/contracts/catalogue';
import { centsToDecimal } from '@storefront/contracts/money';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useAppRecord } from '../../../app/app-context.tsx';
import { companyPrefix } from '../../../app/guards.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import {
  addCartLine,
  type CartOptionGroup,
  clearCart,
  editCartLine,
  findCartLine,
  removeCartLine,
  useCart,
} from '../../../lib/cart-store.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { useMemberCoins } from '../api/use-member-coins.ts';
import { usePlaceProduct } from '../api/use-place-products.ts';
import {
  actionDisabled,
  activeOptionGroups,
  canDecrease,
  canIncrease,
  linePriceCents,
  missingCoins,
  optionsValid,
  popupAction,
  type Selection,
  toggleOption,
} from '../product-popup-rules.ts';

/**
 * The product popup (spec §2, §4, §5): a product already in the cart opens with its quantity and
 * options and edits that line; the rules of product-popup-rules.ts decide the button and its state.
 */
export function ProductPopup({
  product: listed,
  placeUid,
  onClose,
}: {
  product: Product;
  placeUid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('menu');
  const app = useAppRecord();
  const navigate = useNavigate();
  const { companyUid } = useParams();
  const detail = usePlaceProduct(placeUid, listed);
  const product = detail.data ?? listed;
  const groups = useMemo(() => activeOptionGroups(product), [product]);
  const line = findCartLine(useCart(placeUid), product.uid);
  const coins = useMemberCoins();
  const [quantity, setQuantity] = useState(line?.quantity ?? 1);
  const [selection, setSelection] = useState<Selection>(() =>
    Object.fromEntries(
      line?.option_groups.map((group) => [group.uid, group.options.map((o) => o.uid)]) ?? [],
    ),
  );

  const action = popupAction({ inCart: line !== undefined, quantity, redeemable: product.is_redeemable });
  const coinPrice = product.is_redeemable ? (product.coin_price ?? 0) * Math.max(quantity, 1) : null;
  const short = missingCoins(coinPrice, coins);
  const disabled = actionDisabled({
    action,
    quantity,
    stock: product.stock,
    loading: detail.isFetching,
    optionsValid: optionsValid(groups, selection),
    missingCoins: short,
  });
  const price =
    coinPrice === null
      ? `${app.currency.symbol} ${centsToDecimal(linePriceCents(groups, product.unit_price, selection, Math.max(quantity, 1)))}`
      : t('card.coins', { count: coinPrice });

  const submit = () => {
    const chosen: CartOptionGroup[] = groups
      .map((group) => ({
        uid: group.uid,
        name: group.name,
        options: group.options
          .filter((option) => selection[group.uid]?.includes(option.uid))
          .map(({ uid, name, price: optionPrice }) => ({ uid, name, price: optionPrice })),
      }))
      .filter((group) => group.options.length > 0);
    if (line && action === 'remove') {
      removeCartLine(placeUid, line.id);
      toast.success(t('popup.removed'));
    } else if (line) {
      editCartLine(placeUid, line.id, { quantity, option_groups: chosen });
      toast.success(t('popup.updated'));
    } else {
      // A direct purchase is bought alone: it replaces the place's cart and goes straight to it.
      if (product.direct_purchase) clearCart(placeUid);
      addCartLine(placeUid, {
        uid: product.uid,
        name: product.name,
        quantity,
        unit_price: product.unit_price,
        coin_price: product.coin_price,
        is_redeemable: product.is_redeemable,
        direct_purchase: product.direct_purchase,
        image: product.image,
        option_groups: chosen,
      });
      storage.set(STORAGE_KEYS.itemExchange, String(product.is_redeemable));
      toast.success(t('popup.added'));
      if (product.direct_purchase) {
        storage.set(STORAGE_KEYS.skipUpdate, 'true');
        navigate(`${companyPrefix(app, companyUid)}/cart`);
      }
    }
    onClose();
  };

  return (
    <Modal title={product.title} onClose={onClose} closeLabel={t('popup.close')}>
      <div className="product-popup">
        {product.image && (
          <img className="product-popup-image" src={product.image} alt="" width={560} height={315} />
        )}
        {product.short_description && <p>{product.short_description}</p>}
        <p className="product-popup-price">
          {product.is_redeemable
            ? t('card.coins', { count: product.coin_price ?? 0 })
            : `${app.currency.symbol} ${product.unit_price}`}
        </p>
        {product.stock === 0 && <p className="product-card-badge">{t('card.noStock')}</p>}
        {short > 0 && <p className="product-card-short">{t('card.missingCoins', { n: short })}</p>}

        {groups.map((group) => (
          <fieldset key={group.uid} className="option-group">
            <legend>{group.name}</legend>
            {group.description && <p className="option-group-text">{group.description}</p>}
            <p className="option-group-rules">
              {group.minimum_to_select > 0 && (
                <span>{t('popup.chooseMin', { min: group.minimum_to_select })}</span>
              )}
              {group.maximum_to_select > 0 && (
                <span>{t('popup.chooseMax', { max: group.maximum_to_select })}</span>
              )}
            </p>
            {group.options.map((option) => (
              <label key={option.uid} className="option">
                <input
                  type="checkbox"
                  checked={selection[group.uid]?.includes(option.uid) ?? false}
                  onChange={() => setSelection((current) => toggleOption(current, group.uid, option.uid))}
                />
                <span>{option.name}</span>
                {Number(option.price) > 0 && (
                  <span className="option-price">{`+ ${app.currency.symbol} ${option.price}`}</span>
                )}
              </label>
            ))}
          </fieldset>
        ))}

        {product.direct_purchase && (
          <section className="direct-purchase">
            <h3>{t('popup.directTitle')}</h3>
            <ol>
              {(t('popup.directSteps', { returnObjects: true }) as string[]).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        )}

        <div className="product-popup-actions">
          <fieldset className="quantity">
            <legend className="visually-hidden">{t('popup.quantity')}</legend>
            <button
              type="button"
              aria-label={t('popup.decrease')}
              disabled={!canDecrease(quantity)}
              onClick={() => setQuantity((value) => value - 1)}
            >
              −
            </button>
            <output aria-live="polite" aria-label={t('popup.quantity')}>
              {quantity}
            </output>
            <button
              type="button"
              aria-label={t('popup.increase')}
              disabled={!canIncrease(quantity, product.stock)}
              onClick={() => setQuantity((value) => value + 1)}
            >
              +
            </button>
          </fieldset>
          <button type="button" className="button product-popup-submit" disabled={disabled} onClick={submit}>
            <span>{t(`popup.${action}`)}</span>
            {action !== 'remove' && <span>{price}</span>}
          </button>
        </div>
      </div>
    </Modal>
  );
}
