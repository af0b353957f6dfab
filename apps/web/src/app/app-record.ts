import type { App } from '@storefront/contracts/app';
import { apiFetch } from '../lib/api-client.ts';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';

/**
 * The app record: inlined into index.html by the server (which saves a round trip), else fetched by
 * domain. Its key is stored for the API client; its colours are applied and kept.
 */
export async function loadAppRecord(): Promise<App> {
  const inline = document.getElementById('app-record')?.textContent;
  const app = inline
    ? (JSON.parse(inline) as App)
    : await apiFetch<App>(`v7/apps/?domain=${encodeURIComponent(window.location.hostname)}`);
  storage.set(STORAGE_KEYS.apiKey, app.api_key);
  applyBranding(app);
  return app;
}

function applyBranding(app: App): void {
  const root = document.documentElement.style;
  if (app.colors.main_color) {
    root.setProperty('--main-color', app.colors.main_color);
    storage.set(STORAGE_KEYS.colorsMainColor, app.colors.main_color);
  }
  if (app.colors.menu_color) {
    root.setProperty('--menu-color', app.colors.menu_color);
    storage.set(STORAGE_KEYS.colorsMenuColor, app.colors.menu_color);
  }
  document.title = app.name;
  if (app.favicon && !document.querySelector('link[rel="icon"]')) {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = app.favicon;
    document.head.append(link);
  }
}
