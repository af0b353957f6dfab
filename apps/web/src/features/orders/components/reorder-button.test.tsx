import type { Reorder } from '@storefront/contracts/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import '../i18n.ts';
import { ReorderButton } from './reorder-button.tsx';

// Issue 30 item 2: "Pedir de nuevo" shows the server's refilled cart on this device, chooses the
// order's place and opens the checkout with the lines left out; when nothing can be sold it says so.

vi.mock('../../../lib/toast.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/app-context.tsx', () => ({
  useAppRecord: () => ({ company: { uid: 'demo-main' }, companies: [], currency: { symbol: 'S/' } }),
}));

const order = {
  uid: 'order-1',
  number: 7,
  company: 'demo-main',
  place: { uid: 'place-a', name: 'Miraflores' },
};
const arroz = {
  uid: 'p-arroz',
  name: 'Arroz con pollo',
  unit_price: '26.00',
  coin_price: null,
  is_redeemable: false,
  direct_purchase: false,
  image: null,
  option_groups: [],
  stock: null,
};
let answer: Reorder;
const posted: string[] = [];

function CartProbe() {
  const state = useLocation().state as { leftOut: Reorder['left_out'] };
  return <p>{`cart: ${state.leftOut.map((line) => `${line.name} (${line.message})`).join(', ')}`}</p>;
}

const renderIt = () => {
  const router = createMemoryRouter(
    [
      { path: '/orders', element: <ReorderButton order={order} /> },
      { path: '/cart', element: <CartProbe /> },
    ],
    { initialEntries: ['/orders'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

describe('"Pedir de nuevo"', () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === 'POST') {
          posted.push(url);
          return Response.json(answer);
        }
        return Response.json(arroz);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    posted.length = 0;
  });

  it('fills this device’s cart of the place and opens the checkout naming the lines left out', async () => {
    answer = {
      cart: {
        place: 'place-a',
        type: 'REGULAR',
        products: [
          { id: 'p-arroz_0', uid: 'p-arroz', quantity: 3, option_groups: [], direct_purchase: false },
        ],
        updated_at: '2026-01-01T12:00:00Z',
      },
      left_out: [
        {
          uid: 'p-causa',
          name: 'Causa limeña',
          quantity: 2,
          reason: 'PRODUCT_OUT_OF_STOCK',
          message: 'Este producto está agotado',
        },
      ],
    };
    const router = renderIt();
    fireEvent.click(screen.getByRole('button', { name: 'Pedir de nuevo el pedido #7' }));
    expect(await screen.findByText('cart: Causa limeña (Este producto está agotado)')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/cart?step=checkout');
    expect(posted).toEqual(['/api/v5/me/orders/order-1/reorder/']);
    expect(JSON.parse(localStorage.getItem('cart_place-a') ?? 'null')).toMatchObject({
      place: 'place-a',
      products: {
        'p-arroz_0': { uid: 'p-arroz', name: 'Arroz con pollo', quantity: 3, unit_price: '26.00' },
      },
    });
    expect(localStorage.getItem('selectedPlaceUid')).toBe('place-a');
  });

  it('stays on the order and says so when none of its lines can be sold', async () => {
    answer = {
      cart: { place: 'place-a', type: 'REGULAR', products: [], updated_at: null },
      left_out: [
        {
          uid: 'p-arroz',
          name: 'Arroz con pollo',
          quantity: 1,
          reason: 'PRODUCT_NOT_AVAILABLE',
          message: 'Este producto no está disponible en esta tienda',
        },
      ],
    };
    const router = renderIt();
    fireEvent.click(screen.getByRole('button', { name: 'Pedir de nuevo el pedido #7' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Ninguno de los productos de este pedido se vende ahora en esta tienda',
      ),
    );
    expect(router.state.location.pathname).toBe('/orders');
    expect(localStorage.getItem('cart_place-a')).toBeNull();
  });
});
