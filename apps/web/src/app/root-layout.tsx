import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useAppRecord } from '../lib/app-context.tsx';
import { landingRedirect } from '../lib/storage.ts';
import { ConsentGate } from './consent-gate.tsx';
import { shouldPushLanding } from './guards.ts';
import { MaintenancePage } from './pages/maintenance-page.tsx';

/** Above every route: the maintenance flag and the once-per-session landing redirect. */
export function RootLayout() {
  const app = useAppRecord();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigationType();

  // A new page opens at its top (or at its anchor); back and forward keep the browser's own restoring.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new path is the event.
  useEffect(() => {
    if (navigation !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigation]);

  useEffect(() => {
    if (shouldPushLanding(app, pathname, landingRedirect.done())) {
      landingRedirect.markDone();
      if (pathname !== '/landing') navigate('/landing');
    }
  }, [app, pathname, navigate]);

  if (app.maintenance) return <MaintenancePage />;
  return (
    <>
      <Outlet />
      <ConsentGate />
    </>
  );
}
