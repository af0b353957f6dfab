import type { Product } from '@storefront/contracts/catalogue';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCartLine, getCart, type NewCartLine } from '../../lib/cart-store.ts';
import { initI18n } from '../../lib/i18n.ts';

// The popup registers its strings on import, so it is imported once i18next is up (as in the app).
let ProductPopup: typeof import('./product-popup.tsx').ProductPopup;

vi.mock('../../lib/toast.tsx', () => ({ toast: { success: vi.fn() } }));

const product: Product = {
  id: 1,
  uid: 'p-pizza',
  title: 'Pizza',
  name: 'Pizza',
  short_description: '',
  description: '',
  image: null,
  image_reverse: null,
  unit_price: '30.00',
  coin_price: null,
  stock: 10,
  is_redeemable: false,
  direct_purchase: false,
  option_groups: [],
  brand: null,
  sku: null,
  category: null,
} as unknown as Product;

const line = (quantity: number): NewCartLine => ({
  uid: product.uid,
  name: product.name,
  quantity,
  unit_price: product.unit_price,
  coin_price: null,
  is_redeemable: false,
  direct_purchase: false,
  image: null,
  option_groups: [],
});

const renderPopup = (lineId?: string, shown: Product = product, placeUid = 'place-a') =>
  render(
    <ProductPopup
      product={shown}
      placeUid={placeUid}
      loading={false}
      coins={undefined}
      currency="S/"
      lineId={lineId}
      onDirectPurchase={vi.fn()}
      onClose={vi.fn()}
    />,
  );

const withSides = {
  ...product,
  option_groups: [
    {
      uid: 'g-sides',
      name: 'Acompañamientos',
      description: '',
      minimum_to_select: 0,
      maximum_to_select: 2,
      is_active: true,
      options: ['Arroz', 'Papas', 'Ensalada'].map((name) => ({
        uid: `o-${name}`,
        name,
        description: '',
        price: '0.00',
        is_active: true,
      })),
    },
  ],
} as unknown as Product;

describe('product popup', () => {
  beforeAll(async () => {
    await initI18n();
    ProductPopup = (await import('./product-popup.tsx')).ProductPopup;
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('edits the line it was opened from, not the product’s first line', () => {
    const first = addCartLine('place-a', line(1));
    const second = addCartLine('place-a', line(4));
    renderPopup(second);
    expect(screen.getByLabelText('Cantidad', { selector: 'output' }).textContent).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Aumentar cantidad' }));
    fireEvent.click(screen.getByRole('button', { name: /^Editar/ }));
    const { products } = getCart('place-a');
    expect(products[second]?.quantity).toBe(5);
    expect(products[first]?.quantity).toBe(1);
    expect(products[second]?.stock).toBe(10);
  });

  it('opened from the menu, edits the product’s first line', () => {
    const first = addCartLine('place-a', line(2));
    addCartLine('place-a', line(4));
    renderPopup();
    expect(screen.getByLabelText('Cantidad', { selector: 'output' }).textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: /^Editar/ }));
    expect(getCart('place-a').products[first]?.stock).toBe(10);
  });

  it('says why "Agregar" is off, on screen and as the button’s description (issue 14)', () => {
    renderPopup(undefined, withSides, 'place-b');
    const add = screen.getByRole('button', { name: /^Agregar/ });
    for (const name of ['Arroz', 'Papas', 'Ensalada']) fireEvent.click(screen.getByLabelText(name));
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const reason = 'Acompañamientos: elige máximo 2 opción(es). Quita 1 para continuar.';
    // Shown on screen, in a live region so that a screen reader hears it as it happens.
    expect(screen.getByText(reason).getAttribute('role')).toBe('status');
    expect(add.getAttribute('aria-describedby')).toBeTruthy();
    const described = (add.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toBe(reason);
    fireEvent.click(screen.getByLabelText('Ensalada'));
    expect((add as HTMLButtonElement).disabled).toBe(false);
    expect(add.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks a required group only once the person has chosen something', () => {
    const required = {
      ...withSides,
      option_groups: [{ ...withSides.option_groups[0], minimum_to_select: 1 }],
    } as unknown as Product;
    renderPopup(undefined, required, 'place-b');
    const rules = screen.getByText('Elige mínimo 1').parentElement as HTMLElement;
    expect(rules.className).not.toContain('option-group-broken');
    fireEvent.click(screen.getByLabelText('Arroz'));
    fireEvent.click(screen.getByLabelText('Arroz'));
    expect(rules.className).toContain('option-group-broken');
  });
  it('offers a "choose one" group as radio buttons, one choice replacing the other (issue 28)', () => {
    const group = (uid: string, min: number, max: number, names: string[]) => ({
      ...withSides.option_groups[0],
      uid,
      name: uid,
      minimum_to_select: min,
      maximum_to_select: max,
      options: names.map((name) => ({
        uid: `o-${name}`,
        name,
        description: '',
        price: '0.00',
        is_active: true,
      })),
    });
    const steak = {
      ...product,
      option_groups: [
        group('Término', 1, 1, ['Jugoso', 'A punto']),
        group('Salsa', 0, 1, ['Criolla', 'Huancaína']),
        group('Extras', 0, 2, ['Huevo', 'Arroz']),
      ],
    } as unknown as Product;
    renderPopup(undefined, steak, 'place-c');
    const term = within(screen.getByRole('group', { name: 'Término' }));
    expect(term.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Jugoso',
      'A punto',
    ]);
    expect(term.queryAllByRole('checkbox')).toEqual([]);
    fireEvent.click(term.getByLabelText('Jugoso'));
    fireEvent.click(term.getByLabelText('A punto'));
    expect((term.getByLabelText('Jugoso') as HTMLInputElement).checked).toBe(false);
    expect((term.getByLabelText('A punto') as HTMLInputElement).checked).toBe(true);
    // An optional one starts on "Ninguno", and can go back to it.
    const sauce = within(screen.getByRole('group', { name: 'Salsa' }));
    expect((sauce.getByLabelText('Ninguno') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(sauce.getByLabelText('Criolla'));
    fireEvent.click(sauce.getByLabelText('Ninguno'));
    expect((sauce.getByLabelText('Criolla') as HTMLInputElement).checked).toBe(false);
    // A group of more than one keeps its check boxes.
    expect(within(screen.getByRole('group', { name: 'Extras' })).getAllByRole('checkbox')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: /^Agregar/ }));
    expect(Object.values(getCart('place-c').products)[0]?.option_groups).toEqual([
      { uid: 'Término', name: 'Término', options: [{ uid: 'o-A punto', name: 'A punto', price: '0.00' }] },
    ]);
  });
});
