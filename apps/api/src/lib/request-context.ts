import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyRequest } from 'fastify';
import type { TenantApp } from '../modules/apps/apps.repository.ts';
import type { UserRow } from '../modules/sessions/sessions.repository.ts';
import { currentUser } from '../plugins/auth.ts';
import { publicOrigin } from './public-origin.ts';

/** What every service and repository call gets first: the tenant, the language and the database. */
export interface RequestContext {
  app: TenantApp;
  language: Language;
  db: Database;
}

/** The context of a tenant-scoped call; a request that resolves to no app answers 404. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.tenant) throw new AppError('APP_NOT_FOUND');
  return { app: request.tenant, language: request.language, db: request.server.db };
}

/** What a member's call gets: the context plus the signed-in user. */
export interface MemberContext extends RequestContext {
  user: UserRow;
  /** The site the member is on (lib/public-origin.ts): the origin of links made for them later. */
  origin: string;
}

/** The context of a call that needs a signed-in member; without one it answers 401. */
export async function memberContextOf(request: FastifyRequest): Promise<MemberContext> {
  const ctx = contextOf(request);
  const user = await currentUser(request);
  if (!user) throw new AppError('NOT_AUTHENTICATED');
  return { ...ctx, user, origin: publicOrigin(request) };
}
