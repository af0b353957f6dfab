import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadAppRecord } from './app/app-record.ts';
import { createQueryClient, hydratePageQueries, readPageState } from './app/page-state.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadScreens } from './app/router.tsx';
import { applyAppLanguage, initI18n } from './lib/i18n.ts';
import {
  applyStorageVersion,
  MIRRORED_KEYS,
  STORAGE_KEYS,
  setStorageSource,
  storage,
  syncMirroredCookies,
} from './lib/storage.ts';
import './app/styles.css';
import { registerServiceWorker } from './lib/service-worker.ts';

/** Marks the document once React has rendered or hydrated it (the journeys wait for it before acting). */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/**
 * The server rendered the page for a visitor with the mirrored keys of its cookies. The browser hydrates
 * it when it would render the same (no session, the same keys); otherwise it renders over it.
 */
async function boot() {
  applyStorageVersion();
  const page = readPageState();
  const [, app] = await Promise.all([
    initI18n(page),
    loadAppRecord().catch(() => null),
    preloadScreens(window.location),
  ]);
  if (app) await applyAppLanguage(app);
  const hydrating =
    page !== null &&
    app !== null &&
    storage.get(STORAGE_KEYS.token) === null &&
    MIRRORED_KEYS.every((key) => storage.get(key) === (page.storage[key] ?? null));
  syncMirroredCookies();
  const queryClient = createQueryClient();
  if (hydrating) {
    hydratePageQueries(queryClient, page.queries);
    const rendered = new Map(Object.entries(page.storage));
    setStorageSource(
      () => localStorage,
      () => ({ getItem: (key) => rendered.get(key) ?? null, setItem() {}, removeItem() {} }),
    );
  }
  const tree = (
    <StrictMode>
      <Providers app={app} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
      <Ready />
    </StrictMode>
  );
  const root = document.getElementById('root') as HTMLElement;
  // In a transition React renders in slices of a few milliseconds and lets the browser answer a tap in
  // between; outside one it hydrated a page in a single long task (200 ms on a phone), which is
  // Lighthouse's total blocking time.
  startTransition(() => {
    if (hydrating) hydrateRoot(root, tree);
    else createRoot(root).render(tree);
  });
}

// The service worker (the shell's cache, notifications: pwa/service-worker.js), well after the page is
// interactive: registered at load, its install (fetching the shell) slowed the first page's hydration.
// The notification offer registers it at once where it shows (an order's page, itself loaded late).
const SERVICE_WORKER_DELAY_MS = 10_000;
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  addEventListener(
    'load',
    () => setTimeout(() => registerServiceWorker().catch(() => {}), SERVICE_WORKER_DELAY_MS),
    { once: true },
  );

void boot();
