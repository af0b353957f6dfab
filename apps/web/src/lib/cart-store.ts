import type { CartBody } from '@storefront/contracts/orders';
import { useSyncExternalStore } from 'react';
import { sendServerCart } from './cart-sync.ts';
import { cartKey, STORAGE_KEYS, storage, subscriptionCartKey } from './storage.ts';

/**
 * The local cart of spec §3, one per place under cartKey(placeUid) (and a subscription cart under
 * subscriptionCartKey(placeUid)): a products map keyed by `${uid}_${index}` line ids. Framework-light
 * (a store plus useSyncExternalStore). Every function works on the cart type stored under `typeCart`
 * unless given one; every change is also sent to the member's server cart.
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
  /** The product's stock when the line was last set from the catalogue; null or absent: no limit known. */
  stock?: number | null;
}

export interface Cart {
  place: string;
  products: Record<string, CartLine>;
}

export type NewCartLine = Omit<CartLine, 'id'>;

/** Regular orders or a subscription (spec §4 Cart type), kept under `typeCart`. */
export type CartType = CartBody['type'];

export function getCartType(): CartType {
  return storage.get(STORAGE_KEYS.typeCart) === 'SUBSCRIPTION' ? 'SUBSCRIPTION' : 'REGULAR';
}

export function setCartType(type: CartType): void {
  storage.set(STORAGE_KEYS.typeCart, type);
  notify();
}

export const useCartType = (): CartType => useSyncExternalStore(subscribeCarts, getCartType, () => 'REGULAR');

const keyOf = (placeUid: string, type: CartType) =>
  type === 'SUBSCRIPTION' ? subscriptionCartKey(placeUid) : cartKey(placeUid);

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
    const key = event.key;
    if (
      key === null ||
      key === STORAGE_KEYS.typeCart ||
      key.startsWith(cartKey('')) ||
      key.startsWith(subscriptionCartKey(''))
    )
      notify();
  });
}

export function getCart(placeUid: string, type: CartType = getCartType()): Cart {
  const key = keyOf(placeUid, type);
  const raw = storage.get(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.cart;
  const stored = raw === null ? null : storage.getJson<Cart>(key);
  const cart: Cart = stored?.products ? stored : { place: placeUid, products: {} };
  snapshots.set(key, { raw, cart });
  return cart;
}

/** The cart request of spec §3: the lines without names and prices (the server prices them). */
export function toCartRequest(
  placeUid: string,
  type: CartType,
  products: Record<string, CartLine>,
): CartBody {
  return {
    place: placeUid,
    type,
    products: Object.values(products).map((line) => ({
      id: line.id,
      uid: line.uid,
      quantity: line.quantity,
      option_groups: line.option_groups.map((group) => ({
        uid: group.uid,
        options: group.options.map((option) => ({ uid: option.uid })),
      })),
      direct_purchase: line.direct_purchase,
    })),
  };
}

/**
 * An emptied cart removes its saved entry (spec §4). `sync: false` when the change comes from the
 * server itself (the saved cart merged on login).
 */
export function saveCart(
  placeUid: string,
  products: Record<string, CartLine>,
  type: CartType = getCartType(),
  { sync = true } = {},
): void {
  const key = keyOf(placeUid, type);
  if (Object.keys(products).length === 0) storage.remove(key);
  else storage.setJson(key, { place: placeUid, products } satisfies Cart);
  notify();
  if (sync) void sendServerCart(toCartRequest(placeUid, type, products));
}

/** The next free `${uid}_${index}` id of a product in a products map. */
export function nextLineId(products: Record<string, CartLine>, productUid: string): string {
  let index = 0;
  while (products[`${productUid}_${index}`]) index += 1;
  return `${productUid}_${index}`;
}

/** Adds a line with the next free `${uid}_${index}` id and answers that id. */
export function addCartLine(placeUid: string, line: NewCartLine, type: CartType = getCartType()): string {
  const { products } = getCart(placeUid, type);
  const id = nextLineId(products, line.uid);
  saveCart(placeUid, { ...products, [id]: { ...line, id } }, type);
  return id;
}

/** Changes the quantity and chosen options of a line; quantity 0 removes it. */
export function editCartLine(
  placeUid: string,
  id: string,
  change: Pick<CartLine, 'quantity' | 'option_groups'> & Pick<Partial<CartLine>, 'stock'>,
  type: CartType = getCartType(),
): void {
  const { products } = getCart(placeUid, type);
  const line = products[id];
  if (!line) return;
  if (change.quantity <= 0) {
    removeCartLine(placeUid, id, type);
    return;
  }
  saveCart(placeUid, { ...products, [id]: { ...line, ...change } }, type);
}

export function removeCartLine(placeUid: string, id: string, type: CartType = getCartType()): void {
  const { [id]: _removed, ...rest } = getCart(placeUid, type).products;
  saveCart(placeUid, rest, type);
}

export function clearCart(placeUid: string, type: CartType = getCartType()): void {
  saveCart(placeUid, {}, type);
}

/**
 * Direct-purchase lines are bought alone from the cart route: anywhere else, on load or when the
 * place changes, they leave the regular cart (spec §4).
 */
export function dropDirectPurchases(placeUid: string): boolean {
  const { products } = getCart(placeUid, 'REGULAR');
  const kept = Object.fromEntries(Object.entries(products).filter(([, line]) => !line.direct_purchase));
  if (Object.keys(kept).length === Object.keys(products).length) return false;
  saveCart(placeUid, kept, 'REGULAR');
  return true;
}

const emptyCarts = new Map<string, Cart>();
const emptyCart = (placeUid: string): Cart => {
  let cart = emptyCarts.get(placeUid);
  if (!cart) {
    cart = { place: placeUid, products: {} };
    emptyCarts.set(placeUid, cart);
  }
  return cart;
};

/** The first line of a product in the place's cart, if any. */
export function findCartLine(cart: Cart, productUid: string): CartLine | undefined {
  return Object.values(cart.products).find((line) => line.uid === productUid);
}

/** The cart of a place, re-rendering on every change (also from other tabs). */
export function useCart(placeUid: string, type?: CartType): Cart {
  return useSyncExternalStore(
    subscribeCarts,
    () => getCart(placeUid, type),
    // The server renders every cart empty (it is per device); the stored lines show once hydrated.
    () => emptyCart(placeUid),
  );
}
