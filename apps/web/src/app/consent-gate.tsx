import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
// The banner is in the entry, not a chunk of its own: every first visit shows it, and as a chunk it
// painted a wave after the page, as the page's largest element (decision record 013).
import CookieBanner from '../features/legal/components/cookie-banner.tsx';
import { useAppRecord } from '../lib/app-context.tsx';
import { CONSENT_EVENT, needsConsent } from '../lib/consent.ts';
import { startAnalyticsIfAllowed, startErrorReporting } from '../lib/telemetry/telemetry.ts';

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
  return <CookieBanner />;
}
