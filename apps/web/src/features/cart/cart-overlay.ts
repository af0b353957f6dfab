import { OVERLAY_LAST_UNIT_REMOVED_MS, OVERLAY_POPUP_CHANGE_MS } from '@storefront/contracts/constants';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The loading overlay over the cart while a change settles (spec §9): 2 s when the last unit of a
 * line is removed, 4 s after an add or remove in the product popup.
 */
let until = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function showCartOverlay(ms: number): void {
  until = Date.now() + ms;
  for (const listener of listeners) listener();
}

export const overlayForLastUnit = () => showCartOverlay(OVERLAY_LAST_UNIT_REMOVED_MS);
export const overlayForPopupChange = () => showCartOverlay(OVERLAY_POPUP_CHANGE_MS);

/** True while the overlay shows; re-renders when it ends. */
export function useCartOverlay(): boolean {
  const end = useSyncExternalStore(
    subscribe,
    () => until,
    () => 0,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = end - Date.now();
    if (left <= 0) return;
    setNow(Date.now());
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [end]);
  return end > now;
}
