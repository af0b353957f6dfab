import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AdminApp } from './app/admin-app.tsx';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      {/* Real paths (/products/p-1), not #/ hashes: the server answers index.html for each of them. */}
      <BrowserRouter>
        <AdminApp />
      </BrowserRouter>
    </StrictMode>,
  );
