import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redactLinkSecret } from './log-redaction.ts';

/**
 * One log line per request, written when it is answered (Fastify's default writes two: one on arrival,
 * one on completion). It holds what an operator filters by: the route, the status, the time taken and
 * the tenant; the URL has the secret of one-time links redacted.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: redactLinkSecret(request.url),
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      tenant: request.tenant?.uid,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}
