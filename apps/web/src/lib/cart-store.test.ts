import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCartLine,
  clearCart,
  editCartLine,
  findCartLine,
  getCart,
  type NewCartLine,
  removeCartLine,
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
