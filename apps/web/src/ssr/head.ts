import type { App, Company } from '@storefront/contracts/app';
import type { Place, Product } from '@storefront/contracts/catalogue';
import type { Program } from '@storefront/contracts/loyalty';
import type { WeeklyHours } from '@storefront/contracts/tenant-file-catalogue';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { jsonForHtml } from '../app/page-state.ts';
import type { Page } from '../features/menu/api/page.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/** ISO 4217 code of the app's country, for schema.org offers (the app record has only the symbol). */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  PE: 'PEN',
  CO: 'COP',
  MX: 'MXN',
  CL: 'CLP',
  AR: 'ARS',
  BO: 'BOB',
  EC: 'USD',
  US: 'USD',
};
export const currencyCode = (app: App) => CURRENCY_BY_COUNTRY[app.countries[0]?.code ?? 'PE'] ?? 'PEN';

const absolute = (origin: string, url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    const resolved = new URL(url, origin);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
};

/** Pages whose address is their own canonical form (no query); others point at their path. */
function canonicalPath(url: string): string {
  const path = new URL(url, 'http://x').pathname;
  return path === '/' ? '/' : path.replace(/\/+$/, '');
}

interface Cached {
  products: Product[];
  places: Place[];
  program: Program | null;
}

/** The places the render fetched, each once. */
export function cachedPlaces(queryClient: QueryClient): Place[] {
  const places = new Map<string, Place>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['places'] })) {
    for (const place of (query.state.data as Page<Place> | undefined)?.results ?? [])
      places.set(place.uid, place);
  }
  return [...places.values()];
}

/** What the render fetched that the head describes: the menu's first page, the places, the program. */
function fromCache(queryClient: QueryClient, programUid: string | null): Cached {
  const cache = queryClient.getQueryCache();
  const products = cache
    .findAll({ queryKey: ['place-products'] })
    .flatMap(
      (query) => (query.state.data as InfiniteData<Page<Product>> | undefined)?.pages[0]?.results ?? [],
    );
  let program: Program | null = null;
  for (const query of cache.findAll({ queryKey: ['programs'] })) {
    const data = query.state.data as Program | Page<Program> | undefined;
    const found =
      data && 'results' in data
        ? data.results.find((p) => p.uid === programUid)
        : (data as Program | undefined);
    if (found?.uid === programUid) program = found;
  }
  return { products, places: cachedPlaces(queryClient), program };
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Weekly hours as schema.org specifications: one per opening and closing time, with its days. */
export function openingHoursLd(hours: WeeklyHours[]) {
  const byTimes = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const { weekday, opens, closes } of hours) {
    const key = `${opens}-${closes}`;
    const entry = byTimes.get(key) ?? { opens, closes, days: [] };
    entry.days.push(DAYS[weekday - 1] as string);
    byTimes.set(key, entry);
  }
  return [...byTimes.values()].map(({ opens, closes, days }) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days,
    opens,
    closes,
  }));
}

/** A place as schema.org sees it: a Restaurant for a company that sells a menu, else a Store. */
function placeLd(place: Place, company: Company, origin: string, hours: WeeklyHours[] = []) {
  return {
    '@type': company.ecommerce_enabled ? 'Restaurant' : 'Store',
    '@id': `${origin}/#place-${place.uid}`,
    name: place.name,
    address: { '@type': 'PostalAddress', streetAddress: place.address, addressLocality: place.locality.name },
    ...(place.phone && { telephone: place.phone }),
    ...(place.latitude !== null &&
      place.longitude !== null && {
        geo: { '@type': 'GeoCoordinates', latitude: place.latitude, longitude: place.longitude },
      }),
    ...(hours.length > 0 && { openingHoursSpecification: openingHoursLd(hours) }),
    parentOrganization: { '@id': `${origin}/#company` },
  };
}

function menuLd(products: Product[], app: App, url: string) {
  const currency = currencyCode(app);
  return {
    '@type': 'Menu',
    '@id': `${url}#menu`,
    name: app.company.name,
    hasMenuItem: products.map((product) => ({
      '@type': 'MenuItem',
      name: product.title,
      ...(product.short_description && { description: product.short_description }),
      ...(product.image && { image: product.image }),
      offers: { '@type': 'Offer', price: product.unit_price, priceCurrency: currency },
    })),
  };
}

/**
 * The head of a server-rendered page (decision 015): title and description from the tenant's data, the
 * canonical address on the tenant's own origin, Open Graph and Twitter cards, and schema.org JSON-LD.
 * Every value is escaped here (attributes and text) or by jsonForHtml (the JSON-LD block).
 */
export function pageHead({
  app,
  url,
  origin,
  lang,
  queryClient,
  openingHours = {},
}: {
  app: App;
  url: string;
  origin: string;
  lang: string;
  queryClient: QueryClient;
  /** Weekly hours by place uid, for the places' JSON-LD. */
  openingHours?: Record<string, WeeklyHours[]>;
}): string {
  const path = canonicalPath(url);
  const canonical = `${origin}${path}`;
  const programUid = /^(?:\/c\/[^/]+)?\/program\/([^/]+)/.exec(path)?.[1] ?? null;
  const { products, places, program } = fromCache(queryClient, programUid && decodeURIComponent(programUid));
  const company = app.company;
  const title = program ? `${program.name} · ${app.name}` : app.name;
  const description = (program?.description || company.description || app.name).slice(0, 300);
  const image =
    absolute(origin, program?.image) ??
    absolute(origin, company.banner) ??
    absolute(origin, company.logo) ??
    absolute(origin, app.logo);

  const graph: unknown[] = [
    {
      '@type': 'Organization',
      '@id': `${origin}/#company`,
      name: company.name,
      url: `${origin}/`,
      ...(absolute(origin, company.logo ?? app.logo) && { logo: absolute(origin, company.logo ?? app.logo) }),
      ...(company.description && { description: company.description }),
    },
    ...places.map((place) => placeLd(place, company, origin, openingHours[place.uid])),
  ];
  if (products.length > 0 && /\/(carta|products)$/.test(path)) graph.push(menuLd(products, app, canonical));

  const meta = (attribute: 'name' | 'property', key: string, value: string | null) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', app.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', lang === 'en' ? 'en_US' : 'es_PE'),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${jsonForHtml({ '@context': 'https://schema.org', '@graph': graph })}</script>`,
  ].join('');
}
