import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addCartLine,
  clearCart,
  dropDirectPurchases,
  editCartLine,
  findCartLine,
  getCart,
  getCartType,
  type NewCartLine,
  removeCartLine,
  saveCart,
  setCartType,
  useCart,
} from './cart-store.ts';

const line = (uid: string, quantity = 1): NewCartLine => ({
  uid,
  name: `Product ${uid}`,
  quantity,
  unit_price: '18.00',
  coin_price: null,
  is_redeemable: false,
  direct_purchase: false,
  image: null,
  option_groups: [{ uid: 'g1', name: 'Salsas', options: [{ uid: 'o1', name: 'Ají', price: '0.00' }] }],
});

describe('cart store', () => {
  beforeEach(() => localStorage.clear());

  it('adds lines under per-place keys with uid_index ids', () => {
    expect(addCartLine('place-a', line('p1'))).toBe('p1_0');
    expect(addCartLine('place-a', line('p1', 2))).toBe('p1_1');
    expect(addCartLine('place-b', line('p1'))).toBe('p1_0');
    const stored = JSON.parse(localStorage.getItem('cart_place-a') ?? 'null');
    expect(stored.place).toBe('place-a');
    expect(Object.keys(stored.products)).toEqual(['p1_0', 'p1_1']);
    expect(stored.products.p1_1).toMatchObject({ id: 'p1_1', uid: 'p1', quantity: 2, unit_price: '18.00' });
    expect(stored.products.p1_0.option_groups[0].options[0].uid).toBe('o1');
    expect(Object.keys(getCart('place-b').products)).toEqual(['p1_0']);
  });

  it('reuses a freed index', () => {
    addCartLine('place-a', line('p1'));
    addCartLine('place-a', line('p1'));
    removeCartLine('place-a', 'p1_0');
    expect(addCartLine('place-a', line('p1'))).toBe('p1_0');
  });

  it('edits quantity and options, and quantity 0 removes the line', () => {
    const id = addCartLine('place-a', line('p1'));
    addCartLine('place-a', line('p2'));
    editCartLine('place-a', id, { quantity: 3, option_groups: [] });
    expect(getCart('place-a').products[id]).toMatchObject({ quantity: 3, option_groups: [] });
    editCartLine('place-a', id, { quantity: 0, option_groups: [] });
    expect(getCart('place-a').products[id]).toBeUndefined();
    expect(findCartLine(getCart('place-a'), 'p2')?.id).toBe('p2_0');
  });

  it('removes the saved entry when the cart becomes empty', () => {
    const id = addCartLine('place-a', line('p1'));
    removeCartLine('place-a', id);
    expect(localStorage.getItem('cart_place-a')).toBeNull();
    addCartLine('place-a', line('p1'));
    clearCart('place-a');
    expect(localStorage.getItem('cart_place-a')).toBeNull();
    expect(getCart('place-a')).toEqual({ place: 'place-a', products: {} });
  });

  it('gives a stable snapshot and re-renders subscribers on change', () => {
    expect(getCart('place-a')).toBe(getCart('place-a'));
    const { result } = renderHook(() => useCart('place-a'));
    expect(Object.keys(result.current.products)).toHaveLength(0);
    act(() => {
      addCartLine('place-a', line('p1'));
    });
    expect(Object.keys(result.current.products)).toEqual(['p1_0']);
  });

  it('ignores a corrupt stored cart', () => {
    localStorage.setItem('cart_place-a', '{not json');
    expect(getCart('place-a').products).toEqual({});
  });
});

describe('cart types, direct purchases and the server cart', () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const sent = () =>
    fetchMock.mock.calls.map((call) => {
      const [url, init] = call as unknown as [string, RequestInit];
      return {
        url,
        method: init.method,
        auth: (init.headers as Record<string, string>).Authorization,
        body: JSON.parse(String(init.body)),
      };
    });

  it('keeps the subscription cart apart, under its own key, following typeCart', () => {
    expect(getCartType()).toBe('REGULAR');
    addCartLine('place-a', line('p1'));
    setCartType('SUBSCRIPTION');
    expect(localStorage.getItem('typeCart')).toBe('SUBSCRIPTION');
    expect(getCart('place-a').products).toEqual({});
    expect(addCartLine('place-a', line('p2'))).toBe('p2_0');
    expect(
      Object.keys(JSON.parse(localStorage.getItem('subscriptionCart_place-a') ?? '{}').products),
    ).toEqual(['p2_0']);
    expect(Object.keys(getCart('place-a', 'REGULAR').products)).toEqual(['p1_0']);
    clearCart('place-a');
    expect(localStorage.getItem('subscriptionCart_place-a')).toBeNull();
    expect(localStorage.getItem('cart_place-a')).not.toBeNull();
  });

  it('drops direct-purchase lines of the regular cart only', () => {
    addCartLine('place-a', line('p1'));
    addCartLine('place-a', { ...line('combo'), direct_purchase: true });
    expect(dropDirectPurchases('place-a')).toBe(true);
    expect(Object.keys(getCart('place-a').products)).toEqual(['p1_0']);
    expect(dropDirectPurchases('place-a')).toBe(false);
    addCartLine('place-b', { ...line('combo'), direct_purchase: true });
    dropDirectPurchases('place-b');
    expect(localStorage.getItem('cart_place-b')).toBeNull();
  });

  it('sends every change to the server cart when signed in, and nothing for a visitor', async () => {
    // The visitor's change is never sent: sends queue per cart in order, so had it been sent it would be
    // the first call below, with p1 alone.
    addCartLine('place-a', line('p1'));
    localStorage.setItem('token', 'secret');
    const id = addCartLine('place-a', line('p2', 2));
    editCartLine('place-a', id, { quantity: 3, option_groups: [] });
    removeCartLine('place-a', 'p1_0');
    removeCartLine('place-a', id);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    const calls = sent();
    expect(calls).toHaveLength(4);
    expect(calls.every((call) => call.url === '/api/v5/me/shopping-cart/' && call.method === 'POST')).toBe(
      true,
    );
    expect(calls[0]?.auth).toBe('Token secret');
    expect(calls[0]?.body).toEqual({
      place: 'place-a',
      type: 'REGULAR',
      products: [
        {
          id: 'p1_0',
          uid: 'p1',
          quantity: 1,
          option_groups: [{ uid: 'g1', options: [{ uid: 'o1' }] }],
          direct_purchase: false,
        },
        {
          id: 'p2_0',
          uid: 'p2',
          quantity: 2,
          option_groups: [{ uid: 'g1', options: [{ uid: 'o1' }] }],
          direct_purchase: false,
        },
      ],
    });
    expect(calls[1]?.body.products[1].quantity).toBe(3);
    // The emptied cart is sent as an empty list, which removes the saved entry on the server too.
    expect(calls[3]?.body).toEqual({ place: 'place-a', type: 'REGULAR', products: [] });
  });

  it('does not echo a cart that came from the server', async () => {
    localStorage.setItem('token', 'secret');
    saveCart('place-a', {}, 'REGULAR', { sync: false });
    // The next change of that cart is sent; an echo would have been queued before it.
    addCartLine('place-a', line('p9'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent().map((call) => call.body.products.map((p: { uid: string }) => p.uid))).toEqual([['p9']]);
  });
});
