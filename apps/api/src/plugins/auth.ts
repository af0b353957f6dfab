import { AppError } from '@storefront/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../modules/sessions/sessions.repository.ts';
import { userForToken } from '../modules/sessions/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The token sent as `Authorization: Token <token>`, if any. */
    authToken: string | null;
    /** The signed-in user, resolved on first use by `currentUser`. */
    user: UserRow | null | undefined;
  }
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'token' && token ? token : null;
}

/**
 * The signed-in user of a request, or null. A token sent but not valid (unknown, revoked, idle,
 * or of another app) answers 401, which makes the storefront log out (spec §4).
 */
export async function currentUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.user !== undefined) return request.user;
  const token = request.authToken;
  if (!token || !request.tenant) {
    request.user = null;
    return null;
  }
  const user = await userForToken(request.server.db, request.tenant.uid, token);
  if (!user) throw new AppError('INVALID_TOKEN');
  request.user = user;
  return user;
}

export const authPlugin = fp(async function auth(fastify: FastifyInstance) {
  fastify.decorateRequest('authToken', null);
  fastify.decorateRequest('user', undefined);
  fastify.addHook('onRequest', async (request) => {
    request.authToken = tokenOf(request);
  });
});
