import { ALL_CATEGORIES_UID } from '@storefront/contracts/constants';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, serverSnapshot, storage } from './storage.ts';

/**
 * The chosen city, place and category, kept in local storage (spec §4) and shared by the sidebar's
 * selectors and the menu pages: a change in one re-renders the others.
 */
const KEYS = [
  STORAGE_KEYS.selectedAreaUid,
  STORAGE_KEYS.selectedPlaceUid,
  STORAGE_KEYS.sectionSearchProduct,
] as const;
type SelectionKey = (typeof KEYS)[number];

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function write(key: SelectionKey, value: string | null): void {
  if (storage.get(key) === value) return;
  if (value === null) storage.remove(key);
  else storage.set(key, value);
  for (const listener of listeners) listener();
}

// Another tab's choice re-renders too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => {
    for (const listener of listeners) listener();
  });
}

const useStored = (key: SelectionKey) =>
  useSyncExternalStore(
    subscribe,
    () => storage.get(key),
    () => serverSnapshot(key),
  );

export const useSelectedAreaUid = () => useStored(STORAGE_KEYS.selectedAreaUid);
/** The city stored now: an effect checks it so as not to undo a choice made since its render. */
export const storedAreaUid = () => storage.get(STORAGE_KEYS.selectedAreaUid);
export const useSelectedPlaceUid = () => useStored(STORAGE_KEYS.selectedPlaceUid);

/** The category filter: a comma-separated list of uids, All (000) when nothing is stored. */
export const useSelectedCategories = () => useStored(STORAGE_KEYS.sectionSearchProduct) ?? ALL_CATEGORIES_UID;

export const selectArea = (areaUid: string | null) => write(STORAGE_KEYS.selectedAreaUid, areaUid);

/** Choosing a place also sets its city (spec §4). */
export function selectPlace(placeUid: string | null, areaUid?: string): void {
  if (areaUid) write(STORAGE_KEYS.selectedAreaUid, areaUid);
  write(STORAGE_KEYS.selectedPlaceUid, placeUid);
}

/** Single selection: choosing a category deselects the others, so the stored list has one uid (spec §4). */
export const selectCategory = (categoryUid: string) => write(STORAGE_KEYS.sectionSearchProduct, categoryUid);
