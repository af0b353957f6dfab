import { STORAGE_VERSION } from '@storefront/contracts/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyStorageVersion,
  cartKey,
  clearSession,
  landingRedirect,
  STORAGE_KEYS,
  subscriptionCartKey,
} from './storage.ts';

describe('storage rules', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('wipes local storage and sets the version 1.0.2 when the stored version is absent', () => {
    localStorage.setItem('token', 'abc');
    expect(applyStorageVersion()).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('version')).toBe('1.0.2');
    expect(STORAGE_VERSION).toBe('1.0.2');
  });

  it('wipes local storage when the stored version differs, and keeps it when it matches', () => {
    localStorage.setItem('version', '1.0.1');
    localStorage.setItem('lang', 'en');
    expect(applyStorageVersion()).toBe(true);
    expect(localStorage.getItem('lang')).toBeNull();
    localStorage.setItem('lang', 'en');
    expect(applyStorageVersion()).toBe(false);
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('logout clears the token, regular carts, the merge, skip-update and complete-info skip flags, not subscription carts', () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.merge, 'true');
    localStorage.setItem(STORAGE_KEYS.skipUpdate, 'true');
    localStorage.setItem(STORAGE_KEYS.skipCompleteInfo, 'true');
    localStorage.setItem(cartKey('p1'), '{}');
    localStorage.setItem(subscriptionCartKey('p1'), '{}');
    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.merge)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.skipUpdate)).toBeNull();
    // Another member signing in on this browser is asked to complete their profile too.
    expect(localStorage.getItem(STORAGE_KEYS.skipCompleteInfo)).toBeNull();
    expect(localStorage.getItem(cartKey('p1'))).toBeNull();
    expect(localStorage.getItem(subscriptionCartKey('p1'))).toBe('{}');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('en');
  });

  it('names every local-storage key of spec §3', () => {
    const keys = Object.values(STORAGE_KEYS) as string[];
    for (const key of [
      'apiKey',
      'token',
      'merge',
      'skipUpdate',
      'selectedPlaceUid',
      'selectedAreaUid',
      'typeCart',
      'lang',
      'version',
      'redirectLanding',
      'cookie_ga',
      'cookie_guid',
      'sectionSearchProduct',
      'colors_main_color',
      'colors_menu_color',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('remembers the landing redirect for the session only', () => {
    expect(landingRedirect.done()).toBe(false);
    landingRedirect.markDone();
    expect(landingRedirect.done()).toBe(true);
    expect(sessionStorage.getItem('redirectLanding')).toBe('true');
  });
});
