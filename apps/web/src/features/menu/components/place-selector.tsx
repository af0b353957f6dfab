import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectPlace,
  storedAreaUid,
  useSelectedAreaUid,
  useSelectedPlaceUid,
} from '../../../lib/place-selection.ts';
import { usePlaces } from '../api/use-places.ts';

/**
 * The place selector (spec §2): the company's places of the chosen city, sorted by name, with name and
 * address; states loading, no places found (in the city) and no places for the company. A stored place
 * that is not on the list gives way to the first one, so the menu always has a place.
 */
export function PlaceSelector({ companyUid }: { companyUid: string }) {
  const { t } = useTranslation('menu');
  const id = useId();
  const areaUid = useSelectedAreaUid();
  const selected = useSelectedPlaceUid();
  const places = usePlaces(companyUid, areaUid);

  const first = places.data?.[0];
  const known = places.data?.some((place) => place.uid === selected) ?? true;
  useEffect(() => {
    // A city chosen since this render has its own list, whose first place that render picks.
    if (!known && first && storedAreaUid() === areaUid) selectPlace(first.uid, first.locality.uid);
  }, [known, first, areaUid]);

  if (places.isPending) return <p className="selector-state">{t('place.loading')}</p>;
  if (places.isError) return <p className="selector-state">{t('place.unavailable')}</p>;
  if (places.data.length === 0) {
    return <p className="selector-state">{t(areaUid ? 'place.empty' : 'place.noneForCompany')}</p>;
  }
  return (
    <div className="selector">
      <label htmlFor={id}>{t('place.label')}</label>
      <select
        id={id}
        value={known ? (selected ?? '') : (first?.uid ?? '')}
        onChange={(event) => {
          const place = places.data.find((item) => item.uid === event.target.value);
          if (place) selectPlace(place.uid, place.locality.uid);
        }}
      >
        {!known && <option value="">{t('place.choose')}</option>}
        {places.data.map((place) => (
          <option key={place.uid} value={place.uid}>
            {`${place.name} · ${place.address}`}
          </option>
        ))}
      </select>
    </div>
  );
}
