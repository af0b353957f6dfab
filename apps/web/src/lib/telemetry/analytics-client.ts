/**
 * Analytics and remote config behind a small interface. The Firebase SDK is not bundled (it is fetched
 * from Google's servers and this build must run offline); a deployment that wants it implements
 * `AnalyticsBackend` with `firebase/analytics` and `firebase/remote-config` and registers it with
 * `useAnalyticsBackend` before start-up. Without a backend, events stay in a bounded in-page queue.
 */
export interface AnalyticsBackend {
  start(settings: Record<string, string>): Promise<void>;
  logEvent(name: string, params?: Record<string, unknown>): void;
  /** Remote config values (e.g. main_color, menu_color), or an empty record. */
  fetchConfig(): Promise<Record<string, string>>;
}

const MAX_QUEUED = 100;

const queueBackend = (): AnalyticsBackend & {
  events: { name: string; params?: Record<string, unknown> }[];
} => ({
  events: [],
  async start() {},
  logEvent(name, params) {
    this.events.push({ name, params });
    if (this.events.length > MAX_QUEUED) this.events.shift();
  },
  async fetchConfig() {
    return {};
  },
});

let backend: AnalyticsBackend = queueBackend();

export function useAnalyticsBackend(next: AnalyticsBackend): void {
  backend = next;
}

export const logEvent = (name: string, params?: Record<string, unknown>) => backend.logEvent(name, params);

/** Starts the backend, logs page views on navigation and applies remote colours. */
export async function startAnalytics(settings: Record<string, string>): Promise<void> {
  await backend.start(settings);
  document.documentElement.dataset.analytics = 'started';
  logEvent('page_view', { page_path: location.pathname });
  window.addEventListener('popstate', () => logEvent('page_view', { page_path: location.pathname }));
  const config = await backend.fetchConfig();
  if (config.main_color) document.documentElement.style.setProperty('--main-color', config.main_color);
  if (config.menu_color) document.documentElement.style.setProperty('--menu-color', config.menu_color);
}
