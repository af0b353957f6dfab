import { randomBytes } from 'node:crypto';
import type { AdminMe, AdminSession, AdminSessionBody, AdminUser } from '@storefront/contracts/admin';
import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import { hashPassword, verifyPassword } from '@storefront/db/passwords';
import type { UserRow } from '../../sessions/sessions.repository.ts';
import { endSession, issueToken } from '../../sessions/sessions.service.ts';
import * as access from '../access/access.repository.ts';
import type { AdminUserContext } from '../access/admin-guard.ts';
import * as repo from './session.repository.ts';

// A wrong password and an account that may not use the admin site cost the same hashing time.
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

export const toAdminUser = (user: UserRow): AdminUser => ({
  uid: user.uid,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
});

/**
 * `POST /api/admin/session/`: an owner, a manager or an operator signs in with e-mail and password and
 * gets a token like the storefront's (of the account's own app). Anyone else is answered exactly as a
 * wrong password. An e-mail is unique only within an app: the oldest such account whose password matches.
 */
export async function signIn(
  ctx: { db: Database; language: Language },
  body: AdminSessionBody,
): Promise<AdminSession> {
  const candidates = await repo.adminAccountsByEmail(ctx.db, body.email);
  for (const user of candidates) {
    if (user.passwordHash && (await verifyPassword(user.passwordHash, body.password)))
      return { token: await issueToken(ctx.db, user), user: toAdminUser(user) };
  }
  if (candidates.length === 0) await verifyPassword(await dummyHash, body.password);
  throw new AppError('INVALID_CREDENTIALS');
}

/** Whether an operator, and the admin roles; 403 for anyone who may not use the admin site. */
async function adminAccess(ctx: AdminUserContext) {
  const [operator, roles] = await Promise.all([
    access.isOperator(ctx.db, ctx.user.uid),
    access.adminRolesOf(ctx.db, ctx.user.uid),
  ]);
  if (!operator && roles.length === 0) throw new AppError('FORBIDDEN');
  return { operator, roles };
}

/** `DELETE /api/admin/session/`: the token stops working at once. */
export async function signOut(ctx: AdminUserContext, token: string): Promise<void> {
  await adminAccess(ctx);
  await ctx.db.transaction((tx) => endSession(tx, token));
}

/** `GET /api/admin/me/`: the user, whether an operator, and the companies of their admin roles. */
export async function me(ctx: AdminUserContext): Promise<AdminMe> {
  const { operator, roles } = await adminAccess(ctx);
  return {
    user: toAdminUser(ctx.user),
    is_operator: operator,
    companies: roles.map((row) => ({
      uid: row.uid,
      name: row.name,
      app_uid: row.appUid,
      role: row.role === 'OWNER' ? 'owner' : 'manager',
    })),
  };
}
