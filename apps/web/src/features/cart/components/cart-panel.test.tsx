import type { App, Company } from '@storefront/contracts/app';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRecordProvider } from '../../../lib/app-context.tsx';
import { addCartLine } from '../../../lib/cart-store.ts';
import { initI18n } from '../../../lib/i18n.ts';
import '../i18n.ts';
import { CartPanel } from './cart-panel.tsx';

const company = { uid: 'co', name: 'Sabores Demo', hidden_for_members: [] } as unknown as Company;
const app = {
  uid: 'demo',
  company,
  allowed_companies: [company],
  currency: { symbol: 'S/' },
} as unknown as App;
const places = [
  { uid: 'p1', name: 'Miraflores', address: 'Av. Larco 345', locality: { uid: 'a1', name: 'Lima' } },
  { uid: 'p2', name: 'Cayma', address: 'Av. Ejército 100', locality: { uid: 'a2', name: 'Arequipa' } },
];

function renderPanel(mode: 'page' | 'popup') {
  const router = createMemoryRouter(
    [
      {
        path: '/cart',
        element: <CartPanel mode={mode} placeUid="p2" type="REGULAR" cartPath="/cart" storePath="/carta" />,
      },
    ],
    { initialEntries: ['/cart'] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppRecordProvider app={app}>
        <RouterProvider router={router} />
      </AppRecordProvider>
    </QueryClientProvider>,
  );
}

describe('the cart panel', () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ count: 2, next: null, previous: null, results: places })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says which store the cart belongs to, as a page and as the popup (issue 28)', async () => {
    addCartLine('p2', {
      uid: 'prod',
      name: 'Adobo arequipeño',
      quantity: 1,
      unit_price: '30.00',
      coin_price: null,
      is_redeemable: false,
      direct_purchase: false,
      image: null,
      option_groups: [],
    });
    for (const mode of ['page', 'popup'] as const) {
      renderPanel(mode);
      const place = await screen.findByText('Tienda: Cayma');
      expect(place.textContent).toBe('Tienda: CaymaAv. Ejército 100');
      expect(screen.getByText('Adobo arequipeño')).toBeTruthy();
      cleanup();
    }
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toContain('company=co');
  });

  it('names the store of an empty cart too', async () => {
    renderPanel('page');
    expect(await screen.findByText('Tienda: Cayma')).toBeTruthy();
    expect(screen.getByText('Tu carrito está vacío')).toBeTruthy();
  });
});
