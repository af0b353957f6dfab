import type { LinkPurpose } from '@storefront/contracts/accounts';
import type { Executor } from '@storefront/db/client';
import { accountLinks } from '@storefront/db/schema/accounts';
import { savedAddresses } from '@storefront/db/schema/addresses';
import { memberships, programs } from '@storefront/db/schema/loyalty';
import { pushSubscriptions } from '@storefront/db/schema/push';
import { areas } from '@storefront/db/schema/tenancy';
import { staffRoles, users } from '@storefront/db/schema/users';
import { and, asc, count, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '../sessions/sessions.repository.ts';

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, 'uid' | 'appUid'>>;

const live = (appUid: string, ...conditions: SQL[]) =>
  and(eq(users.appUid, appUid), isNull(users.deletedAt), ...conditions);

async function findOne(db: Executor, where: SQL | undefined): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(where).limit(1);
  return user ?? null;
}

export const findUserByUid = (db: Executor, appUid: string, uid: string) =>
  findOne(db, live(appUid, eq(users.uid, uid)));

export const findUserByEmail = (db: Executor, appUid: string, email: string) =>
  findOne(db, live(appUid, sql`lower(${users.email}) = ${email.toLowerCase()}`));

export const findUserByMobile = (db: Executor, appUid: string, mobileNumber: string) =>
  findOne(db, live(appUid, eq(users.mobileNumber, mobileNumber)));

export const findUserByDocument = (
  db: Executor,
  appUid: string,
  documentType: string,
  documentNumber: string,
) =>
  findOne(db, live(appUid, eq(users.documentType, documentType), eq(users.documentNumber, documentNumber)));

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [created] = await db.insert(users).values(user).returning();
  if (!created) throw new Error('user insert returned no row');
  return created;
}

export async function updateUser(db: Executor, appUid: string, uid: string, changes: UserChanges) {
  const [updated] = await db
    .update(users)
    .set(changes)
    .where(live(appUid, eq(users.uid, uid)))
    .returning();
  return updated ?? null;
}

export async function isStaff(db: Executor, userUid: string): Promise<boolean> {
  const [row] = await db
    .select({ userUid: staffRoles.userUid })
    .from(staffRoles)
    .where(eq(staffRoles.userUid, userUid))
    .limit(1);
  return Boolean(row);
}

export async function areaExists(db: Executor, appUid: string, areaUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: areas.uid })
    .from(areas)
    .where(and(eq(areas.appUid, appUid), eq(areas.uid, areaUid)));
  return Boolean(row);
}

/** Stores a new link and spends the user's earlier unused links of the same purpose: only the newest works. */
export async function insertLink(
  db: Executor,
  link: { tokenHash: string; purpose: LinkPurpose; userUid: string; appUid: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountLinks.userUid, link.userUid),
        eq(accountLinks.purpose, link.purpose),
        isNull(accountLinks.usedAt),
      ),
    );
  await db.insert(accountLinks).values(link);
}

type LinkKey = { tokenHash: string; purpose: LinkPurpose; userUid: string; appUid: string };

const linkIsLive = (key: LinkKey) =>
  and(
    eq(accountLinks.tokenHash, key.tokenHash),
    eq(accountLinks.purpose, key.purpose),
    eq(accountLinks.userUid, key.userUid),
    eq(accountLinks.appUid, key.appUid),
    isNull(accountLinks.usedAt),
    gt(accountLinks.expiresAt, sql`now()`),
  );

/** Spends a live link; true for exactly one caller however many use it at once. */
export async function consumeLink(db: Executor, key: LinkKey): Promise<boolean> {
  const rows = await db
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(linkIsLive(key))
    .returning({ tokenHash: accountLinks.tokenHash });
  return rows.length === 1;
}

export async function linkIsUsable(db: Executor, key: LinkKey): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: accountLinks.tokenHash })
    .from(accountLinks)
    .where(linkIsLive(key));
  return Boolean(row);
}

/** Whether the link was issued to this user for this purpose, spent or not (a second click on a verification link). */
export async function linkWasIssued(db: Executor, key: LinkKey): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: accountLinks.tokenHash })
    .from(accountLinks)
    .where(
      and(
        eq(accountLinks.tokenHash, key.tokenHash),
        eq(accountLinks.purpose, key.purpose),
        eq(accountLinks.userUid, key.userUid),
        eq(accountLinks.appUid, key.appUid),
      ),
    );
  return Boolean(row);
}

/** The programs a member belongs to, with the coins and points that deleting the account would lose. */
export async function listMemberPrograms(
  db: Executor,
  appUid: string,
  userUid: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(memberships.appUid, appUid), eq(memberships.userUid, userUid));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        uid: programs.uid,
        name: programs.name,
        coins: memberships.coins,
        totalPoints: memberships.totalPoints,
      })
      .from(memberships)
      .innerJoin(programs, eq(programs.uid, memberships.programUid))
      .where(where)
      .orderBy(asc(programs.name), asc(programs.uid))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(memberships).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/**
 * Deletes an account: its benefits go (memberships, and with them their ledger), its saved addresses
 * and its devices' push subscriptions too, its personal data is erased, and the row stays only as a
 * tombstone for the orders that point to it.
 */
export async function deleteAccount(db: Executor, appUid: string, userUid: string): Promise<void> {
  await db.delete(memberships).where(and(eq(memberships.appUid, appUid), eq(memberships.userUid, userUid)));
  await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.appUid, appUid), eq(savedAddresses.userUid, userUid)));
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.appUid, appUid), eq(pushSubscriptions.userUid, userUid)));
  await db
    .update(users)
    .set({
      deletedAt: sql`now()`,
      email: null,
      emailVerifiedAt: null,
      passwordHash: null,
      documentNumber: null,
      firstName: '',
      lastName: '',
      mobileNumber: null,
      countryCodeNumber: null,
      birthdate: null,
      gender: null,
      areaUid: null,
    })
    .where(live(appUid, eq(users.uid, userUid)));
}
