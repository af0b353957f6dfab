import { HttpError } from 'react-admin';
import { currentLanguage } from './i18n-provider.ts';
import { session } from './session.ts';

/** A DRF-style error body of this API: `{detail}` or `{field: [message], non_field_errors: [message]}`. */
type ErrorBody = Record<string, unknown> & { detail?: string; non_field_errors?: string[] };

export interface ApiErrorBody {
  /** Field messages, shown by react-admin beside their inputs; `root.serverError` is the notification's. */
  errors: Record<string, string | { serverError: string }>;
  /** The server's body as it came (a 409's `current`). */
  raw: ErrorBody | null;
}

/**
 * The error react-admin shows: the message first, field messages beside their inputs (`body.errors`).
 * react-admin's HttpError resets its prototype in its constructor, so it is not subclassed.
 */
export type ApiError = HttpError & { body: ApiErrorBody };

export const apiError = (message: string, status: number, body: ApiErrorBody): ApiError =>
  new HttpError(message, status, body) as ApiError;

export const isApiError = (error: unknown): error is ApiError =>
  error instanceof HttpError &&
  typeof error.body === 'object' &&
  error.body !== null &&
  'errors' in error.body;

const firstMessage = (value: unknown): string | undefined =>
  Array.isArray(value) ? firstMessage(value[0]) : typeof value === 'string' ? value : undefined;

/** Field messages of a DRF body, nested paths joined with dots (`option_groups.0.name`), as react-hook-form names them. */
function fieldErrors(body: unknown, prefix = ''): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' || key === 'non_field_errors' || key === 'current') continue;
    const message = firstMessage(value);
    if (message) errors[prefix + key] = message;
    else if (value && typeof value === 'object')
      Object.assign(errors, fieldErrors(value, `${prefix}${key}.`));
  }
  return errors;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends a call with the session's token and the site's language; a failure throws ApiError. */
async function send(path: string, request: ApiRequest, accept: string): Promise<Response> {
  const token = session.token();
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': currentLanguage(),
    ...request.headers,
  };
  if (token) headers.Authorization = `Token ${token}`;
  // A form (a file upload) sets its own multipart Content-Type with the boundary.
  const form = request.body instanceof FormData;
  if (request.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: request.method ?? 'GET',
    headers,
    body: form
      ? (request.body as FormData)
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body),
    signal: request.signal,
  });
  if (response.ok) return response;
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : null;
  const body = json && typeof json === 'object' ? (json as ErrorBody) : null;
  const errors = fieldErrors(body);
  const message =
    firstMessage(body?.detail) ??
    firstMessage(body?.non_field_errors) ??
    Object.values(errors)[0] ??
    response.statusText;
  throw apiError(message, response.status, { errors, raw: body });
}

/**
 * A call to this API with the session's token and the site's language. Answers the parsed JSON and the
 * response (for ETag); a failure throws ApiError with the server's message (es/en by Accept-Language).
 */
export async function api<T = unknown>(
  path: string,
  request: ApiRequest = {},
): Promise<{ json: T; response: Response }> {
  const response = await send(path, request, 'application/json');
  const text = await response.text();
  return { json: (text ? JSON.parse(text) : null) as T, response };
}

/** Downloads a file the API answers (an export) under the name it gives. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, {}, '*/*');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name ?? fallbackName });
  link.click();
  URL.revokeObjectURL(url);
}
