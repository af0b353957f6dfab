// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-store.ts';
import { cartTotals, lineCents, lineCoins } from './cart-totals.ts';

const line = (change: Partial<CartLine> = {}): CartLine => ({
  id: 'p1_0',
  uid: 'p1',
  name: 'Lomo saltado',
  quantity: 1,
  unit_price: '35.00',
  coin_price: null,
  is_redeemable: false,
  direct_purchase: false,
  image: null,
  option_groups: [],
  ...change,
});

describe('cart totals', () => {
  it('prices a line as unit price plus options, times the quantity, in cents', () => {
    const options = [
      {
        uid: 'g',
        name: 'Extras',
        options: [
          { uid: 'a', name: 'Huevo', price: '2.50' },
          { uid: 'b', name: 'Queso', price: '1.05' },
        ],
      },
    ];
    expect(lineCents(line({ quantity: 3, unit_price: '10.10', option_groups: options }))).toBe(
      3 * (1010 + 250 + 105),
    );
  });

  it('counts redeemable lines in coins, not money', () => {
    const coin = line({
      id: 'r_0',
      uid: 'r',
      is_redeemable: true,
      coin_price: 150,
      unit_price: '0.00',
      quantity: 2,
    });
    expect(lineCoins(coin)).toBe(300);
    expect(lineCoins(line())).toBe(0);
    const mixed = cartTotals({ place: 'x', products: { a: line({ quantity: 2 }), r: coin } });
    expect(mixed).toEqual({ cents: 7000, coins: 300, units: 4, allRedeemable: false });
    expect(cartTotals({ place: 'x', products: { r: coin } }).allRedeemable).toBe(true);
    expect(cartTotals({ place: 'x', products: {} }).allRedeemable).toBe(false);
  });
});
