import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CONSENT_EVENT, needsConsent } from '../lib/consent.ts';
import { startAnalyticsIfAllowed, startErrorReporting } from '../lib/telemetry/telemetry.ts';
import { useAppRecord } from './app-context.tsx';

// The banner's code is its own chunk, fetched only when it has to show: then at once, alongside the
// screen's chunk, so that the banner paints with the page rather than after it.
const loadCookieBanner = () => import('../features/legal/components/cookie-banner.tsx');
if (needsConsent()) void loadCookieBanner();
const CookieBanner = lazy(loadCookieBanner);

/** App-wide: the cookie banner when consent is needed, analytics once allowed, error reporting. */
export function ConsentGate() {
  const app = useAppRecord();
  const { pathname } = useLocation();
  const [showBanner, setShowBanner] = useState(needsConsent);

  useEffect(() => {
    startErrorReporting();
    startAnalyticsIfAllowed(app);
    const onConsent = () => {
      setShowBanner(needsConsent());
      startAnalyticsIfAllowed(app);
    };
    window.addEventListener(CONSENT_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, [app]);

  // The cookies page is where the choice is made; the banner would cover it.
  if (!showBanner || pathname.startsWith('/cookies')) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
