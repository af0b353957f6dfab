import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCartLine, type CartLine, getCart, type NewCartLine } from '../../../lib/cart-store.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { showCartOverlay, useCartOverlay } from '../cart-overlay.ts';
// The cart's own strings, registered as the cart screens do: the test reads the words people read.
import '../i18n.ts';
import { CartLineItem } from './cart-line.tsx';

const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast.tsx', () => ({ toast: { success: toastSuccess } }));
vi.mock('../../../lib/app-context.tsx', () => ({ useAppRecord: () => ({ currency: { symbol: 'S/' } }) }));

const newLine = (change: Partial<NewCartLine> = {}): NewCartLine => ({
  uid: 'p1',
  name: 'Pizza',
  quantity: 1,
  unit_price: '35.55',
  coin_price: null,
  is_redeemable: false,
  direct_purchase: false,
  image: null,
  option_groups: [],
  ...change,
});

function renderLine(change: Partial<NewCartLine> = {}) {
  const id = addCartLine('place-a', newLine(change));
  const line = getCart('place-a').products[id] as CartLine;
  const onOpen = vi.fn();
  render(
    <ul>
      <CartLineItem line={line} placeUid="place-a" type="REGULAR" onOpen={onOpen} />
    </ul>,
  );
  return { id, onOpen };
}

describe('cart line', () => {
  beforeAll(async () => {
    localStorage.clear();
    await initI18n();
  });
  beforeEach(() => {
    localStorage.clear();
    toastSuccess.mockClear();
    vi.useFakeTimers();
    showCartOverlay(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('shows the price to 2 decimals, as the total (issue 14), and no trash for a regular product', () => {
    renderLine();
    expect(screen.getByText('S/ 35.55')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar Pizza' })).toBeNull();
  });

  it('removes the last unit with the toast and a 2 s overlay', () => {
    const overlay = renderHook(() => useCartOverlay());
    const { id } = renderLine();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar una unidad de Pizza' }));
    expect(getCart('place-a').products[id]).toBeUndefined();
    expect(localStorage.getItem('cart_place-a')).toBeNull();
    expect(toastSuccess).toHaveBeenCalledWith('Se ha eliminado el producto de su carrito');
    expect(overlay.result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(overlay.result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(overlay.result.current).toBe(false);
  });

  it('takes one unit off a line of several without a toast or overlay', () => {
    const overlay = renderHook(() => useCartOverlay());
    const { id } = renderLine({ quantity: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar una unidad de Pizza' }));
    expect(getCart('place-a').products[id]?.quantity).toBe(2);
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(overlay.result.current).toBe(false);
  });

  it('cuts the toppings at 8 with an ellipsis that opens the popup', () => {
    const options = Array.from({ length: 9 }, (_, i) => ({ uid: `o${i}`, name: `T${i}`, price: '0.00' }));
    const { onOpen } = renderLine({ option_groups: [{ uid: 'g', name: 'G', options }] });
    expect(screen.getByText(/T0, T1, T2, T3, T4, T5, T6, T7/)).toBeTruthy();
    expect(screen.queryByText(/T8/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver todas las opciones de Pizza' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('offers the trash button for a direct purchase, with the removal toast', () => {
    const { id } = renderLine({ direct_purchase: true, quantity: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Pizza' }));
    expect(getCart('place-a').products[id]).toBeUndefined();
    expect(toastSuccess).toHaveBeenCalledWith('Se ha eliminado el producto de su carrito');
  });

  it('stops plus at the product’s stock when it is known', () => {
    const { id } = renderLine({ quantity: 2, stock: 3 });
    const plus = screen.getByRole('button', { name: 'Agregar una unidad de Pizza' });
    fireEvent.click(plus);
    expect(getCart('place-a').products[id]?.quantity).toBe(3);
    expect((plus as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows coins for a redeemable product', () => {
    renderLine({ is_redeemable: true, coin_price: 150, quantity: 2, unit_price: '0.00' });
    expect(screen.getByText('300 monedas')).toBeTruthy();
  });
});
