import type { Product } from '@storefront/contracts/catalogue';
import type { TFunction } from 'i18next';
import { missingCoins } from '../../../components/product-popup/missing-coins.ts';
import { CARD_PICTURE_SIZES, Picture } from '../../../components/ui/picture.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMoney } from '../../../lib/money.ts';

/**
 * A menu card (spec §2): image, price with the currency symbol (coins for a redeemable product, with
 * the shortfall when the member has too few), and the No stock label. A button: it opens the popup,
 * or for a visitor of /carta the prompt to sign in.
 * It translates with its list's `t`: a page holds hundreds of cards, and each useTranslation copies the
 * i18n instance on every server render (react-i18next) and listens to it in the browser.
 */
export function ProductCard({
  product,
  currency,
  coins,
  onOpen,
  eager = false,
  t,
}: {
  product: Product;
  currency: string;
  coins: number | undefined;
  onOpen: () => void;
  /** The first cards hold the page's largest image: fetched at once, first. */
  eager?: boolean;
  t: TFunction<'menu'>;
}) {
  const short = product.is_redeemable ? missingCoins(product.coin_price, coins) : 0;
  return (
    <button type="button" className="product-card" onClick={onOpen}>
      <Picture
        className="product-card-image"
        src={product.image}
        alt=""
        width={320}
        height={240}
        sizes={CARD_PICTURE_SIZES}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
      <span className="product-card-title">{product.title}</span>
      {product.short_description && <span className="product-card-text">{product.short_description}</span>}
      <span className="product-card-price">
        {product.is_redeemable
          ? t('card.coins', { count: product.coin_price ?? 0 })
          : formatMoney(currency, product.unit_price)}
      </span>
      {product.stock === 0 && <span className="product-card-badge">{t('card.noStock')}</span>}
      {short > 0 && <span className="product-card-short">{t('card.missingCoins', { n: short })}</span>}
    </button>
  );
}

/** The card's shape while its page loads. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card" aria-hidden="true">
      <span className="product-card-image skeleton" />
      <Skeleton height={20} width="70%" />
      <Skeleton height={20} width="40%" />
    </div>
  );
}
