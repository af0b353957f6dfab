import type { App, Company } from '@storefront/contracts/app';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRecordProvider } from '../../../lib/app-context.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';

vi.mock('../../../lib/toast.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The page registers its strings on import, so it is imported once i18next is up (as in the app).
let DeletionPage: () => React.ReactNode;

const company = { uid: 'co', name: 'Sabores Demo', logo: null, logo_rectangle: null } as unknown as Company;
const app = { uid: 'demo', logo: null, company, allowed_companies: [company] } as unknown as App;

describe('the account deletion page', () => {
  beforeAll(async () => {
    await initI18n();
    DeletionPage = (await import('./deletion-page.tsx')).Component;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('ends on the farewell alone: the link, spent by the deletion, is not reported expired (issue 28)', async () => {
    // The link is valid until the account is deleted; after that the server no longer knows it.
    let deleted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          deleted = true;
          return Response.json({ detail: 'ok' });
        }
        return deleted
          ? Response.json({ detail: 'El link ha expirado.' }, { status: 400 })
          : Response.json({ detail: 'ok' });
      }),
    );
    const router = createMemoryRouter(
      [{ path: '/me/delete/:uidApp/:uidUser/:token', element: <DeletionPage /> }],
      { initialEntries: ['/me/delete/demo/user-1/token-1'] },
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <AppRecordProvider app={app}>
          <RouterProvider router={router} />
        </AppRecordProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByText('Tu cuenta ha sido eliminada, ¡hasta pronto!')).toBeTruthy();
    // The session's data is dropped, so the link is asked again: its answer, now an error, changes nothing.
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ['deletion-link'] })[0]?.state.status).toBe(
        'error',
      ),
    );
    expect(screen.queryByText('El link ha expirado.')).toBeNull();
    expect(vi.mocked(toast.error)).not.toHaveBeenCalled();
    expect(screen.getByText('Tu cuenta ha sido eliminada, ¡hasta pronto!')).toBeTruthy();
  });
});
