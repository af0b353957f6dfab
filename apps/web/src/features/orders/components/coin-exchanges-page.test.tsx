import type { MemberRedemption } from '@storefront/contracts/loyalty';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import '../i18n.ts';
import { Component as CoinExchangesPage } from './coin-exchanges-page.tsx';

// Issue 30 item 6: "Mis canjes" shows every promotion bought or redeemed, as the API orders them
// (newest first), each with its code, its state and its QR on request; then the coin orders.

vi.mock('../../../lib/app-context.tsx', () => ({ useAppRecord: () => ({ currency: { symbol: 'S/' } }) }));

const redemption = (change: Partial<MemberRedemption>): MemberRedemption => ({
  uid: 'r1',
  code: 'MZNLZ4CGXE',
  status: 'ACQUIRED',
  coins_spent: 100,
  place: null,
  created_at: '2026-01-02T12:00:00Z',
  redeemed_at: null,
  promotion: {
    uid: 'promo-postre',
    title: 'Postre por 100 monedas',
    image: null,
    rate_discount: 100,
    coin_price: 100,
  },
  coins: 50,
  qr: 'PROMO:MZNLZ4CGXE',
  program: { uid: 'demo-club', name: 'Club Sabores' },
  ...change,
});
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
let redemptions: MemberRedemption[] = [];

const renderIt = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/orders/coins', element: <CoinExchangesPage /> }], {
          initialEntries: ['/orders/coins'],
        })}
      />
    </QueryClientProvider>,
  );

describe('Mis canjes', () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(url.includes('/redemptions/') ? page(redemptions) : page([])),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the promotions with code and state in the order given, and shows a QR on request', async () => {
    redemptions = [
      redemption({
        uid: 'r2',
        code: 'FWQ2NMRYD2',
        qr: 'PROMO:FWQ2NMRYD2',
        coins_spent: 0,
        promotion: { ...redemption({}).promotion, uid: 'promo-chicha', title: 'Chicha morada de bienvenida' },
      }),
      redemption({ status: 'REDEEMED', redeemed_at: '2026-01-03T12:00:00Z' }),
    ];
    renderIt();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Chicha morada de bienvenida',
      'Postre por 100 monedas',
    ]);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('FWQ2NMRYD2')).toBeTruthy();
    expect(within(first).getByText('Por usar en tienda')).toBeTruthy();
    expect(within(first).getByText(/Club Sabores · .* · Gratis/)).toBeTruthy();
    expect(within(second).getByText('MZNLZ4CGXE')).toBeTruthy();
    expect(within(second).getByText('Canjeado')).toBeTruthy();
    expect(within(second).getByText(/· 100 monedas$/)).toBeTruthy();
    const show = within(first).getByRole('button', { name: 'Ver código QR' });
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(within(first).getByRole('button', { name: 'Ocultar código QR' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Productos canjeados con monedas' })).toBeTruthy();
  });

  it('says so when there is none yet', async () => {
    redemptions = [];
    renderIt();
    expect(await screen.findByText('Aún no compraste ni canjeaste promociones')).toBeTruthy();
  });
});
