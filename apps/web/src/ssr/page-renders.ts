import type { QueryClient } from '@tanstack/react-query';
import { LRUCache } from 'lru-cache';

/** Bytes of rendered HTML one process keeps for reuse. */
const MAX_BYTES = 8 * 1024 * 1024;
/**
 * How long a render is reused at most: what the clock alone shapes (the footer's year) follows within
 * this, while the data a page shows is compared on every render.
 */
const MAX_AGE_MS = 60_000;

/** React's part of a page: its HTML, the status its routes gave, and the queries it asked for (hashes). */
export interface PageRender {
  html: string;
  status: number;
  used: string[];
}

/**
 * Everything a render reads besides its address and the request's keys: the app record and every
 * query's state (its key, status, data and error), as the render's client holds them before the render.
 */
export function renderInputs(app: unknown, client: QueryClient): string {
  const queries = client
    .getQueryCache()
    .getAll()
    .map(({ queryHash, state }) => [queryHash, state.status, state.data, state.error]);
  return JSON.stringify([app, queries]);
}

/**
 * Each page's last render with the inputs it was rendered from (issue 31). A cached page expires every
 * MENU_CACHE_SECONDS whether or not its data moved, and React rendering it again held the event loop
 * (6 ms a second on /carta, and the garbage it left) while dozens of visitors waited: a page whose
 * inputs are the very same is the same HTML, so that render is reused and only the data is read again.
 */
export function createPageRenders({ maxBytes = MAX_BYTES, maxAgeMs = MAX_AGE_MS } = {}) {
  const renders = new LRUCache<string, PageRender & { inputs: string }>({
    maxSize: maxBytes,
    sizeCalculation: (render) => render.html.length + render.inputs.length || 1,
    ttl: maxAgeMs,
  });
  return {
    /** The page's last render, if it was rendered from these very inputs. */
    reuse(key: string, inputs: string): PageRender | null {
      const render = renders.get(key);
      if (render?.inputs !== inputs) return null;
      const { html, status, used } = render;
      return { html, status, used };
    },
    remember(key: string, inputs: string, render: PageRender): void {
      renders.set(key, { ...render, inputs });
    },
  };
}
