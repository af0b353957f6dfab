import {
  appleLoginSchema,
  changePasswordSchema,
  deletionProgramSchema,
  detailSchema,
  type LoginPayload,
  loginSchema,
  meSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  socialLoginSchema,
  tokenResponseSchema,
  updateMeSchema,
  validateResponseSchema,
  validateSchema,
} from '@storefront/contracts/accounts';
import { AppError } from '@storefront/contracts/errors';
import { pageQuerySchema, pageSchema } from '@storefront/contracts/lists';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { contextOf, memberContextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { bodyKey, byIp, failureLimit, limitBy } from '../../plugins/rate-limit.ts';
import {
  type ClientInfo,
  changePassword,
  checkDeletionLink,
  checkDeletionRoute,
  deleteByLink,
  getMe,
  listProgramsToLose,
  login,
  loginAccountKey,
  loginWithProvider,
  logout,
  register,
  requestDeletion,
  requestPasswordReset,
  resetPassword,
  updateMe,
  validateDocument,
  verifyEmail,
} from './accounts.service.ts';

const MINUTE = 60_000;
const linkToken = z.string().min(1).max(200);
const tags = ['accounts'];

/**
 * Mailed links point to the tenant's own site (lib/public-origin.ts), never to the request's headers.
 * The retail welcome mail uses it too.
 */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, origin: publicOrigin(request) };
}

const tokenOf = (request: FastifyRequest) => {
  if (!request.authToken) throw new AppError('NOT_AUTHENTICATED');
  return request.authToken;
};

export const accountsRoutes: FastifyPluginAsyncZod = async (api) => {
  const config = api.config;

  // Wrong passwords are counted per account and per IP (architecture §4); successful sign-ins are not.
  const loginFailures = failureLimit(api, byIp('login', 30, 15 * MINUTE), {
    name: 'login:account',
    max: 5,
    windowMs: 15 * MINUTE,
    keyOf: (request) => loginAccountKey(request.body as LoginPayload),
  });
  api.post('/v5/login/', {
    schema: {
      operationId: 'login',
      tags,
      summary: 'Sign in by e-mail, mobile number or document; answers the token',
      body: loginSchema,
      response: { 200: tokenResponseSchema, ...errorResponses },
    },
    preHandler: loginFailures.guard,
    handler: (request) =>
      loginFailures.attempt(request, 'INVALID_CREDENTIALS', () =>
        login(contextOf(request), config, clientInfo(request), request.body),
      ),
  });

  // Each provider's token is checked with the provider; the IP limit only stops token-guessing floods.
  for (const [provider, operationId, summary] of [
    ['google', 'loginWithGoogle', 'Sign in with a Google access token, verified with Google'],
    ['facebook', 'loginWithFacebook', 'Sign in with a Facebook access token, verified with the Graph API'],
  ] as const) {
    api.post(`/v5/login/mobile/${provider}/`, {
      schema: {
        operationId,
        tags,
        summary,
        body: socialLoginSchema,
        response: { 200: tokenResponseSchema, ...errorResponses },
      },
      preHandler: limitBy(api, byIp(provider, 30, MINUTE)),
      handler: (request) =>
        loginWithProvider(contextOf(request), config, provider, request.body.access_token),
    });
  }

  api.post('/v5/login/mobile/apple/', {
    schema: {
      operationId: 'loginWithApple',
      tags,
      summary: "Sign in with an Apple identity token, verified with Apple's keys",
      body: appleLoginSchema,
      response: { 200: tokenResponseSchema, ...errorResponses },
    },
    preHandler: limitBy(api, byIp('apple', 30, MINUTE)),
    handler: (request) => loginWithProvider(contextOf(request), config, 'apple', request.body.id_token),
  });

  api.post('/v5/validate/', {
    schema: {
      operationId: 'validateDocument',
      tags,
      summary: 'Whether a document is registered and whether it may register',
      body: validateSchema,
      response: { 200: validateResponseSchema, ...errorResponses },
    },
    preHandler: limitBy(api, byIp('validate', 30, MINUTE), {
      name: 'validate:document',
      max: 10,
      windowMs: MINUTE,
      keyOf: (request) => bodyKey(request, 'document_number'),
    }),
    handler: (request) => validateDocument(contextOf(request), config, clientInfo(request), request.body),
  });

  api.post('/v5/register/', {
    schema: {
      operationId: 'register',
      tags,
      summary: 'Register a member; answers the token and e-mails the verification link',
      body: registerSchema,
      response: { 201: tokenResponseSchema, ...errorResponses },
    },
    preHandler: limitBy(api, byIp('register', 30, 10 * MINUTE)),
    handler: async (request, reply) => {
      const answer = await register(contextOf(request), config, clientInfo(request), request.body);
      return reply.status(201).send(answer);
    },
  });

  api.post('/v5/logout/', {
    schema: {
      operationId: 'logout',
      tags,
      summary: 'End the current session',
      response: { 200: detailSchema, ...errorResponses },
    },
    handler: async (request) => logout(await memberContextOf(request), tokenOf(request)),
  });

  api.get('/v5/me/', {
    schema: {
      operationId: 'getProfile',
      tags,
      summary: "The member's profile",
      response: { 200: meSchema, ...errorResponses },
    },
    handler: async (request) => getMe(await memberContextOf(request)),
  });

  api.patch('/v5/me/', {
    schema: {
      operationId: 'updateProfile',
      tags,
      summary: "Update the member's profile (complete-info and profile forms)",
      body: updateMeSchema,
      response: { 200: meSchema, ...errorResponses },
    },
    handler: async (request) => updateMe(await memberContextOf(request), request.body),
  });

  const passwordFailures = failureLimit(api, byIp('change-password', 10, 15 * MINUTE));
  api.post('/v5/me/change_password/', {
    schema: {
      operationId: 'changePassword',
      tags,
      summary: 'Change the password; the other sessions end',
      body: changePasswordSchema,
      response: { 200: detailSchema, ...errorResponses },
    },
    preHandler: passwordFailures.guard,
    handler: (request) =>
      passwordFailures.attempt(request, 'WRONG_PASSWORD', async () =>
        changePassword(await memberContextOf(request), tokenOf(request), request.body),
      ),
  });

  api.post('/v5/me/reset_password/', {
    schema: {
      operationId: 'requestPasswordReset',
      tags,
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      body: resetRequestSchema,
      response: { 200: detailSchema, ...errorResponses },
    },
    preHandler: limitBy(api, byIp('reset', 10, 15 * MINUTE), {
      name: 'reset:email',
      max: 5,
      windowMs: 60 * MINUTE,
      keyOf: (request) => bodyKey(request, 'email'),
    }),
    handler: (request) => requestPasswordReset(contextOf(request), config, clientInfo(request), request.body),
  });

  api.post('/v5/me/reset_password/:uidUser/:token/', {
    schema: {
      operationId: 'resetPassword',
      tags,
      summary: 'Set a new password with a reset link; every session ends',
      params: z.object({ uidUser: z.uuid(), token: linkToken }),
      body: resetConfirmSchema,
      response: { 200: detailSchema, ...errorResponses },
    },
    handler: (request) =>
      resetPassword(contextOf(request), request.params.uidUser, request.params.token, request.body),
  });

  api.get('/v5/verification-email/:uidApp/:uidUser/:token/', {
    schema: {
      operationId: 'verifyEmail',
      tags,
      summary: 'Confirm the e-mail with the link sent at registration',
      params: z.object({ uidApp: z.string().max(64), uidUser: z.uuid(), token: linkToken }),
      response: { 200: detailSchema, ...errorResponses },
    },
    handler: (request) =>
      verifyEmail(contextOf(request), request.params.uidApp, request.params.uidUser, request.params.token),
  });

  api.post('/v5/delete-account/', {
    schema: {
      operationId: 'requestAccountDeletion',
      tags,
      summary: 'E-mail the account deletion link',
      response: { 200: detailSchema, ...errorResponses },
    },
    preHandler: limitBy(api, byIp('delete-account', 10, 15 * MINUTE)),
    handler: async (request) => requestDeletion(await memberContextOf(request), clientInfo(request)),
  });

  const deletionParams = z.object({ uid: z.uuid(), token: linkToken });
  api.get('/v5/me/delete/:uid/:token/', {
    schema: {
      operationId: 'checkDeletionLink',
      tags,
      summary: 'Check a deletion link',
      params: deletionParams,
      response: { 200: detailSchema, ...errorResponses },
    },
    handler: (request) => checkDeletionLink(contextOf(request), request.params.uid, request.params.token),
  });

  api.get('/v5/me/delete/:uid/:token/list-members-programs/', {
    schema: {
      operationId: 'listDeletionLosses',
      tags,
      summary: 'The programs, coins and points that deleting the account loses',
      params: deletionParams,
      querystring: pageQuerySchema.strict(),
      response: { 200: pageSchema(deletionProgramSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await listProgramsToLose(
        contextOf(request),
        request.params.uid,
        request.params.token,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.delete('/v5/me/delete/:uid/:token/', {
    schema: {
      operationId: 'deleteAccount',
      tags,
      summary: 'Delete the account with a deletion link',
      params: deletionParams,
      response: { 200: detailSchema, ...errorResponses },
    },
    handler: (request) => deleteByLink(contextOf(request), request.params.uid, request.params.token),
  });

  // The same link under an app's own path prefix (the spec's customer-specific /repsol/ route).
  const prefixedParams = z.object({
    prefix: z.string().max(40),
    uidApp: z.string().max(64),
    uid: z.uuid(),
    token: linkToken,
  });
  api.get('/v5/:prefix/me/delete/:uidApp/:uid/:token/', {
    schema: {
      operationId: 'checkPrefixedDeletionLink',
      tags,
      summary: "Check a deletion link under the app's path prefix",
      params: prefixedParams,
      response: { 200: detailSchema, ...errorResponses },
    },
    handler: (request) => {
      const ctx = contextOf(request);
      checkDeletionRoute(ctx, request.params.prefix, request.params.uidApp);
      return checkDeletionLink(ctx, request.params.uid, request.params.token);
    },
  });

  api.delete('/v5/:prefix/me/delete/:uidApp/:uid/:token/', {
    schema: {
      operationId: 'deleteAccountByPrefixedLink',
      tags,
      summary: "Delete the account with a deletion link under the app's path prefix",
      params: prefixedParams,
      response: { 200: detailSchema, ...errorResponses },
    },
    handler: (request) => {
      const ctx = contextOf(request);
      checkDeletionRoute(ctx, request.params.prefix, request.params.uidApp);
      return deleteByLink(ctx, request.params.uid, request.params.token);
    },
  });
};
