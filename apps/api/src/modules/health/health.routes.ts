import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-handler.ts';

/** How long the readiness check waits for the database before it calls the process not ready. */
const READY_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/health', {
    schema: {
      operationId: 'getHealth',
      tags: ['health'],
      summary: 'Answers once the database answers',
      response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses },
    },
    handler: async (request) => {
      await request.server.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  });

  // The process listens only once its migrations have run, so before then this check is refused too;
  // while it shuts down Fastify answers 503 (return503OnClosing).
  api.get('/ready', {
    config: { tenantless: true },
    schema: {
      operationId: 'getReadiness',
      tags: ['health'],
      summary: 'Ready for traffic: migrated and the database answering within 2 s',
      response: {
        200: z.object({ status: z.literal('ready') }),
        503: z.object({ status: z.literal('not ready'), reason: z.string() }),
      },
    },
    handler: async (request, reply) => {
      const answered = await Promise.race([
        request.server.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => setTimeout(resolve, READY_TIMEOUT_MS, false).unref()),
      ]);
      if (!answered)
        return reply.code(503).send({ status: 'not ready' as const, reason: 'database unreachable' });
      return { status: 'ready' as const };
    },
  });
};
