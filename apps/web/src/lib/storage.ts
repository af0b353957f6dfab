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
  /** The member said "not now" to notifications on this device (issue 30). */
  pushOfferDismissed: 'pushOfferDismissed',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const CART_PREFIX = 'cart_';
const SUBSCRIPTION_CART_PREFIX = 'subscriptionCart_';
export const cartKey = (placeUid: string) => `${CART_PREFIX}${placeUid}`;
export const subscriptionCartKey = (placeUid: string) => `${SUBSCRIPTION_CART_PREFIX}${placeUid}`;

/** Where `storage` reads and writes: local storage, or a stand-in while rendering on the server or hydrating. */
export interface StorageSource {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

let source: () => StorageSource = () => localStorage;

let serverSource: () => StorageSource | null = () => null;

/**
 * The server renders each request with a source of its own (its cookies); `server`, when given, is what
 * the page's server render read, which the browser uses while it hydrates that page (decision 015).
 */
export function setStorageSource(next: () => StorageSource, server?: () => StorageSource | null): void {
  source = next;
  if (server) serverSource = server;
}

/**
 * A key as the server rendered it: the getServerSnapshot of stores, so that hydration renders what the
 * server did and the stored value follows right after. Equal to `storage.get` once no page is hydrating.
 */
export const serverSnapshot = (key: string): string | null => (serverSource() ?? source()).getItem(key);

/** The Cookie header of the request being rendered on the server, else the document's cookies. */
let cookieText: () => string = () => document.cookie;
export const cookies = () => cookieText();
export function setCookieSource(next: () => string): void {
  cookieText = next;
}

/**
 * Keys the server must know to render the page the browser will render (decision 015): mirrored in
 * first-party cookies of the same names, while local storage keeps them as spec §3 says.
 */
export const MIRRORED_KEYS: readonly string[] = [
  STORAGE_KEYS.lang,
  STORAGE_KEYS.selectedAreaUid,
  STORAGE_KEYS.selectedPlaceUid,
  STORAGE_KEYS.selectedCompanyUid,
  STORAGE_KEYS.sectionSearchProduct,
  STORAGE_KEYS.cookieGa,
  STORAGE_KEYS.cookieGuid,
];
const MIRROR_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function mirror(key: string, value: string | null): void {
  if (typeof document === 'undefined' || !MIRRORED_KEYS.includes(key)) return;
  const cookie =
    value === null
      ? `${key}=; max-age=0`
      : `${key}=${encodeURIComponent(value)}; max-age=${MIRROR_MAX_AGE_SECONDS}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
  document.cookie = `${cookie}; path=/; SameSite=Lax`;
}

/** Writes the mirrored keys' cookies from local storage (a visitor from before the mirror, a wiped cookie). */
export function syncMirroredCookies(): void {
  for (const key of MIRRORED_KEYS) mirror(key, localStorage.getItem(key));
}

export const storage = {
  get(key: StorageKey | string): string | null {
    return source().getItem(key);
  },
  set(key: StorageKey | string, value: string): void {
    source().setItem(key, value);
    mirror(key, value);
  },
  remove(key: StorageKey | string): void {
    source().removeItem(key);
    mirror(key, null);
  },
  getJson<T>(key: StorageKey | string): T | null {
    const raw = source().getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey | string, value: unknown): void {
    source().setItem(key, JSON.stringify(value));
  },
};

/** Wipes local storage and records the version when the stored one differs or is absent (spec §4). */
export function applyStorageVersion(): boolean {
  if (localStorage.getItem(STORAGE_KEYS.version) === STORAGE_VERSION) return false;
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.version, STORAGE_VERSION);
  syncMirroredCookies();
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
