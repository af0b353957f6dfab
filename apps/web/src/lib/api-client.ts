import { STORAGE_KEYS, storage } from './storage.ts';

/** An answer other than 2xx: the status and the DRF-style body (spec §8: errors return the response object). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(`API ${status}`);
    this.name = 'ApiError';
  }

  /** The first message of a field, of non_field_errors, or the detail. */
  firstMessage(): string | undefined {
    for (const value of Object.values(this.body)) {
      if (typeof value === 'string') return value;
      if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    }
    return undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const API_BASE = '/api/';

let transport: typeof fetch = (input, init) => fetch(input, init);

/** The server renders with the API in-process (Fastify's inject) instead of the network (decision 015). */
export function setTransport(next: typeof fetch): void {
  transport = next;
}

/**
 * Calls the API with the stored token and app key (spec §7). A 403 clears the stored app key (spec §4).
 * A path is relative to the API base; an absolute URL (a list's `next`) is used as it is.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = storage.get(STORAGE_KEYS.token);
  const apiKey = storage.get(STORAGE_KEYS.apiKey);
  if (token) headers.Authorization = `Token ${token}`;
  if (apiKey) headers['API-KEY'] = apiKey;
  headers['Accept-Language'] = storage.get(STORAGE_KEYS.lang) ?? 'es';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const url = /^https?:\/\//.test(path) ? path : `${API_BASE}${path}`;
  const response = await transport(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 403) storage.remove(STORAGE_KEYS.apiKey);
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body as Record<string, unknown>);
  return body as T;
}
