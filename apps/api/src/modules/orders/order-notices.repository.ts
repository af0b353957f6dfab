import type { Executor } from '@storefront/db/client';
import { apps, places } from '@storefront/db/schema/tenancy';
import { users } from '@storefront/db/schema/users';
import { and, eq, sql } from 'drizzle-orm';

/** Who an order's notices go to and what they name: the member, the place and the app. */
export async function findNoticeParties(
  db: Executor,
  order: { appUid: string; userUid: string; placeUid: string },
) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      firstName: users.firstName,
      language: users.language,
      statusMails: users.orderStatusMails,
      appName: apps.name,
      currency: apps.currencySymbol,
      placeName: places.name,
      placePhone: places.phone,
    })
    .from(users)
    .innerJoin(apps, eq(apps.uid, users.appUid))
    .innerJoin(places, eq(places.uid, order.placeUid))
    .where(and(eq(users.uid, order.userUid), eq(users.appUid, order.appUid)));
  return row ?? null;
}
export type NoticeParties = NonNullable<Awaited<ReturnType<typeof findNoticeParties>>>;
