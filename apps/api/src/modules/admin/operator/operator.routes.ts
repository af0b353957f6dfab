import {
  adminOperatorAppCreateSchema,
  adminOperatorAppParamsSchema,
  adminOperatorAppSchema,
  adminOperatorCompanyCreateSchema,
  adminOperatorCompanyParamsSchema,
  adminOperatorCompanySchema,
  adminOperatorListQuerySchema,
  adminOperatorOwnerCreateSchema,
  adminOperatorOwnerSchema,
} from '@storefront/contracts/admin-operator';
import { AppError } from '@storefront/contracts/errors';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { forgetAppsOnWrite } from '../../apps/app-events.ts';
import { findAppByUid } from '../../apps/apps.repository.ts';
import { operatorContextOf, operatorGuardPlugin } from '../access/admin-guard.ts';
import * as operator from './operator.service.ts';

const tags = ['admin'];
const config = { adminRole: 'operator' as const };

/** The installation operator's calls: apps, their companies, a company's first owner. */
export const adminOperatorRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(operatorGuardPlugin);
  forgetAppsOnWrite(api);

  api.get('/apps/', {
    config,
    schema: {
      operationId: 'adminOperatorListApps',
      tags,
      summary: "The installation's apps with their domains and main company: search (name, domain)",
      querystring: adminOperatorListQuerySchema,
      response: { 200: pageSchema(adminOperatorAppSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await operator.listApps(
        operatorContextOf(request),
        request.query.search,
        at,
      );
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/apps/', {
    config,
    schema: {
      operationId: 'adminOperatorCreateApp',
      tags,
      summary: 'A new app on its domains (each answered by one app only) with its main company',
      body: adminOperatorAppCreateSchema,
      response: { 201: adminOperatorAppSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const adminHost = request.server.config.ADMIN_HOST ?? 'admin.localhost';
      const app = await operator.createApp(operatorContextOf(request), request.body, adminHost);
      return reply.code(201).send(app);
    },
  });

  api.get('/apps/:appUid/companies/', {
    config,
    schema: {
      operationId: 'adminOperatorListCompanies',
      tags,
      summary: "An app's companies with their owners: search (name)",
      params: adminOperatorAppParamsSchema,
      querystring: adminOperatorListQuerySchema,
      response: { 200: pageSchema(adminOperatorCompanySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await operator.listCompanies(
        operatorContextOf(request),
        request.params.appUid,
        request.query.search,
        at,
      );
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/apps/:appUid/companies/', {
    config,
    schema: {
      operationId: 'adminOperatorCreateCompany',
      tags,
      summary: 'A new company of the app',
      params: adminOperatorAppParamsSchema,
      body: adminOperatorCompanyCreateSchema,
      response: { 201: adminOperatorCompanySchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const company = await operator.createCompany(
        operatorContextOf(request),
        request.params.appUid,
        request.body,
      );
      return reply.code(201).send(company);
    },
  });

  api.post('/companies/:companyUid/owners/', {
    config,
    schema: {
      operationId: 'adminOperatorCreateOwner',
      tags,
      summary:
        "Makes a person the company's owner by e-mail; an unknown e-mail gets an account and the welcome mail",
      params: adminOperatorCompanyParamsSchema,
      body: adminOperatorOwnerCreateSchema,
      response: { 201: adminOperatorOwnerSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = operatorContextOf(request);
      const company = await operator.companyOf(ctx, request.params.companyUid);
      const app = await findAppByUid(ctx.db, company.appUid);
      if (!app) throw new AppError('NOT_FOUND');
      const owner = await operator.createOwner(ctx, company, app, request.body, publicOrigin(request, app));
      return reply.code(201).send(owner);
    },
  });
};
