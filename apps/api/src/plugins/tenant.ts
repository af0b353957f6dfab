import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageOf } from '../lib/language.ts';
import { findAppByApiKey, findAppByDomain, type TenantApp } from '../modules/apps/apps.repository.ts';
import { normaliseDomain } from '../modules/apps/apps.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantApp | null;
    language: Language;
  }
}

/**
 * The tenant of a request, from its Host (a leading www. ignored) and its API-KEY header
 * (architecture §2). A key that is unknown or belongs to another app than the host's is refused (403).
 */
export async function resolveTenant(request: FastifyRequest): Promise<TenantApp | null> {
  const db = request.server.db;
  const byHost = await findAppByDomain(db, normaliseDomain(request.hostname));
  const apiKey = request.headers['api-key'];
  if (typeof apiKey !== 'string' || apiKey === '') return byHost;
  const byKey = byHost?.apiKey === apiKey ? byHost : await findAppByApiKey(db, apiKey);
  if (!byKey || (byHost && byHost.uid !== byKey.uid)) throw new AppError('API_KEY_MISMATCH');
  return byKey;
}

export const tenantPlugin = fp(async (fastify: FastifyInstance) => {
  fastify.decorateRequest('tenant', null);
  fastify.decorateRequest('language', 'es');
  fastify.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers['accept-language']);
    if (request.url.startsWith('/api/')) request.tenant = await resolveTenant(request);
  });
});
