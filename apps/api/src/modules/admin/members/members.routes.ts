import {
  adminCompanyParamsSchema,
  adminObjectParamsSchema,
  conflictSchema,
} from '@storefront/contracts/admin';
import {
  adminAdjustmentSchema,
  adminLedgerEntrySchema,
  adminLedgerQuerySchema,
  adminMemberDetailSchema,
  adminMemberParamsSchema,
  adminMemberPatchSchema,
  adminMemberSchema,
  adminMembersQuerySchema,
  adminProgramPatchSchema,
  adminProgramSchema,
  adminProgramsQuerySchema,
} from '@storefront/contracts/admin-members';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotentWrite, sendResult } from '../../../lib/idempotency.ts';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import * as members from './members.service.ts';
import * as programs from './programs.service.ts';

const tags = ['admin'];
const config = { adminRole: 'manager' as const };
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().min(1).max(255).optional() });

/** The company's members (balances, ledger, adjustments, block) and its programs' rules: owners and managers. */
export const adminMembersRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/members/', {
    config,
    schema: {
      operationId: 'adminListMembers',
      tags,
      summary:
        "The members of the company's programs: search by e-mail, document or phone (retail's rules), filter blocked; ordering joined_at, email, last_name",
      params: adminCompanyParamsSchema,
      querystring: adminMembersQuerySchema,
      response: { 200: pageSchema(adminMemberSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await members.listMembers(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.get('/members/:uid/', {
    config,
    schema: {
      operationId: 'adminGetMember',
      tags,
      summary:
        "A member with their memberships of the company's programs: coins, points, stamps, level, blocked",
      params: adminMemberParamsSchema,
      response: { 200: adminMemberDetailSchema, ...errorResponses },
    },
    handler: (request) => members.getMember(adminContextOf(request), request.params.uid),
  });

  api.patch('/members/:uid/', {
    config,
    schema: {
      operationId: 'adminBlockMember',
      tags,
      summary:
        "Blocks or unblocks the member in the company's programs: blocked, they neither earn nor redeem (audited)",
      params: adminMemberParamsSchema,
      body: adminMemberPatchSchema,
      response: { 200: adminMemberDetailSchema, ...errorResponses },
    },
    handler: (request) =>
      members.setBlocked(adminContextOf(request), request.params.uid, request.body.blocked),
  });

  api.get('/members/:uid/ledger/', {
    config,
    schema: {
      operationId: 'adminMemberLedger',
      tags,
      summary: "The member's ledger in the company's programs, newest first: filter program, kind",
      params: adminMemberParamsSchema,
      querystring: adminLedgerQuerySchema,
      response: { 200: pageSchema(adminLedgerEntrySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await members.listLedger(
        adminContextOf(request),
        request.params.uid,
        request.query,
        at,
      );
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/members/:uid/adjustments/', {
    config,
    schema: {
      operationId: 'adminAdjustBalance',
      tags,
      summary:
        'Adjusts coins, points or stamps with a required reason: a new ledger entry, audited, never below zero; honours Idempotency-Key',
      params: adminMemberParamsSchema,
      headers: idempotencyHeaders,
      body: adminAdjustmentSchema,
      response: { 201: adminMemberDetailSchema, 422: z.object({ detail: z.string() }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = adminContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) =>
          members.adjust(ctx, tx, request.params.uid, request.body),
        ),
      );
    },
  });

  api.get('/programs/', {
    config,
    schema: {
      operationId: 'adminListPrograms',
      tags,
      summary: "The company's benefit programs with their rules",
      params: adminCompanyParamsSchema,
      querystring: adminProgramsQuerySchema,
      response: { 200: pageSchema(adminProgramSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await programs.listPrograms(adminContextOf(request), at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.get('/programs/:uid/', {
    config,
    schema: {
      operationId: 'adminGetProgram',
      tags,
      summary: 'One program of the company with its version as ETag',
      params: adminObjectParamsSchema,
      response: { 200: adminProgramSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await programs.getProgram(adminContextOf(request), request.params.uid)),
  });

  api.patch('/programs/:uid/', {
    config,
    schema: {
      operationId: 'adminUpdateProgram',
      tags,
      summary:
        'Changes the rules (stamps, coins, points, expiry, levels ascending, manual points); applies from now on, the ledger is never rewritten; If-Match',
      params: adminObjectParamsSchema,
      headers: ifMatchHeaders,
      body: adminProgramPatchSchema,
      response: { 200: adminProgramSchema, 409: conflictSchema(adminProgramSchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = adminContextOf(request);
      const program = await programs.updateProgram(ctx, request.params.uid, request.body, ifMatchOf(request));
      // This process drops its kept pages before answering; the others hear catalogue_events.
      request.server.menuCache.catalogueChanged(ctx.company.appUid);
      return withEtag(reply, program);
    },
  });
};
