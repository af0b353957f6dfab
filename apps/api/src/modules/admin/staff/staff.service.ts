import {
  type AdminStaff,
  type AdminStaffCreate,
  type AdminStaffPatch,
  type AdminStaffQuery,
  DB_ROLE_OF,
  type StaffRoleName,
} from '@storefront/contracts/admin-staff';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import { findUserByEmail, insertUser } from '../../accounts/accounts.repository.ts';
import { sendWelcomeLink } from '../../accounts/accounts.service.ts';
import type { TenantApp } from '../../apps/apps.repository.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { checkVersion } from '../catalogue/versions.ts';
import * as repo from './staff.repository.ts';

const AUDIT = 'staff';
const ROLE_OF_DB: Record<string, StaffRoleName> = { OWNER: 'owner', MANAGER: 'manager', STAFF: 'staff' };

function toStaff({ role, user }: repo.StaffPersonRow): AdminStaff {
  return {
    uid: user.uid,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: ROLE_OF_DB[role.role] ?? 'staff',
    places: role.placeUids,
    version: role.version,
  };
}

/** The fields the audit log compares. */
const audited = (staff: AdminStaff) => ({ email: staff.email, role: staff.role, places: staff.places });

export async function listStaff(ctx: AdminContext, query: AdminStaffQuery, at: PageRequest) {
  const { rows, count } = await repo.listStaff(
    ctx.db,
    ctx.company.uid,
    { search: query.search, role: query.role ? DB_ROLE_OF[query.role] : undefined, ordering: query.ordering },
    at,
  );
  return { count, results: rows.map(toStaff) };
}

export async function getStaff(ctx: AdminContext, uid: string): Promise<AdminStaff> {
  const row = await repo.findStaff(ctx.db, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toStaff(row);
}

const fieldError = (ctx: AdminContext, field: string, message: keyof typeof FIELD_MESSAGES) =>
  new AppError('VALIDATION', { [field]: [FIELD_MESSAGES[message][ctx.language]] });

/** The places, each of this company, without repeats; another company's place is a 400. */
async function checkedPlaces(tx: Executor, ctx: AdminContext, uids: string[]): Promise<string[]> {
  const wanted = [...new Set(uids)];
  const found = await repo.placeUidsOfCompany(tx, ctx.company.uid, wanted);
  if (found.length !== wanted.length) throw fieldError(ctx, 'places', 'notInCompany');
  return wanted;
}

/** Refuses a write that would leave the company without an owner (the company's staff rows are locked). */
async function keepAnOwner(tx: Executor, ctx: AdminContext, before: AdminStaff, role: StaffRoleName | null) {
  if (before.role !== 'owner' || role === 'owner') return;
  if ((await repo.countOwners(tx, ctx.company.uid)) <= 1) throw new AppError('LAST_OWNER');
}

/**
 * Gives a person of the company's app a role in some places. An unknown e-mail gets an account and the
 * welcome mail with a link to set its password (`origin`: the app's storefront, where that screen is).
 */
export async function inviteStaff(
  ctx: AdminContext,
  app: TenantApp,
  body: AdminStaffCreate,
  origin: string,
): Promise<AdminStaff> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyStaff(tx, ctx.company.uid);
    const placeUids = await checkedPlaces(tx, ctx, body.places);
    const email = body.email.toLowerCase();
    let user = await findUserByEmail(tx, app.uid, email);
    if (user && (await repo.findStaff(tx, ctx.company.uid, user.uid)))
      throw fieldError(ctx, 'email', 'alreadyExists');
    if (!user) {
      user = await insertUser(tx, {
        appUid: app.uid,
        email,
        firstName: body.first_name ?? '',
        lastName: body.last_name ?? '',
        language: ctx.language,
      });
      await sendWelcomeLink(tx, { app, db: ctx.db, language: ctx.language }, user, origin);
    }
    await repo.insertRole(tx, {
      userUid: user.uid,
      companyUid: ctx.company.uid,
      role: DB_ROLE_OF[body.role],
      placeUids,
    });
    const created = toStaff((await repo.findStaff(tx, ctx.company.uid, user.uid)) as repo.StaffPersonRow);
    await recordChange(tx, ctx, { type: AUDIT, uid: user.uid }, 'create', null, audited(created));
    return created;
  });
}

export function updateStaff(
  ctx: AdminContext,
  uid: string,
  body: AdminStaffPatch,
  ifMatch: number | undefined,
): Promise<AdminStaff> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyStaff(tx, ctx.company.uid);
    const row = await repo.findStaff(tx, ctx.company.uid, uid);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toStaff(row);
    checkVersion(ifMatch, before);
    const placeUids = body.places === undefined ? undefined : await checkedPlaces(tx, ctx, body.places);
    if (body.role !== undefined) await keepAnOwner(tx, ctx, before, body.role);
    const changes = {
      ...(body.role !== undefined && body.role !== before.role ? { role: DB_ROLE_OF[body.role] } : {}),
      ...(placeUids !== undefined && placeUids.join() !== before.places.join() ? { placeUids } : {}),
    };
    // A write that changes nothing keeps the version (and writes no audit line).
    if (Object.keys(changes).length === 0) return before;
    await repo.updateRole(tx, ctx.company.uid, uid, changes);
    const after = toStaff((await repo.findStaff(tx, ctx.company.uid, uid)) as repo.StaffPersonRow);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

/**
 * Takes the role away: the admin guard, the retail tools and an open order board stream read roles on
 * every request (the stream every second), so access ends at once.
 */
export function revokeStaff(ctx: AdminContext, uid: string, ifMatch: number | undefined): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCompanyStaff(tx, ctx.company.uid);
    const row = await repo.findStaff(tx, ctx.company.uid, uid);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toStaff(row);
    checkVersion(ifMatch, before);
    await keepAnOwner(tx, ctx, before, null);
    await repo.deleteRole(tx, ctx.company.uid, uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'delete', audited(before), null);
  });
}
