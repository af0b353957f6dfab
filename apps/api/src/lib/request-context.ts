import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyRequest } from 'fastify';
import type { TenantApp } from '../modules/apps/apps.repository.ts';

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
