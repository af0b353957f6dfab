import { ALL_CATEGORIES_UID, CATEGORY_SCROLL_STEP_PX } from '@storefront/contracts/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { selectCategory, useSelectedCategories } from '../../../lib/place-selection.ts';
import { useProductCategories } from '../api/use-product-categories.ts';

/**
 * The category bar (spec §2): All (uid 000) and the place's categories in one horizontal row, single
 * selection, and an arrow that scrolls the row 200 px at a time.
 */
export function CategoryBar({ placeUid }: { placeUid: string }) {
  const { t } = useTranslation('menu');
  const categories = useProductCategories(placeUid);
  const selected = useSelectedCategories().split(',');
  const row = useRef<HTMLUListElement>(null);

  // A category the new place does not sell falls back to All, rather than an empty menu.
  const unknown =
    categories.data !== undefined &&
    !selected.some((uid) => uid === ALL_CATEGORIES_UID || categories.data.some((item) => item.uid === uid));
  useEffect(() => {
    if (unknown) selectCategory(ALL_CATEGORIES_UID);
  }, [unknown]);

  const entries = [{ uid: ALL_CATEGORIES_UID, name: t('categories.all') }, ...(categories.data ?? [])];
  return (
    <nav className="category-bar" aria-label={t('categories.label')}>
      <ul ref={row}>
        {entries.map((category) => (
          <li key={category.uid}>
            <button
              type="button"
              className="category-chip"
              aria-pressed={selected.includes(category.uid)}
              onClick={() => selectCategory(category.uid)}
            >
              {category.name}
            </button>
          </li>
        ))}
        {categories.isPending &&
          [1, 2, 3].map((key) => (
            <li key={key}>
              <Skeleton width={96} height={44} />
            </li>
          ))}
      </ul>
      <button
        type="button"
        className="category-scroll"
        aria-label={t('categories.more')}
        onClick={() => row.current?.scrollBy({ left: CATEGORY_SCROLL_STEP_PX, behavior: 'smooth' })}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
