import { randomBytes, randomUUID } from 'node:crypto';
import type {
  AdminOperatorApp,
  AdminOperatorAppCreate,
  AdminOperatorCompany,
  AdminOperatorOwnerCreate,
} from '@storefront/contracts/admin-operator';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import type { PageRequest } from '../../../lib/paging.ts';
import type { TenantApp } from '../../apps/apps.repository.ts';
import { normaliseDomain } from '../../apps/apps.service.ts';
import type { AdminContext, AdminUserContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { announceAppChange } from '../settings/settings.repository.ts';
import { inviteStaff } from '../staff/staff.service.ts';
import * as repo from './operator.repository.ts';

// Host names of one or more labels (letters, digits, inner hyphens), such as tienda.pe or tienda.localhost.
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const fieldError = (ctx: AdminUserContext, field: string, message: keyof typeof FIELD_MESSAGES) =>
  new AppError('VALIDATION', { [field]: [FIELD_MESSAGES[message][ctx.language]] });

function toApp(row: repo.OperatorAppRow): AdminOperatorApp {
  return {
    uid: row.uid,
    name: row.name,
    domains: row.domains,
    main_company: row.mainCompany,
    companies_count: row.companiesCount,
  };
}

function toCompany(row: { uid: string; name: string; appUid: string; owners: string[] }, mainUid: string) {
  return {
    uid: row.uid,
    name: row.name,
    app_uid: row.appUid,
    is_main: row.uid === mainUid,
    owners: row.owners,
  } satisfies AdminOperatorCompany;
}

/** The company as an admin call's context, for its audit lines: the operator acts as its owner. */
const asOwnerOf = (
  ctx: AdminUserContext,
  company: { uid: string; appUid: string; name: string },
): AdminContext => ({
  ...ctx,
  company,
  role: 'owner',
});

export async function listApps(ctx: AdminUserContext, search: string | undefined, at: PageRequest) {
  const { rows, count } = await repo.listApps(ctx.db, search, at);
  return { count, results: rows.map(toApp) };
}

/** A PostgreSQL unique violation: a concurrent creation took the same domain first. */
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown } | undefined;
  return e?.code === '23505' || (e?.cause !== undefined && isUniqueViolation(e.cause));
};

/**
 * A new app answering on its domains, with its main company. A domain some app already answers on (or
 * the admin site's) is a 400, also when a concurrent creation takes it first (the domain is the key of
 * app_domains). Every process forgets its tenant look-ups at commit, so the app answers at once.
 */
export async function createApp(
  ctx: AdminUserContext,
  body: AdminOperatorAppCreate,
  adminHost: string,
): Promise<AdminOperatorApp> {
  const domains = [...new Set(body.domains.map(normaliseDomain))];
  if (domains.some((domain) => !HOST_NAME.test(domain) || domain === normaliseDomain(adminHost)))
    throw fieldError(ctx, 'domains', 'domain');
  const uid = randomUUID();
  const company = { uid: randomUUID(), appUid: uid, name: body.main_company_name ?? body.name };
  try {
    await ctx.db.transaction(async (tx) => {
      if ((await repo.takenDomains(tx, domains)).length > 0)
        throw fieldError(ctx, 'domains', 'alreadyExists');
      await repo.insertApp(tx, {
        uid,
        name: body.name,
        apiKey: randomBytes(24).toString('base64url'),
        mainCompanyUid: company.uid,
        domains,
      });
      await repo.insertCompany(tx, company);
      await announceAppChange(tx, uid);
      await recordChange(tx, asOwnerOf(ctx, company), { type: 'app', uid }, 'create', null, {
        name: body.name,
        domains,
        main_company: company.name,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(ctx, 'domains', 'alreadyExists');
    throw error;
  }
  return toApp((await repo.findApp(ctx.db, uid)) as repo.OperatorAppRow);
}

async function appOf(ctx: AdminUserContext, appUid: string) {
  const app = await repo.findApp(ctx.db, appUid);
  if (!app) throw new AppError('NOT_FOUND');
  return app;
}

export async function listCompanies(
  ctx: AdminUserContext,
  appUid: string,
  search: string | undefined,
  at: PageRequest,
) {
  const app = await appOf(ctx, appUid);
  const { rows, count } = await repo.listCompanies(ctx.db, appUid, search, at);
  return { count, results: rows.map((row) => toCompany(row, app.mainCompanyUid)) };
}

/** A new company of the app, which the app's storefront shows after its others. */
export async function createCompany(
  ctx: AdminUserContext,
  appUid: string,
  body: { name: string },
): Promise<AdminOperatorCompany> {
  const app = await appOf(ctx, appUid);
  const company = { uid: randomUUID(), appUid, name: body.name };
  await ctx.db.transaction(async (tx) => {
    await repo.insertCompany(tx, company);
    await announceAppChange(tx, appUid);
    await recordChange(tx, asOwnerOf(ctx, company), { type: 'company', uid: company.uid }, 'create', null, {
      name: company.name,
    });
  });
  return toCompany({ ...company, owners: [] }, app.mainCompanyUid);
}

export async function companyOf(ctx: AdminUserContext, uid: string) {
  const company = await repo.findCompany(ctx.db, uid);
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

/**
 * Makes a person the company's owner, as the owner's staff invite does: a user of the company's app
 * with this e-mail gets the role; an unknown e-mail gets an account and the welcome mail (`origin`: the
 * app's storefront). Someone who already holds a role in the company is a 400 on `email`.
 */
export async function createOwner(
  ctx: AdminUserContext,
  company: { uid: string; appUid: string; name: string },
  app: TenantApp,
  body: AdminOperatorOwnerCreate,
  origin: string,
) {
  const owner = await inviteStaff(
    asOwnerOf(ctx, company),
    app,
    { email: body.email, role: 'owner', places: [], first_name: body.first_name, last_name: body.last_name },
    origin,
  );
  return {
    uid: owner.uid,
    email: owner.email,
    first_name: owner.first_name,
    last_name: owner.last_name,
    company_uid: company.uid,
    role: 'owner' as const,
  };
}
