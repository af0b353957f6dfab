import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public catalogue or content read that this process keeps for MENU_CACHE_SECONDS, as sent, and
     * drops on the menu cache's events (an order, a stock change, an admin write, an import).
     */
    keptRead?: boolean;
  }
}

/**
 * Public reads answered from memory: a promotion link shared to a few thousand members has them all ask
 * the same product, program and places within a minute. A visitor's answer is kept (a member's may be
 * theirs alone); reads of a place (its menu, a product) follow that place's stock, others every change
 * of the tenant (menu-cache.ts).
 * Concurrent requests for an answer not kept share one computation.
 */
export const keptReadsPlugin = fp(async function keptReads(fastify: FastifyInstance) {
  if (fastify.menuCache.seconds === 0) return;
  fastify.addHook('onRoute', (route) => {
    if (!route.config?.keptRead) return;
    const handler = route.handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    route.handler = async function keptRead(request, reply) {
      if (request.headers.authorization !== undefined) return handler.call(this, request, reply);
      const { tenant } = request;
      // The answer's links are absolute (lib/public-origin.ts): the same path through another host is another answer.
      const key = `${tenant?.uid} ${tenant?.matchedDomain} ${request.host} ${request.language} ${request.url}`;
      const compute = async () => reply.serialize(await handler.call(this, request, reply)) as string;
      const placeUid = (request.params as { place_uid?: string }).place_uid;
      const body = placeUid
        ? await request.server.menuCache.page(tenant?.uid, placeUid, key, compute)
        : await request.server.menuCache.read(tenant?.uid, key, compute);
      request.server.keptAnswers.keep(request, reply, tenant?.uid);
      // Already serialised through the response schema; Fastify sends a JSON string as it is.
      return reply.type('application/json; charset=utf-8').send(body);
    } as RouteHandlerMethod;
  });
});
