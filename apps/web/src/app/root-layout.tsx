import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { landingRedirect } from '../lib/storage.ts';
import { useAppRecord } from './app-context.tsx';
import { ConsentGate } from './consent-gate.tsx';
import { shouldPushLanding } from './guards.ts';
import { MaintenancePage } from './pages/maintenance-page.tsx';

/** Above every route: the maintenance flag and the once-per-session landing redirect. */
export function RootLayout() {
  const app = useAppRecord();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (shouldPushLanding(app, pathname, landingRedirect.done())) {
      landingRedirect.markDone();
      if (pathname !== '/landing') navigate('/landing');
    }
  }, [app, pathname, navigate]);

  if (app.maintenance) return <MaintenancePage />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <ConsentGate />
    </>
  );
}
