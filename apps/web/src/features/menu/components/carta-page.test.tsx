import type { App, Company } from '@storefront/contracts/app';
import { SEARCH_DEBOUNCE_MS } from '@storefront/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRecordProvider, AuthProvider } from '../../../lib/app-context.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { shimDialogs } from '../../../test-support/dialog.ts';
import defaultBanner from '../assets/default-banner.svg';

// The page registers its strings on import, so it is imported once i18next is up (as in the app).
let CartaPage: () => React.ReactNode;

const company = (changes: Partial<Company>): Company => ({
  uid: 'co',
  name: 'Sabores Demo',
  description: '',
  logo: '/logo.svg',
  logo_rectangle: null,
  banner: '/banner.svg',
  cover: '/cover.svg',
  whatsapp_number: null,
  ecommerce_enabled: true,
  benefit_programs_enabled: true,
  subscription_enabled: false,
  delivery_service: false,
  submodules: [],
  hidden_for_members: [],
  social_links: {},
  is_main: true,
  ...changes,
});

function renderCarta(
  changes: Partial<Company>,
  token?: string,
  appChanges: Partial<App> = {},
  at = '/carta',
) {
  if (token) localStorage.setItem('token', token);
  const main = company(changes);
  const app = {
    uid: 'demo',
    name: 'Demo',
    logo: null,
    company: main,
    allowed_companies: [main],
    allowed_programs: [],
    currency: { symbol: 'S/' },
    allow_signup: true,
    ...appChanges,
  } as unknown as App;
  const router = createMemoryRouter(
    [
      { path: '/carta', element: <CartaPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [at] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppRecordProvider app={app}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </AppRecordProvider>
    </QueryClientProvider>,
  );
}

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const place = {
  uid: 'p1',
  name: 'Miraflores',
  address: 'Av. Larco 345',
  locality: { uid: 'a1', name: 'Lima' },
};
const product = {
  id: 1,
  uid: 'prod',
  title: 'Lomo saltado',
  name: 'Lomo saltado',
  short_description: '',
  description: '',
  image: null,
  image_reverse: null,
  unit_price: '35.00',
  coin_price: null,
  stock: 0,
  is_redeemable: false,
  direct_purchase: false,
  option_groups: [],
  brand: null,
  sku: null,
  category: null,
};

describe('/carta', () => {
  beforeAll(async () => {
    await initI18n();
    CartaPage = (await import('./carta-page.tsx')).Component;
    shimDialogs();
  });
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = url.includes('/areas/')
          ? page([{ uid: 'a1', name: 'Lima', country_code: 'PE' }])
          : url.includes('/places/?')
            ? page([place])
            : url.includes('/products/prod/')
              ? product
              : url.includes('/products/')
                ? page([product])
                : page([]);
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the 404 page when the company hides its cart from members', () => {
    renderCarta({ hidden_for_members: ['cart'] });
    expect(screen.getByRole('heading', { name: 'Lo sentimos, página no encontrada!' })).toBeTruthy();
  });

  it('uses the banner, else the cover, else the default image', () => {
    const banner = () => document.querySelector('.carta-banner')?.getAttribute('src');
    renderCarta({});
    expect(banner()).toBe('/banner.svg');
    cleanup();
    renderCarta({ banner: null });
    expect(banner()).toBe('/cover.svg');
    cleanup();
    renderCarta({ banner: null, cover: null });
    expect(banner()).toBe(defaultBanner);
  });

  it('hides the website link when the store is hidden for members', () => {
    renderCarta({});
    expect(screen.getByRole('link', { name: 'Ir a la web' }).getAttribute('href')).toBe('/');
    cleanup();
    renderCarta({ hidden_for_members: ['store'] });
    expect(screen.queryByRole('link', { name: 'Ir a la web' })).toBeNull();
  });

  it('signed out, a card opens no popup but says, with its name, to sign in or register (issue 28)', async () => {
    renderCarta({});
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Lomo saltado/ }));
    const prompt = await screen.findByRole('dialog', { name: 'Lomo saltado' });
    expect(prompt.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(prompt).getByText(
        'Para pedir Lomo saltado, inicia sesión o crea tu cuenta. Luego volverás aquí para elegirlo.',
      ),
    ).toBeTruthy();
    expect(within(prompt).queryByRole('button', { name: /Agregar/ })).toBeNull();
    expect(within(prompt).getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe('/register');
    fireEvent.click(within(prompt).getByRole('link', { name: 'Iniciar sesión' }));
    // Where signing in (or registering) lands: this product of the menu.
    expect(localStorage.getItem('pendingRedirect')).toBe('/carta?product=prod');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('closes the prompt with its close button, and offers no registration when signup is off', async () => {
    renderCarta({}, undefined, { allow_signup: false });
    fireEvent.click(await screen.findByRole('button', { name: /Lomo saltado/ }));
    const prompt = await screen.findByRole('dialog', { name: 'Lomo saltado' });
    expect(
      within(prompt).getByText('Para pedir Lomo saltado, inicia sesión. Luego volverás aquí para elegirlo.'),
    );
    expect(within(prompt).queryByRole('link', { name: 'Crear cuenta' })).toBeNull();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('signed in, a card opens the product popup; the link of a product opens it at once', async () => {
    renderCarta({}, 'member-token');
    fireEvent.click(await screen.findByRole('button', { name: /Lomo saltado/ }));
    expect(await screen.findByRole('button', { name: /Agregar/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Inicia sesión para hacer tu pedido.' })).toBeNull();
    cleanup();
    renderCarta({}, 'member-token', {}, '/carta?product=prod');
    const popup = await screen.findByRole('dialog', { name: 'Lomo saltado' });
    expect(within(popup).getByRole('button', { name: /Agregar/ })).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the search input hidden and sends its text as `search` once typing pauses', async () => {
    renderCarta({});
    await screen.findByText('Lomo saltado');
    const input = screen.getByLabelText('Buscar productos');
    expect(input.closest('[hidden]')).not.toBeNull();
    const searched = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(([url]) => String(url))
        .filter((url) => url.includes('search='));
    // The debounce runs on a fake clock: nothing is asked until SEARCH_DEBOUNCE_MS after the last key.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(input, { target: { value: 'lom' } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
      fireEvent.change(input, { target: { value: 'lomo ' } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(searched()).toEqual([]);
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(searched()).toHaveLength(1));
    expect(searched()[0]).toMatch(/[?&]search=lomo(&|$)/);
  });

  it("on a first visit asks for the first place's products without waiting for its city's places", async () => {
    const fetched = vi.mocked(fetch).getMockImplementation();
    let answerCity = () => {};
    vi.mocked(fetch).mockImplementation((url, init) =>
      String(url).includes('area=')
        ? new Promise((resolve) => {
            answerCity = () => resolve(fetched?.(url, init) as unknown as Response);
          })
        : (fetched?.(url, init) as Promise<Response>),
    );
    renderCarta({});
    expect(await screen.findByText('Lomo saltado')).toBeTruthy();
    const urls = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(urls.some((url) => url.includes('/places/?') && url.includes('area=a1'))).toBe(true);
    expect(urls.some((url) => url.includes('/places/p1/products/'))).toBe(true);
    answerCity();
  });
});
