import { adminCompanyParamsSchema } from '@storefront/contracts/admin';
import {
  adminDashboardExportQuerySchema,
  adminDashboardQuerySchema,
  adminDashboardSchema,
} from '@storefront/contracts/admin-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { dashboard, dashboardFile } from './dashboard.service.ts';

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

  api.get('/dashboard/export/', {
    config: { adminRole: 'manager' },
    schema: {
      operationId: 'adminExportDashboard',
      tags: ['admin'],
      summary:
        "One table of the dashboard (summary, sales per day, orders by type or payment, top products, redemptions, programs) as a CSV or XLSX file, for the dashboard's range and place",
      params: adminCompanyParamsSchema,
      querystring: adminDashboardExportQuerySchema,
      response: { 200: z.any().describe('The file (text/csv or XLSX)'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { name, file } = await dashboardFile(adminContextOf(request), request.query);
      return reply
        .header(
          'content-type',
          request.query.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file as never); // a Buffer goes out as is, past the JSON serializer
    },
  });
};
