import { STORAGE_VERSION } from '@storefront/contracts/constants';

/**
 * Every local-storage key of spec §3, in one place. Per-place cart keys are built by the functions
 * below. `redirectLanding` lives in session storage: the landing redirect happens once per session.
 */
export const STORAGE_KEYS = {
  apiKey: 'apiKey',
  token: 'token',
  merge: 'merge',
  skipUpdate: 'skipUpdate',
  selectedPlaceUid: 'selectedPlaceUid',
  selectedAreaUid: 'selectedAreaUid',
  typeCart: 'typeCart',
  lang: 'lang',
  version: 'version',
  redirectLanding: 'redirectLanding',
  cookieGa: 'cookie_ga',
  cookieGuid: 'cookie_guid',
  sectionSearchProduct: 'sectionSearchProduct',
  colorsMainColor: 'colors_main_color',
  colorsMenuColor: 'colors_menu_color',
  itemExchange: 'ItemExchange',
  /** Not in the spec's list: the coupon of a /company/{uid}/code/{code}/ link and an influencer's uid. */
  coupon: 'coupon',
  influencerUid: 'influencerUid',
  selectedCompanyUid: 'selectedCompanyUid',
  pendingRedirect: 'pendingRedirect',
  skipCompleteInfo: 'skipCompleteInfo',
  /** The store a staff member works in (retail tools). */
  retailPlaceUid: 'retailPlaceUid',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const CART_PREFIX = 'cart_';
const SUBSCRIPTION_CART_PREFIX = 'subscriptionCart_';
export const cartKey = (placeUid: string) => `${CART_PREFIX}${placeUid}`;
export const subscriptionCartKey = (placeUid: string) => `${SUBSCRIPTION_CART_PREFIX}${placeUid}`;

export const storage = {
  get(key: StorageKey | string): string | null {
    return localStorage.getItem(key);
  },
  set(key: StorageKey | string, value: string): void {
    localStorage.setItem(key, value);
  },
  remove(key: StorageKey | string): void {
    localStorage.removeItem(key);
  },
  getJson<T>(key: StorageKey | string): T | null {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey | string, value: unknown): void {
    localStorage.setItem(key, JSON.stringify(value));
  },
};

/** Wipes local storage and records the version when the stored one differs or is absent (spec §4). */
export function applyStorageVersion(): boolean {
  if (localStorage.getItem(STORAGE_KEYS.version) === STORAGE_VERSION) return false;
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.version, STORAGE_VERSION);
  return true;
}

/**
 * Logout clears the token, the regular cart keys (not subscription carts), the merge and skip-update
 * flags (spec §4), and the complete-info skip, so that the next member on this browser is asked too.
 */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.merge);
  localStorage.removeItem(STORAGE_KEYS.skipUpdate);
  localStorage.removeItem(STORAGE_KEYS.skipCompleteInfo);
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(CART_PREFIX)) localStorage.removeItem(key);
  }
}

/** The landing redirect flag lives in session storage: once per browser session (spec §2). */
export const landingRedirect = {
  done: () => sessionStorage.getItem(STORAGE_KEYS.redirectLanding) === 'true',
  markDone: () => sessionStorage.setItem(STORAGE_KEYS.redirectLanding, 'true'),
};
