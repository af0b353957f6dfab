import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppRecord } from './app/app-record.ts';
import { Providers } from './app/providers.tsx';
import { initI18n } from './lib/i18n.ts';
import { applyStorageVersion } from './lib/storage.ts';
import './app/styles.css';

async function boot() {
  applyStorageVersion();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const [, app] = await Promise.all([initI18n(), loadAppRecord().catch(() => null)]);
  root.render(
    <StrictMode>
      <Providers app={app} />
    </StrictMode>,
  );
}

void boot();
