import type { OrderEvent } from '@storefront/contracts/retail';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { createSseParser } from '../lib/sse.ts';
import { type Order, retailKeys } from './retail-api.ts';

const RETRY_MS = 2000;
export type StreamState = 'connecting' | 'live' | 'offline';

/**
 * Follows GET v5/retail/orders/stream?place=P. fetch() rather than EventSource, because the token
 * travels in a header. Each event updates the board's cached list at once; `ready` (sent on every
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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const key = retailKeys.orders(place);

    const apply = ({ type, order }: OrderEvent) => {
      queryClient.setQueryData<Order[]>(key, (current = []) => [
        order,
        ...current.filter((existing) => existing.uid !== order.uid),
      ]);
      if (type === 'created') onNew.current(order);
    };

    const connect = async () => {
      setState('connecting');
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        const token = storage.get(STORAGE_KEYS.token);
        const apiKey = storage.get(STORAGE_KEYS.apiKey);
        if (token) headers.Authorization = `Token ${token}`;
        if (apiKey) headers['API-KEY'] = apiKey;
        const response = await fetch(`/api/v5/retail/orders/stream?place=${encodeURIComponent(place)}`, {
          headers,
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        const feed = createSseParser((event) => {
          if (event.event === 'ready') {
            setState('live');
            queryClient.invalidateQueries({ queryKey: key });
          } else if (event.event === 'order') apply(JSON.parse(event.data) as OrderEvent);
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      setState('offline');
      timer = setTimeout(connect, RETRY_MS);
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [place, queryClient]);

  return state;
}
