import { COOKIE_GUID_MAX_AGE_DAYS } from '@storefront/contracts/constants';
import { cookies, STORAGE_KEYS, storage } from './storage.ts';

/** The visitor's cookie choices (spec §2 cookies): `_ga` analytics and the `_guid` visit cookie. */
export interface CookieChoices {
  ga: boolean;
  guid: boolean;
}

const DAY_SECONDS = 24 * 60 * 60;
export const GUID_COOKIE = '_guid';

const readFlag = (key: string): boolean | null => {
  const value = storage.get(key);
  return value === null ? null : value === 'true';
};

export function storedChoices(): { ga: boolean | null; guid: boolean | null } {
  return { ga: readFlag(STORAGE_KEYS.cookieGa), guid: readFlag(STORAGE_KEYS.cookieGuid) };
}

export const hasCookie = (name: string) =>
  cookies()
    .split(';')
    .some((part) => part.trim().startsWith(`${name}=`));

/** The banner shows when no preference is stored, or when _guid was accepted but its cookie has expired. */
export function needsConsent(): boolean {
  const { ga, guid } = storedChoices();
  if (ga === null && guid === null) return true;
  return guid === true && !hasCookie(GUID_COOKIE);
}

function setCookie(name: string, value: string, maxAgeSeconds: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
}

/** Removes a cookie on this host and on its parent domains (analytics sets it on the widest one). */
function removeCookie(name: string) {
  const parts = location.hostname.split('.');
  const domains = ['', ...parts.map((_, i) => parts.slice(i).join('.'))];
  for (const domain of domains) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
    document.cookie = `${name}=; max-age=0; path=/${domain ? `; domain=${domain}` : ''}`;
  }
}

/** Analytics cookies: `_ga` and its per-property `_ga_<id>` companions. */
export function removeAnalyticsCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim() ?? '';
    if (name === '_ga' || name.startsWith('_ga_') || name === '_gid') removeCookie(name);
  }
}

/** Saves the choices; the _guid cookie lasts 1 day, refusing analytics removes its cookies. */
export function saveChoices(choices: CookieChoices): void {
  storage.set(STORAGE_KEYS.cookieGa, String(choices.ga));
  storage.set(STORAGE_KEYS.cookieGuid, String(choices.guid));
  if (choices.guid) {
    if (!hasCookie(GUID_COOKIE))
      setCookie(GUID_COOKIE, crypto.randomUUID(), COOKIE_GUID_MAX_AGE_DAYS * DAY_SECONDS);
  } else removeCookie(GUID_COOKIE);
  if (!choices.ga) removeAnalyticsCookies();
  window.dispatchEvent(new Event(CONSENT_EVENT));
}

/** Fired on window when the choices change, so that analytics can start without a reload. */
export const CONSENT_EVENT = 'storefront:consent';

export const analyticsAccepted = () => storedChoices().ga === true;
