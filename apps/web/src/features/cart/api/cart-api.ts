import type { Product } from '@storefront/contracts/catalogue';
import type { Cart as ServerCart } from '@storefront/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type CartType, getCart, saveCart, toCartRequest } from '../../../lib/cart-store.ts';
import { sendServerCart } from '../../../lib/cart-sync.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { linesFromServer, mergeDecision } from '../cart-rules.ts';

const productPath = (placeUid: string, productUid: string) =>
  `v7/places/${encodeURIComponent(placeUid)}/products/${encodeURIComponent(productUid)}/`;

/** One product of the place, fresh, for the popup a cart line opens (shares the menu's cache key). */
export function useCartProduct(placeUid: string, productUid: string | null) {
  return useQuery({
    queryKey: ['place-product', placeUid, productUid],
    queryFn: ({ signal }) => apiFetch<Product>(productPath(placeUid, productUid ?? ''), { signal }),
    enabled: productUid !== null,
  });
}

async function mergeOne(placeUid: string, type: CartType, skipUpdate: boolean): Promise<void> {
  // A change the member makes while the saved cart is on its way wins (it is sent up already): the
  // older saved cart must not bring back a line just removed. getCart keeps one object per stored text.
  const before = getCart(placeUid, type);
  const changed = () => getCart(placeUid, type) !== before;
  const saved = await apiFetch<ServerCart>(
    `v5/me/shopping-cart/?place_uid=${encodeURIComponent(placeUid)}&type=${type}`,
  );
  if (changed()) return;
  const local = before;
  const decision = mergeDecision({
    merge: true,
    skipUpdate,
    savedLines: saved.products.length,
    localLines: Object.keys(local.products).length,
  });
  if (decision === 'push') await sendServerCart(toCartRequest(placeUid, type, local.products));
  if (decision !== 'replace') return;
  await showServerCart(saved, changed);
}

/**
 * Puts the member's server cart in the local cart of its place, with each product's name, price and
 * options read fresh from the catalogue (the merge on login, and a reorder). `stale` says that the
 * member changed the cart meanwhile: their change wins.
 */
export async function showServerCart(saved: ServerCart, stale: () => boolean = () => false): Promise<void> {
  const uids = [...new Set(saved.products.map((line) => line.uid))];
  const found = await Promise.all(
    uids.map((uid) => apiFetch<Product>(productPath(saved.place, uid)).catch(() => null)),
  );
  const products = new Map(found.filter((p): p is Product => p !== null).map((p) => [p.uid, p]));
  if (stale()) return;
  saveCart(saved.place, linesFromServer(saved, products), saved.type, { sync: false });
}

// Places whose saved carts this page has merged already.
const merged = new Set<string>();

/**
 * The merge of spec §4: while the flag a login sets is on (until logout), the saved regular and
 * subscription carts of each place replace the local ones, once per place and page load, when the
 * place is chosen. A direct purchase (skipUpdate) keeps its local cart and sends it up instead.
 */
export async function mergeSavedCarts(placeUid: string): Promise<void> {
  if (storage.get(STORAGE_KEYS.merge) !== 'true' || !storage.get(STORAGE_KEYS.token)) return;
  if (merged.has(placeUid)) return;
  merged.add(placeUid);
  const skipUpdate = storage.get(STORAGE_KEYS.skipUpdate) === 'true';
  storage.remove(STORAGE_KEYS.skipUpdate);
  await Promise.all([mergeOne(placeUid, 'REGULAR', skipUpdate), mergeOne(placeUid, 'SUBSCRIPTION', false)]);
}
