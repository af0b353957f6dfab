import { startTransition, useCallback, useOptimistic } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The search parameters of the current URL and a setter that keeps the hash (the program's submodule,
 * e.g. #promotions); React Router's own setter drops it. A null or empty value removes the parameter.
 * The router renders a new location in a transition; until it commits, the parameters answered are
 * the ones just set, so a checkbox or select bound to them shows the change at once instead of
 * snapping back (React Router's `flushSync` is for its data routers only, not this BrowserRouter).
 */
export function useSearchState() {
  const [params] = useSearchParams();
  const [shown, showAtOnce] = useOptimistic(params);
  const location = useLocation();
  const navigate = useNavigate();
  const update = useCallback(
    (changes: Record<string, string | number | null>, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const search = next.toString();
      startTransition(() => {
        showAtOnce(next);
        navigate({ search: search ? `?${search}` : '', hash: location.hash }, options);
      });
    },
    [location.search, location.hash, navigate, showAtOnce],
  );
  return [shown, update] as const;
}

/** A positive page number from a search parameter, 1 when absent or invalid. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
