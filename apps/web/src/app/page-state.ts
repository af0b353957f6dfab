import type { Language } from '@storefront/contracts/constants';
import { type DehydratedState, hydrate, type Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/**
 * What a server-rendered page carries for its hydration (decision 015), in a JSON data block (never
 * executed, so the CSP needs no nonce): the storage keys the server rendered with, its query cache, and
 * the entry's strings in the page's language (`shellStrings`), which the entry's JavaScript does not carry.
 */
export interface PageState {
  storage: Record<string, string | null>;
  queries: DehydratedState;
  language: Language;
  strings: Record<string, Record<string, unknown>>;
}

export const PAGE_STATE_ID = 'page-state';

/**
 * JSON for a `<script type="application/json">` block: every `<` escaped, so no tenant text can close
 * the element or open a comment; the line separators JavaScript once refused, too.
 */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

/** Data the page brought counts as fresh for this long, so that hydration asks for none of it again. */
const PAGE_DATA_FRESH_MS = 30_000;
const fromPage = new WeakMap<Query, number>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: (query) =>
          fromPage.get(query as Query) === query.state.dataUpdatedAt ? PAGE_DATA_FRESH_MS : 0,
      },
    },
  });
}

/**
 * Loads the page's queries into the client's cache as if fetched now (a cached page may be some seconds
 * old), with their errors as the ApiError they were on the server.
 */
export function hydratePageQueries(client: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  for (const query of state.queries) {
    query.state.dataUpdatedAt = now;
    const error = query.state.error as { status?: number; body?: Record<string, unknown> } | null;
    if (error) query.state.error = new ApiError(error.status ?? 500, error.body ?? {});
  }
  hydrate(client, state);
  for (const { queryHash } of state.queries) {
    const query = client.getQueryCache().get(queryHash);
    if (query) fromPage.set(query, query.state.dataUpdatedAt);
  }
}
