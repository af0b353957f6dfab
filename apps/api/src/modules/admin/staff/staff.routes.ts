import { adminCompanyParamsSchema, conflictSchema } from '@storefront/contracts/admin';
import {
  adminStaffCreateSchema,
  adminStaffParamsSchema,
  adminStaffPatchSchema,
  adminStaffQuerySchema,
  adminStaffSchema,
} from '@storefront/contracts/admin-staff';
import { AppError } from '@storefront/contracts/errors';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { findAppByUid } from '../../apps/apps.repository.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import * as staff from './staff.service.ts';

const tags = ['admin'];
const config = { adminRole: 'owner' as const };

/** The company's people and their roles (owners only). */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/staff/', {
    config,
    schema: {
      operationId: 'adminListStaff',
      tags,
      summary:
        "The company's people with their role and places: search (e-mail, name), filter role; ordering email, role",
      params: adminCompanyParamsSchema,
      querystring: adminStaffQuerySchema,
      response: { 200: pageSchema(adminStaffSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await staff.listStaff(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/staff/', {
    config,
    schema: {
      operationId: 'adminInviteStaff',
      tags,
      summary:
        'Invites a person by e-mail to a role and places; an unknown e-mail gets an account and the welcome mail',
      params: adminCompanyParamsSchema,
      body: adminStaffCreateSchema,
      response: { 201: adminStaffSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = adminContextOf(request);
      const app = await findAppByUid(ctx.db, ctx.company.appUid);
      if (!app) throw new AppError('NOT_FOUND');
      return withEtag(
        reply,
        await staff.inviteStaff(ctx, app, request.body, publicOrigin(request, app)),
        201,
      );
    },
  });

  api.get('/staff/:uid/', {
    config,
    schema: {
      operationId: 'adminGetStaff',
      tags,
      summary: 'One person of the company, with the version of their role as ETag',
      params: adminStaffParamsSchema,
      response: { 200: adminStaffSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await staff.getStaff(adminContextOf(request), request.params.uid)),
  });

  api.patch('/staff/:uid/', {
    config,
    schema: {
      operationId: 'adminUpdateStaff',
      tags,
      summary: 'Changes the role or places; the last owner cannot be demoted (409); If-Match as elsewhere',
      params: adminStaffParamsSchema,
      headers: ifMatchHeaders,
      body: adminStaffPatchSchema,
      response: {
        200: adminStaffSchema,
        409: z.union([conflictSchema(adminStaffSchema), z.object({ detail: z.string() })]),
        ...errorResponses,
      },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await staff.updateStaff(
          adminContextOf(request),
          request.params.uid,
          request.body,
          ifMatchOf(request),
        ),
      ),
  });

  api.delete('/staff/:uid/', {
    config,
    schema: {
      operationId: 'adminRevokeStaff',
      tags,
      summary:
        'Revokes the role at once (admin site, retail tools, open order board); not the last owner (409)',
      params: adminStaffParamsSchema,
      headers: ifMatchHeaders,
      response: {
        204: z.null(),
        409: z.union([conflictSchema(adminStaffSchema), z.object({ detail: z.string() })]),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      await staff.revokeStaff(adminContextOf(request), request.params.uid, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  });
};
