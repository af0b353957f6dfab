import { useSyncExternalStore } from 'react';

const supported = () => typeof window.matchMedia === 'function';

/** Whether a CSS media query matches now (false where media queries cannot be asked); follows changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!supported()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => supported() && window.matchMedia(query).matches,
    // The server renders phone-first (no query matches); a wider screen updates once hydrated.
    () => false,
  );
}
