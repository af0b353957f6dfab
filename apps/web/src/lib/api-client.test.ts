import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client.ts';

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

describe('the API client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored token and app key, and the language', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('apiKey', 'key');
    localStorage.setItem('lang', 'en');
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('v5/me/')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v5/me/');
    expect(init?.headers).toMatchObject({
      Authorization: 'Token tok',
      'API-KEY': 'key',
      'Accept-Language': 'en',
    });
  });

  it('sends no Authorization without a token, and uses a next URL as it is', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('http://localhost:8080/api/v7/places/?page=2');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost:8080/api/v7/places/?page=2');
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('clears the stored app key on a 403 and throws the answer', async () => {
    localStorage.setItem('apiKey', 'other-app-key');
    vi.stubGlobal('fetch', answer(403, { detail: 'No.' }));
    const error = (await apiFetch('v7/apps/demo').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(localStorage.getItem('apiKey')).toBeNull();
  });

  it('reads the first message of a DRF error body', async () => {
    vi.stubGlobal('fetch', answer(400, { email: ['Ingresar un email correcto'], non_field_errors: ['x'] }));
    const error = (await apiFetch('v5/register/', { method: 'POST', body: {} }).catch((e) => e)) as ApiError;
    expect(error.firstMessage()).toBe('Ingresar un email correcto');
    expect(localStorage.getItem('apiKey')).toBeNull();
  });
});
