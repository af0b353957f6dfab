import { landingResponseSchema } from '@storefront/contracts/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { getLanding } from './content.service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v7/apps/:uid_app/landing/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'getLanding',
      tags: ['apps'],
      summary: 'The landing sections of the current app (spec §3 Landing section)',
      params: z.object({ uid_app: z.string().max(64) }),
      response: { 200: landingResponseSchema, ...errorResponses },
    },
    handler: (request) => getLanding(contextOf(request), request.params.uid_app),
  });
};
