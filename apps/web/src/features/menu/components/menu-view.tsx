import type { Company } from '@storefront/contracts/app';
import type { Product } from '@storefront/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlaces } from '../api/use-places.ts';
import { useSelectedAreaUid, useSelectedPlaceUid } from '../menu-selection.ts';
import { CategoryBar } from './category-bar.tsx';
import { CitySelector } from './city-selector.tsx';
import { PlaceSelector } from './place-selector.tsx';
import { ProductList } from './product-list.tsx';
import { ProductPopup } from './product-popup.tsx';

/**
 * City, place and category selection over the place's product list; the popup opens from a card.
 * Not interactive: the list is only shown, with a sign-in link (signed-out /carta, spec §2).
 */
export function MenuView({ company, interactive }: { company: Company; interactive: boolean }) {
  const { t } = useTranslation('menu');
  const stored = useSelectedPlaceUid();
  // The stored place counts only once it is one of this company's places in the chosen city.
  const places = usePlaces(company.uid, useSelectedAreaUid());
  const placeUid = places.data?.some((place) => place.uid === stored) ? stored : null;
  const [open, setOpen] = useState<Product | null>(null);
  return (
    <div className="menu-view">
      <div className="menu-selectors">
        <CitySelector company={company} />
        <PlaceSelector companyUid={company.uid} />
      </div>
      {placeUid && (
        <>
          <CategoryBar placeUid={placeUid} />
          {!interactive && (
            <p className="menu-login">
              <Link to="/login">{t('list.loginToOrder')}</Link>
            </p>
          )}
          <ProductList placeUid={placeUid} onOpen={interactive ? setOpen : undefined} />
          {open && <ProductPopup product={open} placeUid={placeUid} onClose={() => setOpen(null)} />}
        </>
      )}
    </div>
  );
}
