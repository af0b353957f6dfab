import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { orderAnswer } from '../../../test-support/orders.ts';

vi.mock('../../../lib/app-context.tsx', () => ({ useAppRecord: () => ({ currency: { symbol: 'S/' } }) }));

// The page registers its strings on import, so it is imported once i18next is up (as in the app).
let OrderDetailPage: () => React.ReactNode;

function renderOrder(change: Parameters<typeof orderAnswer>[0]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(orderAnswer({ status: 'RECEIVED', payment_type: 'CASH', ...change }))),
  );
  const router = createMemoryRouter([{ path: '/orders/:orderUid', element: <OrderDetailPage /> }], {
    initialEntries: ['/orders/order-1'],
  });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the member's order page", () => {
  beforeAll(async () => {
    await initI18n();
    OrderDetailPage = (await import('./order-detail-page.tsx')).Component;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the comments the member wrote at checkout, line breaks kept (issue 28)', async () => {
    renderOrder({ comments: 'Sin cebolla, por favor.\nTocar el timbre dos veces.' });
    const label = await screen.findByText('Tus comentarios');
    expect(label.tagName).toBe('DT');
    expect(label.nextElementSibling?.textContent).toBe('Sin cebolla, por favor.\nTocar el timbre dos veces.');
  });

  it('has no comments entry when the member wrote none', async () => {
    renderOrder({ comments: '' });
    expect(await screen.findByRole('heading', { name: 'Pedido #41' })).toBeTruthy();
    expect(screen.queryByText('Tus comentarios')).toBeNull();
  });
});
