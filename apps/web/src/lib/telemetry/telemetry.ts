import type { App } from '@storefront/contracts/app';
import { analyticsAccepted } from '../consent.ts';

/** The Firebase settings analytics would start with: the site's own, else the app's. */
export function firebaseSettings(app: App): Record<string, string> {
  return { ...(app.firebase_settings ?? {}), ...(app.site_firebase_settings ?? {}) } as Record<
    string,
    string
  >;
}

/** More than 5 non-empty settings (spec §4). */
export const hasFirebaseSettings = (app: App) =>
  Object.values(firebaseSettings(app)).filter((value) => typeof value === 'string' && value.trim() !== '')
    .length > 5;

/** Analytics and remote config run only with enough settings and the visitor's consent to _ga. */
export const shouldStartAnalytics = (app: App) => hasFirebaseSettings(app) && analyticsAccepted();

let started: Promise<void> | null = null;

/**
 * Starts analytics and remote config once, loading their code only now: a visitor who refuses
 * analytics never downloads it (docs/decisions/005-analytics-and-error-reporting.md).
 */
export function startAnalyticsIfAllowed(app: App): Promise<void> | null {
  if (started || !shouldStartAnalytics(app)) return started;
  started = import('./analytics-client.ts').then(({ startAnalytics }) =>
    startAnalytics(firebaseSettings(app)),
  );
  return started;
}

/** Error reporting starts in production builds when a DSN is configured (VITE_ERROR_REPORTING_DSN). */
export function startErrorReporting(): void {
  const dsn = import.meta.env.VITE_ERROR_REPORTING_DSN as string | undefined;
  if (!import.meta.env.PROD || !dsn) return;
  void import('./error-reporter.ts').then(({ startErrorReporter }) => startErrorReporter(dsn));
}
