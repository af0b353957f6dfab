import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-handler.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Answers once the database answers',
      response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses },
    },
    handler: async (request) => {
      await request.server.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  });
};
