import type { App, Company } from '@storefront/contracts/app';
import { MAX_LANDING_CARDS, NARROW_SCREEN } from '@storefront/contracts/constants';
import { safeUrl } from '@storefront/contracts/tenant-html';
import { useSyncExternalStore } from 'react';

export const WHATSAPP_GREETING = 'Hola! Estoy interesado en tu servicio';

/** Narrow screen: width under 500 and height under 1000 (spec §9). */
export const isNarrowScreen = (width: number, height: number) =>
  width < NARROW_SCREEN.width && height < NARROW_SCREEN.height;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
export const useNarrowScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => isNarrowScreen(window.innerWidth, window.innerHeight),
    // The server renders the wide layout; a narrow phone switches once hydrated.
    () => false,
  );

/** WhatsApp chat link: the mobile 'api' link on narrow screens, WhatsApp Web otherwise. */
export function whatsappLink(number: string, narrow: boolean, text?: string): string {
  const url = new URL(narrow ? 'https://api.whatsapp.com/send' : 'https://web.whatsapp.com/send');
  url.searchParams.set('phone', number.replace(/\D/g, ''));
  if (text) url.searchParams.set('text', text);
  return url.href;
}

/**
 * The administrator site a marketplace's login button opens: VITE_MARKETPLACE_ADMIN_URL when the build
 * names one, else the installation's admin site (the app record's admin_url, from ADMIN_HOST).
 */
export const marketplaceAdminUrl = (app: Pick<App, 'admin_url'>, configured: string | undefined) =>
  configured || app.admin_url;

/** Up to 3 active cards (spec §2 INFORMATIVE and CARD). */
export const activeCards = <T extends { is_active: boolean }>(cards: T[], max = MAX_LANDING_CARDS) =>
  cards.filter((card) => card.is_active).slice(0, max);

/** A card colour given as hex with or without '#'; anything else is ignored. */
export function cardColor(color: string | null): string | undefined {
  const hex = color?.trim().replace(/^#/, '');
  return hex && /^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? `#${hex}` : undefined;
}

export type LandingTarget = { internal: string } | { external: string } | null;

/**
 * Where a WELCOME button goes: a link to the app's own domain opens products when ecommerce is on,
 * else the first allowed program (else home); any other safe link opens outside.
 */
export function welcomeTarget(link: string, app: App, company: Company, currentHost: string): LandingTarget {
  const safe = safeUrl(link);
  if (!safe) return null;
  const host = safe.startsWith('/') ? currentHost : new URL(safe).hostname;
  const own = [app.domain, currentHost].includes(host.replace(/^www\./, ''));
  if (!own) return { external: safe };
  if (company.ecommerce_enabled) return { internal: '/products' };
  const program = app.allowed_programs[0];
  return { internal: program ? `/program/${program.uid}` : '/' };
}
