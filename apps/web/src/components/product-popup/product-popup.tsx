import type { Product } from '@storefront/contracts/catalogue';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addCartLine,
  type CartOptionGroup,
  clearCart,
  editCartLine,
  findCartLine,
  removeCartLine,
  useCart,
} from '../../lib/cart-store.ts';
import { addTranslations } from '../../lib/i18n.ts';
import { formatCents, formatMoney } from '../../lib/money.ts';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.tsx';
import { Modal } from '../ui/modal.tsx';
import en from './locales/en.json';
import es from './locales/es.json';
import { missingCoins } from './missing-coins.ts';
import {
  actionDisabled,
  activeOptionGroups,
  canDecrease,
  canIncrease,
  chooseOption,
  isSingleChoice,
  linePriceCents,
  optionProblem,
  optionsValid,
  popupAction,
  type Selection,
  toggleOption,
} from './product-popup-rules.ts';
import './product-popup.css';
import { Picture } from '../ui/picture.tsx';

addTranslations('productPopup', { es, en });

export interface ProductPopupProps {
  /** The freshest copy known (the list's copy while the product is reloaded). */
  product: Product;
  placeUid: string;
  /** The fresh product is on its way: the button waits (decision 008). */
  loading: boolean;
  /** The member's coins; undefined while unknown (no shortfall shown). */
  coins: number | undefined;
  currency: string;
  /** The cart line to edit (opened from the cart); else the product's first line, if any. */
  lineId?: string;
  /** A direct purchase was added: the caller goes to the cart route. */
  onDirectPurchase(): void;
  onClose(): void;
}

/**
 * The product popup (spec §2, §4, §5): a product already in the cart opens with its quantity and
 * options and edits that line (the line it was opened from, or the product's first); the rules of product-popup-rules.ts decide the button and its state.
 */
export function ProductPopup({
  product,
  placeUid,
  loading,
  coins,
  currency,
  lineId,
  onDirectPurchase,
  onClose,
}: ProductPopupProps) {
  const { t } = useTranslation('productPopup');
  const groups = useMemo(() => activeOptionGroups(product), [product]);
  const cart = useCart(placeUid);
  const line = lineId ? cart.products[lineId] : findCartLine(cart, product.uid);
  const [quantity, setQuantity] = useState(line?.quantity ?? 1);
  const [selection, setSelection] = useState<Selection>(() =>
    Object.fromEntries(
      line?.option_groups.map((group) => [group.uid, group.options.map((o) => o.uid)]) ?? [],
    ),
  );

  const action = popupAction({ inCart: line !== undefined, quantity, redeemable: product.is_redeemable });
  const coinPrice = product.is_redeemable ? (product.coin_price ?? 0) * Math.max(quantity, 1) : null;
  const short = missingCoins(coinPrice, coins);
  const problem = action === 'remove' ? null : optionProblem(groups, selection);
  // A required group is marked once the person has chosen something, not as the popup opens.
  const [touched, setTouched] = useState(false);
  const brokenGroup = problem && (problem.kind === 'tooMany' || touched) ? problem.group.uid : null;
  const disabled = actionDisabled({
    action,
    quantity,
    stock: product.stock,
    loading,
    optionsValid: optionsValid(groups, selection),
    missingCoins: short,
  });
  const price =
    coinPrice === null
      ? formatCents(currency, linePriceCents(groups, product.unit_price, selection, Math.max(quantity, 1)))
      : t('price.coins', { count: coinPrice });

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
      toast.success(t('removed'));
    } else if (line) {
      editCartLine(placeUid, line.id, { quantity, option_groups: chosen, stock: product.stock });
      toast.success(t('updated'));
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
        stock: product.stock,
      });
      storage.set(STORAGE_KEYS.itemExchange, String(product.is_redeemable));
      toast.success(t('added'));
      if (product.direct_purchase) {
        storage.set(STORAGE_KEYS.skipUpdate, 'true');
        onDirectPurchase();
      }
    }
    onClose();
  };

  return (
    <Modal title={product.title} onClose={onClose} closeLabel={t('close')}>
      <div className="product-popup">
        {product.image && (
          <Picture
            className="product-popup-image"
            src={product.image}
            alt=""
            width={560}
            height={315}
            sizes="(max-width: 599px) 100vw, 560px"
          />
        )}
        {product.short_description && <p>{product.short_description}</p>}
        <p className="product-popup-price">
          {product.is_redeemable
            ? t('price.coins', { count: product.coin_price ?? 0 })
            : formatMoney(currency, product.unit_price)}
        </p>
        {product.stock === 0 && <p className="product-popup-badge">{t('price.noStock')}</p>}
        {short > 0 && (
          <p id="product-popup-coins" className="product-popup-short">
            {t('price.missingCoins', { n: short })}
          </p>
        )}

        {groups.map((group) => (
          <fieldset key={group.uid} className="option-group">
            <legend>{group.name}</legend>
            {group.description && <p className="option-group-text">{group.description}</p>}
            <p
              className={
                brokenGroup === group.uid ? 'option-group-rules option-group-broken' : 'option-group-rules'
              }
            >
              {group.minimum_to_select > 0 && <span>{t('chooseMin', { min: group.minimum_to_select })}</span>}
              {group.maximum_to_select > 0 && <span>{t('chooseMax', { max: group.maximum_to_select })}</span>}
            </p>
            {/* An optional "choose one" group can be left empty again. */}
            {isSingleChoice(group) && group.minimum_to_select === 0 && (
              <label className="option">
                <input
                  type="radio"
                  name={`option-group-${group.uid}`}
                  checked={!selection[group.uid]?.length}
                  onChange={() => setSelection((current) => chooseOption(current, group.uid, null))}
                />
                <span>{t('none')}</span>
              </label>
            )}
            {group.options.map((option) => (
              <label key={option.uid} className="option">
                <input
                  type={isSingleChoice(group) ? 'radio' : 'checkbox'}
                  name={isSingleChoice(group) ? `option-group-${group.uid}` : undefined}
                  checked={selection[group.uid]?.includes(option.uid) ?? false}
                  onChange={() => {
                    setTouched(true);
                    setSelection((current) =>
                      isSingleChoice(group)
                        ? chooseOption(current, group.uid, option.uid)
                        : toggleOption(current, group.uid, option.uid),
                    );
                  }}
                />
                <span>{option.name}</span>
                {Number(option.price) > 0 && (
                  <span className="option-price">{`+ ${formatMoney(currency, option.price)}`}</span>
                )}
              </label>
            ))}
          </fieldset>
        ))}

        {product.direct_purchase && (
          <section className="direct-purchase">
            <h3>{t('directTitle')}</h3>
            <ol>
              {(t('directSteps', { returnObjects: true }) as string[]).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        )}

        <div className="product-popup-actions">
          <fieldset className="quantity">
            <legend className="visually-hidden">{t('quantity')}</legend>
            <button
              type="button"
              aria-label={t('decrease')}
              disabled={!canDecrease(quantity)}
              onClick={() => setQuantity((value) => value - 1)}
            >
              −
            </button>
            <output aria-live="polite" aria-label={t('quantity')}>
              {quantity}
            </output>
            <button
              type="button"
              aria-label={t('increase')}
              disabled={!canIncrease(quantity, product.stock)}
              onClick={() => setQuantity((value) => value + 1)}
            >
              +
            </button>
          </fieldset>
          <button
            type="button"
            className="button product-popup-submit"
            disabled={disabled}
            aria-describedby={
              [problem && 'product-popup-reason', short > 0 && 'product-popup-coins']
                .filter(Boolean)
                .join(' ') || undefined
            }
            onClick={submit}
          >
            <span>{t(action)}</span>
            {action !== 'remove' && <span>{price}</span>}
          </button>
        </div>
        {/* Why the button is off, said where it is and announced as it changes (issue 14). */}
        <p id="product-popup-reason" className="product-popup-reason" role="status">
          {problem?.kind === 'tooMany' &&
            t('tooMany', {
              group: problem.group.name,
              max: problem.group.maximum_to_select,
              extra: problem.extra,
            })}
          {problem?.kind === 'tooFew' &&
            t('tooFew', { group: problem.group.name, min: problem.group.minimum_to_select })}
        </p>
      </div>
    </Modal>
  );
}
