import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactLinkSecret } from '../lib/log-redaction.ts';

/**
 * One log line per request, written when it is answered (Fastify's own request logging writes two:
 * one on arrival, one on completion). It holds what an operator filters by: the route, the status, the
 * time taken and the tenant; the URL has the secret of one-time links redacted.
 */
export const requestLogPlugin = fp(async (fastify: FastifyInstance) => {
  fastify.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactLinkSecret(request.url),
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        tenant: request.tenant?.uid,
        ip: request.ip,
      },
      'request',
    );
  });
});
