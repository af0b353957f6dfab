import type { OrderEvent } from '@storefront/contracts/retail';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { createSseParser, type StreamEvent } from '../lib/sse.ts';
import { type Order, retailKeys } from './retail-api.ts';

const RETRY_MS = 2000;
export type StreamState = 'connecting' | 'live' | 'offline' | 'ended';

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows GET v5/retail/orders/stream?place=P until `signal` aborts. fetch() rather than EventSource,
 * because the token travels in a header. The server ends a stream at its lifetime (and when the
 * session or staff role ends): a stream that ends after being open a while is reopened at once, which
 * authenticates again; a failure is retried after `retryMs`; a 401 or 403 ends the following for good.
 */
export async function followOrderStream(options: {
  place: string;
  signal: AbortSignal;
  onEvent: (event: StreamEvent) => void;
  onState: (state: StreamState) => void;
  retryMs?: number;
}): Promise<void> {
  const { place, signal, onEvent, onState, retryMs = RETRY_MS } = options;
  while (!signal.aborted) {
    onState('connecting');
    const openedAt = Date.now();
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      const token = storage.get(STORAGE_KEYS.token);
      const apiKey = storage.get(STORAGE_KEYS.apiKey);
      if (token) headers.Authorization = `Token ${token}`;
      if (apiKey) headers['API-KEY'] = apiKey;
      const response = await fetch(`/api/v5/retail/orders/stream?place=${encodeURIComponent(place)}`, {
        headers,
        signal,
      });
      if (response.status === 401 || response.status === 403) {
        onState('ended');
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      const feed = createSseParser(onEvent);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed(value);
      }
      // Ended by the server after a while (its lifetime): reopen at once.
      if (Date.now() - openedAt >= retryMs) continue;
    } catch {
      if (signal.aborted) return;
    }
    onState('offline');
    await pause(retryMs, signal);
  }
}

/**
 * Puts an event's order into the board's cached list at once. A list read still in flight began before
 * the event and would answer without it, so it is asked again (invalidating cancels the old read): else
 * the order would vanish from the board until the next event.
 */
export function applyOrderEvent(queryClient: QueryClient, key: QueryKey, { order }: OrderEvent): void {
  queryClient.setQueryData<Order[]>(key, (current = []) => [
    order,
    ...current.filter((existing) => existing.uid !== order.uid),
  ]);
  if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * The board's live feed: each event updates the board's cached list at once; `ready` (sent on every
 * (re)connection) reloads the list so nothing that happened while disconnected is missed.
 */
export function useOrderStream(place: string, onNewOrder: (order: Order) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const onNew = useRef(onNewOrder);
  onNew.current = onNewOrder;

  useEffect(() => {
    if (!place) return;
    const controller = new AbortController();
    const key = retailKeys.orders(place);

    const apply = (event: OrderEvent) => {
      applyOrderEvent(queryClient, key, event);
      if (event.type === 'created') onNew.current(event.order);
    };

    void followOrderStream({
      place,
      signal: controller.signal,
      onState: setState,
      onEvent: (event) => {
        if (event.event === 'ready') {
          setState('live');
          queryClient.invalidateQueries({ queryKey: key });
        } else if (event.event === 'order') apply(JSON.parse(event.data) as OrderEvent);
      },
    });
    return () => controller.abort();
  }, [place, queryClient]);

  return state;
}
