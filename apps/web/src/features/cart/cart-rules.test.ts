// @vitest-environment node
import type { Product } from '@storefront/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../lib/cart-store.ts';
import { canAddUnit, linesFromServer, mergeDecision, visibleToppings } from './cart-rules.ts';

const toppings = (count: number): CartLine['option_groups'] => [
  {
    uid: 'g1',
    name: 'Toppings',
    options: Array.from({ length: count }, (_, i) => ({ uid: `o${i}`, name: `T${i}`, price: '0.00' })),
  },
];

const cartLine = (count: number): CartLine => ({
  id: 'p_0',
  uid: 'p',
  name: 'Pizza',
  quantity: 1,
  unit_price: '20.00',
  coin_price: null,
  is_redeemable: false,
  direct_purchase: false,
  image: null,
  option_groups: toppings(count),
});

const product: Product = {
  id: 1,
  uid: 'p-lomo',
  title: 'Lomo saltado',
  name: 'Lomo saltado',
  short_description: '',
  description: '',
  image: null,
  image_reverse: null,
  unit_price: '35.00',
  coin_price: null,
  stock: null,
  is_redeemable: false,
  direct_purchase: false,
  option_groups: [
    {
      uid: 'g-term',
      name: 'Término',
      description: '',
      minimum_to_select: 1,
      maximum_to_select: 2,
      is_active: true,
      options: [
        { uid: 'o-jugoso', name: 'Jugoso', description: '', price: '0.00', is_active: true },
        { uid: 'o-huevo', name: 'Huevo', description: '', price: '2.50', is_active: true },
      ],
    },
  ],
  brand: null,
  sku: null,
  category: null,
};

describe('cart rules', () => {
  it('shows at most 8 toppings, then an ellipsis (spec §9)', () => {
    expect(visibleToppings(cartLine(8))).toEqual({
      shown: ['T0', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'],
      more: false,
    });
    const nine = visibleToppings(cartLine(9));
    expect(nine.shown).toHaveLength(8);
    expect(nine.shown).not.toContain('T8');
    expect(nine.more).toBe(true);
    expect(visibleToppings(cartLine(0))).toEqual({ shown: [], more: false });
  });

  it('allows plus below the stock, counted across the lines of the product, and without a known stock', () => {
    const first = { ...cartLine(0), quantity: 2, stock: 5 };
    const second = { ...cartLine(1), id: 'p_1', quantity: 2, stock: 5 };
    const other = { ...cartLine(0), id: 'q_0', uid: 'q', quantity: 9, stock: 5 };
    const cart = (...lines: CartLine[]) => ({
      place: 'place-a',
      products: Object.fromEntries(lines.map((line) => [line.id, line])),
    });
    expect(canAddUnit(cart(first, second, other), first)).toBe(true);
    expect(canAddUnit(cart(first, { ...second, quantity: 3 }), first)).toBe(false);
    expect(canAddUnit(cart({ ...first, stock: 0 }), { ...first, stock: 0 })).toBe(false);
    const unknown = { ...first, stock: null };
    expect(canAddUnit(cart(unknown), unknown)).toBe(true);
    const old = { ...cartLine(0), quantity: 2 };
    expect(canAddUnit(cart(old), old)).toBe(true);
    const capped = { ...old, quantity: 999 };
    expect(canAddUnit(cart(capped), capped)).toBe(false);
  });

  it('replaces the local cart with the saved one only when the merge flag is set (spec §4)', () => {
    const state = { merge: true, skipUpdate: false, savedLines: 2, localLines: 1 };
    expect(mergeDecision(state)).toBe('replace');
    expect(mergeDecision({ ...state, merge: false })).toBe('none');
    expect(mergeDecision({ ...state, savedLines: 0 })).toBe('push');
    expect(mergeDecision({ ...state, savedLines: 0, localLines: 0 })).toBe('none');
    // A direct purchase made just before keeps the local cart and is sent up.
    expect(mergeDecision({ ...state, skipUpdate: true })).toBe('push');
  });

  it('rebuilds saved lines with names and prices from the catalogue, keeping uid_index ids', () => {
    const lines = linesFromServer(
      {
        place: 'place-a',
        type: 'REGULAR',
        updated_at: null,
        products: [
          {
            id: 'p-lomo_0',
            uid: 'p-lomo',
            quantity: 2,
            option_groups: [{ uid: 'g-term', options: [{ uid: 'o-huevo' }, { uid: 'o-gone' }] }],
            direct_purchase: false,
          },
          { id: 'p-lomo_0', uid: 'p-lomo', quantity: 1, option_groups: [], direct_purchase: false },
          { id: 'p-gone_0', uid: 'p-gone', quantity: 1, option_groups: [], direct_purchase: false },
        ],
      },
      new Map([[product.uid, product]]),
    );
    expect(Object.keys(lines)).toEqual(['p-lomo_0', 'p-lomo_1']);
    expect(lines['p-lomo_0']).toMatchObject({ name: 'Lomo saltado', unit_price: '35.00', quantity: 2 });
    expect(lines['p-lomo_0']?.option_groups).toEqual([
      { uid: 'g-term', name: 'Término', options: [{ uid: 'o-huevo', name: 'Huevo', price: '2.50' }] },
    ]);
  });
});
