import { adminCompanyParamsSchema } from '@storefront/contracts/admin';
import { adminDashboardQuerySchema, adminDashboardSchema } from '@storefront/contracts/admin-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { dashboard } from './dashboard.service.ts';

/** The owner's numbers (issue 18): owners and managers. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/dashboard/', {
    config: { adminRole: 'manager' },
    schema: {
      operationId: 'adminDashboard',
      tags: ['admin'],
      summary:
        "The company's figures over a range of days (both included, at most 366, on the place's or the company's clock), for one place or all: sales, orders by type and payment, top products, members, redemptions, coins and points issued, spent and outstanding, stamp cards completed",
      params: adminCompanyParamsSchema,
      querystring: adminDashboardQuerySchema,
      response: { 200: adminDashboardSchema, ...errorResponses },
    },
    handler: (request) => dashboard(adminContextOf(request), request.query),
  });
};
