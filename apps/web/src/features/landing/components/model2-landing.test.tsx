import type { App } from '@storefront/contracts/app';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppRecordProvider } from '../../../lib/app-context.tsx';
import { addTranslations, initI18n } from '../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { Model2Landing } from './model2-landing.tsx';

// The MODEL_2 landing's header button (spec §2): a marketplace's opens the administrator site, which is
// the installation's admin site (the app record's admin_url, from ADMIN_HOST) when the build names no
// other (VITE_MARKETPLACE_ADMIN_URL, unset in the tests); any other app's opens the storefront's login.

const company = { uid: 'c', name: 'Mercado', logo: null, whatsapp_number: null, ecommerce_enabled: true };
const appRecord = (marketplace: boolean) =>
  ({
    uid: 'multi',
    name: 'Mercado',
    logo: null,
    domain: 'multi.localhost',
    marketplace,
    admin_url: 'http://admin.localhost:8080/',
    company,
    allowed_companies: [company],
    allowed_programs: [],
  }) as unknown as App;

function renderLanding(app: App) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The landing's sections, as the API would answer: none beyond the header.
  client.setQueryData(['landing', app.uid], []);
  const router = createMemoryRouter([{ path: '/', element: <Model2Landing /> }]);
  return render(
    <QueryClientProvider client={client}>
      <AppRecordProvider app={app}>
        <RouterProvider router={router} />
      </AppRecordProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
  addTranslations('landing', { es, en });
});
afterEach(cleanup);

describe('the MODEL_2 landing header', () => {
  it("a marketplace's 'Iniciar sesión' opens the installation's admin site", async () => {
    renderLanding(appRecord(true));
    expect((await screen.findByRole('link', { name: 'Iniciar sesión' })).getAttribute('href')).toBe(
      'http://admin.localhost:8080/',
    );
  });

  it("another app's 'Iniciar sesión' opens the storefront's login", async () => {
    renderLanding(appRecord(false));
    expect((await screen.findByRole('link', { name: 'Iniciar sesión' })).getAttribute('href')).toBe('/login');
  });
});
