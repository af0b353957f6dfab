import type { Executor } from '@storefront/db/client';
import { installationOperators } from '@storefront/db/schema/admin';
import { staffRoles, users } from '@storefront/db/schema/users';
import { and, asc, exists, inArray, isNull, or, sql } from 'drizzle-orm';

/**
 * The accounts with this e-mail, in any app, that may use the admin site (an OWNER or MANAGER role, or
 * an installation operator), oldest first.
 */
export function adminAccountsByEmail(db: Executor, email: string) {
  return db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.deletedAt),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(staffRoles)
              .where(
                and(
                  sql`${staffRoles.userUid} = ${users.uid}`,
                  inArray(staffRoles.role, ['OWNER', 'MANAGER']),
                ),
              ),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(installationOperators)
              .where(sql`${installationOperators.userUid} = ${users.uid}`),
          ),
        ),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.uid));
}
