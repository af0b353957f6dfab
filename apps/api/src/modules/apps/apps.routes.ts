import { appSchema } from '@storefront/contracts/app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSiteUrl } from '../../lib/public-origin.ts';
import { contextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { getAppByDomain, getAppByUid } from './apps.service.ts';

export const appsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v7/apps/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'getApp',
      tags: ['apps'],
      summary: 'The app served on a domain (the storefront boot call)',
      querystring: z.strictObject({ domain: z.string().min(1).max(253) }),
      response: { 200: appSchema, ...errorResponses },
    },
    handler: (request) =>
      getAppByDomain(
        request.server.db,
        request.tenant,
        request.query.domain,
        request.language,
        adminSiteUrl(request),
      ),
  });

  api.get('/v7/apps/:uid_app', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'getAppFields',
      tags: ['apps'],
      summary: 'The fields of the current app',
      params: z.object({ uid_app: z.string().max(64) }),
      response: { 200: appSchema, ...errorResponses },
    },
    handler: (request) => getAppByUid(contextOf(request), request.params.uid_app, adminSiteUrl(request)),
  });
};
