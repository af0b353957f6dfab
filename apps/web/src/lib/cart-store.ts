import { useSyncExternalStore } from 'react';
import { cartKey, storage } from './storage.ts';

/**
 * The local cart of spec §3, one per place under cartKey(placeUid): a products map keyed by
 * `${uid}_${index}` line ids. Framework-light (a store plus useSyncExternalStore) so that the cart
 * feature can add server sync, the subscription cart and checkout on top.
 */
export interface CartOption {
  uid: string;
  name: string;
  /** Extra price of the option, "2.50". */
  price: string;
}

export interface CartOptionGroup {
  uid: string;
  name: string;
  options: CartOption[];
}

export interface CartLine {
  id: string;
  uid: string;
  name: string;
  quantity: number;
  unit_price: string;
  /** Coins per unit of a redeemable product; null otherwise. */
  coin_price: number | null;
  is_redeemable: boolean;
  direct_purchase: boolean;
  image: string | null;
  option_groups: CartOptionGroup[];
}

export interface Cart {
  place: string;
  products: Record<string, CartLine>;
}

export type NewCartLine = Omit<CartLine, 'id'>;

const listeners = new Set<() => void>();
// Snapshots are cached by their stored text so that useSyncExternalStore sees a stable object.
const snapshots = new Map<string, { raw: string | null; cart: Cart }>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeCarts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab changing a cart refreshes this one.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(cartKey(''))) notify();
  });
}

export function getCart(placeUid: string): Cart {
  const key = cartKey(placeUid);
  const raw = storage.get(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.cart;
  const stored = raw === null ? null : storage.getJson<Cart>(key);
  const cart: Cart = stored?.products ? stored : { place: placeUid, products: {} };
  snapshots.set(key, { raw, cart });
  return cart;
}

/** An emptied cart removes its saved entry (spec §4). */
function saveCart(placeUid: string, products: Record<string, CartLine>): void {
  const key = cartKey(placeUid);
  if (Object.keys(products).length === 0) storage.remove(key);
  else storage.setJson(key, { place: placeUid, products } satisfies Cart);
  notify();
}

/** Adds a line with the next free `${uid}_${index}` id and answers that id. */
export function addCartLine(placeUid: string, line: NewCartLine): string {
  const { products } = getCart(placeUid);
  let index = 0;
  while (products[`${line.uid}_${index}`]) index += 1;
  const id = `${line.uid}_${index}`;
  saveCart(placeUid, { ...products, [id]: { ...line, id } });
  return id;
}

/** Changes the quantity and chosen options of a line; quantity 0 removes it. */
export function editCartLine(
  placeUid: string,
  id: string,
  change: Pick<CartLine, 'quantity' | 'option_groups'>,
): void {
  const { products } = getCart(placeUid);
  const line = products[id];
  if (!line) return;
  if (change.quantity <= 0) {
    removeCartLine(placeUid, id);
    return;
  }
  saveCart(placeUid, { ...products, [id]: { ...line, ...change } });
}

export function removeCartLine(placeUid: string, id: string): void {
  const { [id]: _removed, ...rest } = getCart(placeUid).products;
  saveCart(placeUid, rest);
}

export function clearCart(placeUid: string): void {
  saveCart(placeUid, {});
}

/** The first line of a product in the place's cart, if any. */
export function findCartLine(cart: Cart, productUid: string): CartLine | undefined {
  return Object.values(cart.products).find((line) => line.uid === productUid);
}

/** The cart of a place, re-rendering on every change (also from other tabs). */
export function useCart(placeUid: string): Cart {
  return useSyncExternalStore(subscribeCarts, () => getCart(placeUid));
}
