import { describe, expect, it } from 'vitest';
import { matchStorefrontRoute } from './storefront-routes.ts';

describe('the storefront route table', () => {
  it('matches the routes as React Router does, with their parameters', () => {
    expect(matchStorefrontRoute('/')).toEqual({});
    expect(matchStorefrontRoute('/register/')).toEqual({});
    expect(matchStorefrontRoute('/Carta')).toEqual({});
    expect(matchStorefrontRoute('/program/demo-club')).toEqual({ programUid: 'demo-club' });
    expect(matchStorefrontRoute('/c/multi-cafe/')).toEqual({ companyUid: 'multi-cafe' });
    expect(matchStorefrontRoute('/retail')).toEqual({});
    expect(matchStorefrontRoute('/retail/orders/x')).toEqual({});
    expect(matchStorefrontRoute('/cuenta/me/delete/demo/u/t')).toMatchObject({ deletionPrefix: 'cuenta' });
  });

  it('matches nothing else', () => {
    for (const path of ['/no-such-page', '/program', '/program/a/b', '/c/x/y', '/orders/a/b', '/cartas']) {
      expect(matchStorefrontRoute(path), path).toBeNull();
    }
  });
});
