import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AdminApp } from './app/admin-app.tsx';

/** Tells the browser journeys that React runs the page (the storefront's convention, apps/web/e2e/support.ts). */
function ReadySignal() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      {/* Real paths (/products/p-1), not #/ hashes: the server answers index.html for each of them. */}
      <BrowserRouter>
        <AdminApp />
      </BrowserRouter>
      <ReadySignal />
    </StrictMode>,
  );
