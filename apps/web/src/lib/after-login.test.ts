import { beforeEach, describe, expect, it } from 'vitest';
import {
  afterLoginTarget,
  cartaProductPath,
  pendingRedirectTarget,
  takeAfterLoginTarget,
} from './after-login.ts';

describe('after login (spec §4)', () => {
  it('sends an incomplete profile to /complete-info unless skipped', () => {
    expect(afterLoginTarget(false, { skipped: false, pendingRedirect: null })).toBe('/complete-info');
    expect(afterLoginTarget(false, { skipped: false, pendingRedirect: '/cart' })).toBe('/complete-info');
    expect(afterLoginTarget(false, { skipped: true, pendingRedirect: null })).toBe('/');
  });

  it('sends a complete profile home, or to the cart when a redirect was stored', () => {
    expect(afterLoginTarget(true, { skipped: false, pendingRedirect: null })).toBe('/');
    expect(afterLoginTarget(true, { skipped: false, pendingRedirect: '/c/multi-cafe/cart' })).toBe(
      '/c/multi-cafe/cart',
    );
  });

  it('sends staff to their tools, never to /complete-info (issue 14)', () => {
    expect(afterLoginTarget(false, { skipped: false, pendingRedirect: null, staff: true })).toBe('/retail');
    expect(afterLoginTarget(true, { skipped: false, pendingRedirect: null, staff: true })).toBe('/retail');
  });

  it("brings a visitor back to the menu's product they tapped (issue 28)", () => {
    expect(cartaProductPath('p-lomo-saltado')).toBe('/carta?product=p-lomo-saltado');
    expect(afterLoginTarget(true, { skipped: false, pendingRedirect: '/carta?product=p-lomo-saltado' })).toBe(
      '/carta?product=p-lomo-saltado',
    );
    expect(pendingRedirectTarget('/carta')).toBe('/carta');
    expect(pendingRedirectTarget('/carta?product=a/../../x')).toBe('/cart');
    expect(pendingRedirectTarget('/carta?product=p&next=//evil.example')).toBe('/cart');
  });

  it('lands any other pending redirect on a cart', () => {
    expect(pendingRedirectTarget('true')).toBe('/cart');
    expect(pendingRedirectTarget('https://evil.example/cart')).toBe('/cart');
    expect(pendingRedirectTarget('/cart')).toBe('/cart');
    expect(pendingRedirectTarget(null)).toBeNull();
  });

  describe('with the stored flags', () => {
    beforeEach(() => localStorage.clear());

    it('spends the pending redirect once it is followed', () => {
      localStorage.setItem('pendingRedirect', '/cart');
      expect(takeAfterLoginTarget(true)).toBe('/cart');
      expect(localStorage.getItem('pendingRedirect')).toBeNull();
    });

    it('keeps it for after complete-info, and honours the skip flag', () => {
      localStorage.setItem('pendingRedirect', '/cart');
      expect(takeAfterLoginTarget(false)).toBe('/complete-info');
      expect(localStorage.getItem('pendingRedirect')).toBe('/cart');
      localStorage.setItem('skipCompleteInfo', 'true');
      expect(takeAfterLoginTarget(false)).toBe('/cart');
    });
  });
});
