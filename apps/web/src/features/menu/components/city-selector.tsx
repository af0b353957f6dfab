import type { Company } from '@storefront/contracts/app';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/app-context.tsx';
import {
  selectArea,
  storedAreaUid,
  useSelectedAreaUid,
  useSelectedPlaceUid,
} from '../../../lib/place-selection.ts';
import { useAreas } from '../api/use-areas.ts';
import { usePlaces } from '../api/use-places.ts';

/**
 * The city selector (spec §2 Sidebar): shown only when the company is in more than one city, with its
 * loading, none-found and not-available states. A member's new city is also saved on the profile.
 */
export function CitySelector({ company }: { company: Company }) {
  const { t } = useTranslation('menu');
  const id = useId();
  const { loggedIn } = useAuth();
  const queryClient = useQueryClient();
  const areas = useAreas(company);
  const selected = useSelectedAreaUid();
  // No city chosen yet: the place selector picks a place (and so its city) once the page runs; the city
  // of that place is shown from the first render, the server's included, so nothing jumps.
  const placeUid = useSelectedPlaceUid();
  const places = usePlaces(company.uid, selected);
  const pickedPlace = places.data?.find((place) => place.uid === placeUid) ?? places.data?.[0];
  const shown = selected ?? pickedPlace?.locality.uid ?? null;

  // A single city is the city: nothing to choose, but the places are still filtered by it. A stored
  // city the company is not in is forgotten.
  const list = areas.data;
  const target =
    list === undefined
      ? selected
      : list.length === 1
        ? (list[0]?.uid ?? null)
        : list.some((area) => area.uid === selected)
          ? selected
          : null;
  useEffect(() => {
    // Not over a city chosen since this render.
    if (target !== selected && storedAreaUid() === selected) selectArea(target);
  }, [target, selected]);

  if (areas.isPending) return <p className="selector-state">{t('city.loading')}</p>;
  if (areas.isError) return <p className="selector-state">{t('city.unavailable')}</p>;
  if (areas.data.length === 0) return <p className="selector-state">{t('city.empty')}</p>;
  if (areas.data.length === 1) return null;

  const change = (areaUid: string) => {
    selectArea(areaUid);
    if (!loggedIn) return;
    // The accounts API may not answer yet; the local choice stands either way.
    apiFetch('v5/me/', { method: 'PATCH', body: { area: areaUid } })
      .then(() => queryClient.invalidateQueries({ queryKey: ['me'] }))
      .catch(() => undefined);
  };

  return (
    <div className="selector">
      <label htmlFor={id}>{t('city.label')}</label>
      <select id={id} value={shown ?? ''} onChange={(event) => change(event.target.value)}>
        {!areas.data.some((area) => area.uid === shown) && <option value="">{t('city.label')}</option>}
        {areas.data.map((area) => (
          <option key={area.uid} value={area.uid}>
            {area.name}
          </option>
        ))}
      </select>
    </div>
  );
}
