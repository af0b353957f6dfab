import { TOAST_DURATION_MS } from '@storefront/contracts/constants';
import { type CSSProperties, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');

// sonner is not first-page code: it is fetched with the first toast, and its Toaster mounts then
// (sonner replays toasts raised before the Toaster subscribed).
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const show = (kind: 'success' | 'error') => (message: string, options?: ExternalToast) => {
  loadSonner().then(
    (module) => module.toast[kind](message, options),
    // A chunk that failed to load: the toast is lost, the next one tries again.
    () => undefined,
  );
};

export const toast = { success: show('success'), error: show('error') };

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const HEADER_CLEARANCE_PX = 72;

/** Mounted once by the providers: sonner's Toaster (top-right under the header, 5 s) from the first toast on. */
export function Toasts() {
  const { t } = useTranslation();
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
  if (!loaded) return null;
  return (
    <loaded.Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      closeButton
      // Below the sticky header (61 px), so a toast never hides the cart count it is announcing.
      offset={{ top: HEADER_CLEARANCE_PX }}
      mobileOffset={{ top: HEADER_CLEARANCE_PX }}
      // sonner's own labels are English.
      containerAriaLabel={t('toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      richColors
      // sonner's green and red text reach only 4.3:1 on their tinted backgrounds; these reach 4.5:1 (WCAG AA).
      style={
        { '--success-text': 'hsl(140, 100%, 22%)', '--error-text': 'hsl(360, 100%, 38%)' } as CSSProperties
      }
    />
  );
}
