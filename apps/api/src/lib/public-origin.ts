import { isIPv6 } from 'node:net';
import { AppError } from '@storefront/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { TenantApp } from '../modules/apps/apps.repository.ts';
import { normaliseDomain } from '../modules/apps/apps.service.ts';
import { isLoopbackAddress } from './loopback.ts';

// The one link builder (architecture §8): every absolute URL the server hands out (mailed links, the
// `next` and `previous` of lists, canonical and Open Graph links) starts with publicOrigin(request).

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/** A host name or an address as a URL may carry it: DNS labels, IPv4, or IPv6 in brackets. */
function isHostName(name: string): boolean {
  if (name.startsWith('[')) return name.endsWith(']') && isIPv6(name.slice(1, -1));
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  return bare.length > 0 && bare.length <= 253 && bare.split('.').every((label) => LABEL.test(label));
}

/** Whether a Host (or X-Forwarded-Host) value is `host[:port]` with a port from 1 to 65535. */
export function isValidHost(value: string): boolean {
  const match = /^(.+?)(?::(\d{1,5}))?$/.exec(value);
  if (!match?.[1] || !isHostName(match[1])) return false;
  const port = match[2] === undefined ? 1 : Number(match[2]);
  // The URL parser has the last word (it refuses a name such as 1.2.3.4.5 as a broken IPv4 address).
  return port >= 1 && port <= 65_535 && URL.canParse(`http://${value}/`);
}

const PROTOCOLS = /^\s*https?\s*(,\s*https?\s*)*$/i;

/**
 * Refuses (400) a request whose Host, or X-Forwarded-Proto, is not well formed, before any work: such
 * a value would otherwise reach the tenant lookup or a URL. The host checked is the one Fastify uses
 * (X-Forwarded-Host only from a proxy that TRUST_PROXY trusts). No Host at all (an HTTP/1.0 health
 * check) passes: it names no tenant.
 */
export function checkRequestHost(request: FastifyRequest): void {
  const proto = request.headers['x-forwarded-proto'];
  const host = request.headers.host;
  if (
    (host !== undefined && !isValidHost(host)) ||
    (request.host !== host && request.host !== '' && !isValidHost(request.host)) ||
    (proto !== undefined && !PROTOCOLS.test(String(proto)))
  )
    throw new AppError('INVALID_HOST');
}

/** Names that only ever reach this machine (`*.localhost` too): served over plain HTTP in development. */
function isLoopback(domain: string): boolean {
  return domain.endsWith('.localhost') || isLoopbackAddress(domain.replace(/^\[(.*)\]$/, '$1'));
}

/**
 * The admin site's address (ADMIN_HOST): https, or in development for a loopback name (`admin.localhost`)
 * http with the port this request came through, as the storefront's own links are.
 */
export function adminSiteUrl(request: FastifyRequest): string {
  const { ADMIN_HOST = 'admin.localhost', production } = request.server.config;
  if (production || !isLoopback(ADMIN_HOST)) return `https://${ADMIN_HOST}/`;
  return new URL(request.port ? `http://${ADMIN_HOST}:${request.port}/` : `http://${ADMIN_HOST}/`).href;
}

/**
 * `scheme://host[:port]` of the site a request belongs to, never taken from an unchecked header:
 * PUBLIC_URL's origin when it is set; else the tenant's registered domain that the lookup matched (its
 * canonical domain when the app was found by its API key), over https, or http for loopback names in
 * development, where the port the request came through is kept too (`http://localhost:8080`), also for
 * a request made on the admin site's loopback name.
 */
export function publicOrigin(request: FastifyRequest, app: TenantApp | null = request.tenant): string {
  const { PUBLIC_URL, production } = request.server.config;
  if (PUBLIC_URL) return new URL(PUBLIC_URL).origin;
  if (!app?.matchedDomain) throw new AppError('APP_NOT_FOUND');
  const domain = app.matchedDomain;
  if (production || !isLoopback(domain)) return `https://${domain}`;
  // The port is the one this request came through, when it came by this very domain or by the admin
  // site's loopback name (an admin's invite for a shop served by the same development server).
  const { ADMIN_HOST = 'admin.localhost' } = request.server.config;
  const host = normaliseDomain(request.hostname);
  const port = host === domain || (host === ADMIN_HOST && isLoopback(host)) ? request.port : null;
  return new URL(port ? `http://${domain}:${port}` : `http://${domain}`).origin;
}
