import type { AdminRole } from '@storefront/contracts/admin';
import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../sessions/sessions.repository.ts';
import { userForToken } from '../../sessions/sessions.service.ts';
import * as repo from './access.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The least role a company-scoped admin route needs (`owner` or `manager`); `operator` on the
     * installation operator's routes (`/api/admin/operator/`). A route without it is refused to everyone
     * but owners, and fails the authorization matrix (admin-matrix.test.ts).
     */
    adminRole?: AdminRole | 'operator';
  }
  interface FastifyRequest {
    adminContext: AdminContext | null;
    operatorContext: AdminUserContext | null;
  }
  interface FastifyInstance {
    /** Every route under /api/admin/, as registered: the authorization matrix is generated from it. */
    adminRoutes: AdminRouteEntry[];
  }
}

export interface AdminRouteEntry {
  method: string;
  url: string;
  adminRole: AdminRole | 'operator' | undefined;
  /** Under /api/admin/companies/:companyUid/ (guarded), or the session and me calls. */
  companyScoped: boolean;
  /** Under /api/admin/operator/: installation operators only (operatorGuardPlugin). */
  operatorOnly: boolean;
}

/** What an admin service gets first: the signed-in user, the language and the database. */
export interface AdminUserContext {
  db: Database;
  language: Language;
  user: UserRow;
}

/** A company-scoped admin call: the company (its app too) and the caller's role on it. */
export interface AdminContext extends AdminUserContext {
  company: repo.CompanyRow;
  role: AdminRole;
}

const ADMIN_ROLE_OF: Record<string, AdminRole | undefined> = { OWNER: 'owner', MANAGER: 'manager' };
const RANK: Record<AdminRole, number> = { manager: 1, owner: 2 };

/**
 * The signed-in user of an admin call, from the token whatever the Host: tokens belong to an app, and the
 * admin site serves every app's companies. 401 without a token or with one that is not valid.
 */
export async function adminUserContextOf(request: FastifyRequest): Promise<AdminUserContext> {
  const token = request.authToken;
  if (!token) throw new AppError('NOT_AUTHENTICATED');
  const user = request.user ?? (await userForToken(request.server.db, null, token));
  if (!user) throw new AppError('INVALID_TOKEN');
  request.user = user;
  return { db: request.server.db, language: request.language, user };
}

/** The context the guard resolved for this company-scoped request. */
export function adminContextOf(request: FastifyRequest): AdminContext {
  if (!request.adminContext) throw new AppError('FORBIDDEN');
  return request.adminContext;
}

/**
 * 401 without a valid token; 403 for a user who may not use the admin site (a member, or staff only);
 * 404 for a company that does not exist or in which the user holds no role (another company's, or
 * another app's: ids do not leak); 403 for staff of this company and for a role below the route's.
 * Installation operators act as owners of every company. Read from the database on every request, so
 * that a revoked role ends access on the next one.
 */
async function guard(request: FastifyRequest): Promise<void> {
  const ctx = await adminUserContextOf(request);
  const required = request.routeOptions.config.adminRole ?? 'owner';
  const companyUid = (request.params as { companyUid?: unknown }).companyUid;
  const [operator, roles] = await Promise.all([
    repo.isOperator(ctx.db, ctx.user.uid),
    repo.adminRolesOf(ctx.db, ctx.user.uid),
  ]);
  if (!operator && roles.length === 0) throw new AppError('FORBIDDEN');
  const found =
    typeof companyUid === 'string' ? await repo.companyWithRole(ctx.db, companyUid, ctx.user.uid) : null;
  if (!found || (!operator && found.role === null)) throw new AppError('NOT_FOUND');
  const role = operator ? 'owner' : ADMIN_ROLE_OF[found.role ?? ''];
  if (!role || required === 'operator' || RANK[role] < RANK[required]) throw new AppError('FORBIDDEN');
  request.adminContext = { ...ctx, company: found.company, role };
}

/**
 * The guard of `/api/admin/companies/:companyUid/...`: register it in the scope of such routes (the
 * admin catalogue, images, places...) and give each route `config: { adminRole }`. It runs before
 * validation, so that an anonymous or foreign caller learns nothing from a 400.
 */
export const adminGuardPlugin = fp(async function adminGuard(scope: FastifyInstance) {
  scope.addHook('preValidation', guard);
});

/** The operator the operator guard let through. */
export function operatorContextOf(request: FastifyRequest): AdminUserContext {
  if (!request.operatorContext) throw new AppError('FORBIDDEN');
  return request.operatorContext;
}

/**
 * The guard of `/api/admin/operator/...`: 401 without a valid token, 403 for anyone but an installation
 * operator, and for a route not marked `adminRole: 'operator'` (it fails the matrix too). Read from the
 * database on every request, like the company guard.
 */
export const operatorGuardPlugin = fp(async function operatorGuard(scope: FastifyInstance) {
  scope.addHook('preValidation', async (request) => {
    const ctx = await adminUserContextOf(request);
    if (request.routeOptions.config.adminRole !== 'operator') throw new AppError('FORBIDDEN');
    if (!(await repo.isOperator(ctx.db, ctx.user.uid))) throw new AppError('FORBIDDEN');
    request.operatorContext = ctx;
  });
});

/**
 * Marks every route under /api/admin/ tenantless (the admin host is no shop's domain) and records it in
 * `adminRoutes`. Registered once, at the root, before the routes.
 */
export const adminRouteTablePlugin = fp(async function adminRouteTable(fastify: FastifyInstance) {
  const table: AdminRouteEntry[] = [];
  fastify.decorate('adminRoutes', table);
  fastify.decorateRequest('adminContext', null);
  fastify.decorateRequest('operatorContext', null);
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/admin/') && route.url !== '/api/admin') return;
    route.config = { ...route.config, tenantless: true };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        adminRole: route.config.adminRole,
        companyScoped: route.url.startsWith('/api/admin/companies/'),
        operatorOnly: route.url.startsWith('/api/admin/operator/'),
      });
    }
  });
});
