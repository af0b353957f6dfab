import { adminCompanyParamsSchema, auditEntrySchema, auditLogQuerySchema } from '@storefront/contracts/admin';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { listAuditLog } from './audit.service.ts';

/** `GET /api/admin/companies/{uid}/audit-log/` (owner only). */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/audit-log/', {
    config: { adminRole: 'owner' },
    schema: {
      operationId: 'adminListAuditLog',
      tags: ['admin'],
      summary:
        "The company's admin changes, newest first: filters object_type, object_uid, user, since, until",
      params: adminCompanyParamsSchema,
      querystring: auditLogQuerySchema,
      response: { 200: pageSchema(auditEntrySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await listAuditLog(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });
};
