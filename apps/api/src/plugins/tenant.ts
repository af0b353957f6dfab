import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageOf } from '../lib/language.ts';
import { checkRequestHost } from '../lib/public-origin.ts';
import { findAppByApiKey, findAppByDomain, type TenantApp } from '../modules/apps/apps.repository.ts';
import { normaliseDomain } from '../modules/apps/apps.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: ReturnType<typeof tenantCache>;
  }
  interface FastifyRequest {
    tenant: TenantApp | null;
    language: Language;
  }
  interface FastifyContextConfig {
    /** The probes and metrics serve the installation, not a tenant: they look none up. */
    tenantless?: boolean;
  }
}

/**
 * The tenant of a request, from its Host (a leading www. ignored) and its API-KEY header
 * (architecture §2). A key that is unknown or belongs to another app than the host's is refused (403).
 * Answers are kept per host and key for TENANT_CACHE_SECONDS (in each process): a change made through
 * the admin API (settings, a new app's domains) clears every process's answers at once (app_events);
 * one made otherwise (the tenant import) shows up within that time.
 */
export function resolveTenant(request: FastifyRequest): Promise<TenantApp | null> {
  const host = normaliseDomain(request.hostname);
  const header = request.headers['api-key'];
  const apiKey = typeof header === 'string' ? header : '';
  return request.server.tenants(`${host} ${apiKey}`, () => lookUpTenant(request.server.db, host, apiKey));
}

async function lookUpTenant(db: Database, host: string, apiKey: string): Promise<TenantApp | null> {
  const byHost = await findAppByDomain(db, host);
  if (apiKey === '') return byHost;
  const byKey = byHost?.apiKey === apiKey ? byHost : await findAppByApiKey(db, apiKey);
  if (!byKey || (byHost && byHost.uid !== byKey.uid)) throw new AppError('API_KEY_MISMATCH');
  return byKey;
}

/** Enough hosts and keys for any real deployment; past it (a scan of made-up hosts) the cache restarts. */
const MAX_CACHED_TENANTS = 10_000;

/**
 * Look-ups kept for `seconds` (a failed one is not kept); concurrent requests share one look-up.
 * `clear()` forgets them all: an app's settings or domains changed (modules/apps/app-events.ts).
 */
function tenantCache(seconds: number) {
  const entries = new Map<string, { until: number; app: Promise<TenantApp | null> }>();
  const lookUpKept = (key: string, lookUp: () => Promise<TenantApp | null>): Promise<TenantApp | null> => {
    if (seconds === 0) return lookUp();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.app;
    if (entries.size >= MAX_CACHED_TENANTS) entries.clear();
    const app = lookUp();
    entries.set(key, { until: now + seconds * 1000, app });
    app.catch(() => entries.delete(key));
    return app;
  };
  return Object.assign(lookUpKept, { clear: () => entries.clear(), seconds });
}

export const tenantPlugin = fp(async function tenant(fastify: FastifyInstance) {
  fastify.decorate('tenants', tenantCache(fastify.config.TENANT_CACHE_SECONDS ?? 0));
  fastify.decorateRequest('tenant', null);
  fastify.decorateRequest('language', 'es');
  fastify.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers['accept-language']);
    checkRequestHost(request);
    if (request.url.startsWith('/api/') && !request.routeOptions.config.tenantless)
      request.tenant = await resolveTenant(request);
  });
});
