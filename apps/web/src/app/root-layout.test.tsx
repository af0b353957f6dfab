import type { App } from '@storefront/contracts/app';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppRecordProvider, AuthProvider } from '../lib/app-context.tsx';
import { initI18n } from '../lib/i18n.ts';
import { RootLayout } from './root-layout.tsx';

const app = (maintenance: boolean) =>
  ({
    name: 'Demo',
    logo: null,
    landing_page: false,
    maintenance,
  }) as unknown as App;

function renderRoot(record: App) {
  const router = createMemoryRouter([
    { element: <RootLayout />, children: [{ path: '/', element: <p>page</p> }] },
  ]);
  return render(
    <AppRecordProvider app={record}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </AppRecordProvider>,
  );
}

describe('the maintenance flag', () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(cleanup);

  it('replaces every page with the maintenance notice when on', () => {
    renderRoot(app(true));
    expect(screen.getByRole('heading', { name: 'Estamos en mantenimiento' })).toBeTruthy();
    expect(screen.getByText(/5 y 6 de noviembre/)).toBeTruthy();
    expect(screen.queryByText('page')).toBeNull();
  });

  it('shows the page when off (the default)', () => {
    renderRoot(app(false));
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('Estamos en mantenimiento')).toBeNull();
  });
});
