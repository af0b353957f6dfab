import type { App } from '@storefront/contracts/app';
import { DOCUMENT_TYPES } from '@storefront/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppRecordProvider, AuthProvider } from '../../../lib/app-context.tsx';
import { initI18n } from '../../../lib/i18n.ts';

// The page registers its strings on import, so it is imported once i18next is up (as in the app).
let LoginPage: () => React.ReactNode;

function renderLogin(methods: App['signin_methods']) {
  const app = {
    uid: 'demo',
    name: 'Demo',
    signin_methods: methods,
    recaptcha_settings: null,
  } as unknown as App;
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: ['/login'],
  });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AppRecordProvider app={app}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </AppRecordProvider>
    </QueryClientProvider>,
  );
}

describe('the login form', () => {
  beforeAll(async () => {
    await initI18n();
    LoginPage = (await import('./login-page.tsx')).Component;
  });
  afterEach(cleanup);

  it.each(['DOCUMENT', 'ONLY_DOCUMENT'] as const)(
    'offers the document types with NATIONAL_ID chosen, never an empty "—" (spec §3, %s)',
    async (type) => {
      renderLogin([{ type, settings: {} }]);
      const select = (await screen.findByLabelText('Tipo de documento')) as HTMLSelectElement;
      expect(select.value).toBe('NATIONAL_ID');
      expect(select.selectedOptions[0]?.textContent).toBe('DNI');
      expect([...select.options].map((option) => option.value)).toEqual([...DOCUMENT_TYPES]);
    },
  );
});
