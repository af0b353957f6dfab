import { describe, expect, it } from 'vitest';
import { screenAfterSignIn } from './auth-provider.ts';

describe('the screen after signing in', () => {
  it('is the address opened signed out, with its query', () => {
    expect(screenAfterSignIn('/products')).toBe('/products');
    expect(screenAfterSignIn('/products/create')).toBe('/products/create');
    expect(screenAfterSignIn('/availability?filter=%7B%7D')).toBe('/availability?filter=%7B%7D');
  });

  it('is the first screen for none, another site, the sign-in or the picker', () => {
    for (const next of [
      null,
      undefined,
      '',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'products',
      '/login',
      '/companies',
      '/companies?next=/orders',
    ])
      expect(screenAfterSignIn(next), String(next)).toBe('/');
  });
});
