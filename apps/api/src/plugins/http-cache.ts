import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous catalogue or content read that a CDN or browser may keep (issue 19). */
    publicCache?: boolean;
  }
}

/**
 * Short enough that a price or a sold-out dish shows within seconds; a cache may serve the old answer a
 * minute longer while it asks again (stale-while-revalidate), and the ETag makes that ask a 304.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

/**
 * HTTP caching of the API's answers. A route marked `publicCache`, asked without a session, answers a
 * strong ETag (a hash of the body, so any change to stock, prices or an import changes it at once) and
 * a public Cache-Control, and a 304 to an If-None-Match that still matches. Every other answer is
 * `private, no-store`, so that nothing a member sees is ever kept by a shared cache.
 */
export const httpCachePlugin = fp(async function httpCache(fastify: FastifyInstance) {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const served = request.url.startsWith('/api/') || request.url.startsWith('/media/');
    if (!served || reply.hasHeader('cache-control')) return payload;
    const cacheable =
      request.routeOptions.config.publicCache === true &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode === 200 &&
      request.headers.authorization === undefined &&
      (typeof payload === 'string' || Buffer.isBuffer(payload));
    if (!cacheable) {
      reply.header('cache-control', 'private, no-store');
      return payload;
    }
    const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
    reply.header('etag', etag);
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    // The tenant comes from the Host or the API-KEY header; the language picks the answer's words.
    reply.header('vary', 'Accept-Language, API-KEY');
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});

/** Whether an If-None-Match header names `etag` (or any, `*`). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}
