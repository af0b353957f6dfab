import type { CartBody } from '@storefront/contracts/orders';
import { apiFetch } from './api-client.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

// Writes per cart key are chained so that the server keeps the last change even when answers cross.
const queues = new Map<string, Promise<unknown>>();

/**
 * Sends a cart to the member's server cart (POST v5/me/shopping-cart/, spec §4: every change when
 * signed in). Visitors keep a local cart only. A failed write is dropped: the next change sends the
 * whole cart again.
 */
export function sendServerCart(body: CartBody): Promise<unknown> {
  if (!storage.get(STORAGE_KEYS.token)) return Promise.resolve();
  const key = `${body.type}:${body.place}`;
  const next = (queues.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => apiFetch('v5/me/shopping-cart/', { method: 'POST', body }))
    .catch(() => undefined);
  queues.set(key, next);
  return next;
}
