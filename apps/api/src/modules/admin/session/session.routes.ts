import { adminMeSchema, adminSessionBodySchema, adminSessionSchema } from '@storefront/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { bodyKey, byIp, failureLimit } from '../../../plugins/rate-limit.ts';
import { adminUserContextOf } from '../access/admin-guard.ts';
import { me, signIn, signOut } from './session.service.ts';

const MINUTE = 60_000;
const tags = ['admin'];

/** Sign-in, sign-out and the caller's companies; the company-scoped routes live in their features. */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (api) => {
  // Wrong passwords are counted per IP and per account, like the storefront's sign-in.
  const failures = failureLimit(api, byIp('admin-login', 30, 15 * MINUTE), {
    name: 'admin-login:account',
    max: 5,
    windowMs: 15 * MINUTE,
    keyOf: (request) => bodyKey(request, 'email'),
  });
  api.post('/admin/session/', {
    schema: {
      operationId: 'adminSignIn',
      tags,
      summary: 'Sign in to the admin site (owners, managers and operators); answers a token',
      body: adminSessionBodySchema,
      response: { 200: adminSessionSchema, ...errorResponses },
    },
    preHandler: failures.guard,
    handler: (request) =>
      failures.attempt(request, 'INVALID_CREDENTIALS', () =>
        signIn({ db: api.db, language: request.language }, request.body),
      ),
  });

  api.delete('/admin/session/', {
    schema: {
      operationId: 'adminSignOut',
      tags,
      summary: 'Sign out: the token stops working',
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = await adminUserContextOf(request);
      await signOut(ctx, request.authToken as string);
      return reply.code(204).send(null);
    },
  });

  api.get('/admin/me/', {
    schema: {
      operationId: 'adminMe',
      tags,
      summary: 'The signed-in user, whether an installation operator, and their companies and roles',
      response: { 200: adminMeSchema, ...errorResponses },
    },
    handler: async (request) => me(await adminUserContextOf(request)),
  });
};
