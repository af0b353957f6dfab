import type { Executor } from '@storefront/db/client';
import { placePickupSettings } from '@storefront/db/schema/catalogue';
import { memberships, programs, promotions, redemptions } from '@storefront/db/schema/loyalty';
import { orders } from '@storefront/db/schema/orders';
import { staffAuditLog } from '@storefront/db/schema/retail';
import { authTokens } from '@storefront/db/schema/sessions';
import { companies, places } from '@storefront/db/schema/tenancy';
import { staffRoles, users } from '@storefront/db/schema/users';
import { and, count, desc, eq, gt, inArray, isNull, like, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageRequest } from '../../lib/paging.ts';

/** The clock of a place without pickup settings (the demo shops are in Peru). */
const DEFAULT_TIME_ZONE = 'America/Lima';

export type UserRow = typeof users.$inferSelect;
export type ProgramRow = typeof programs.$inferSelect;

/** The staff user's roles in this app, with each company's name. */
export function rolesOf(db: Executor, appUid: string, userUid: string) {
  return db
    .select({
      companyUid: staffRoles.companyUid,
      companyName: companies.name,
      role: staffRoles.role,
      placeUids: staffRoles.placeUids,
    })
    .from(staffRoles)
    .innerJoin(users, eq(users.uid, staffRoles.userUid))
    .innerJoin(companies, eq(companies.uid, staffRoles.companyUid))
    .where(and(eq(staffRoles.userUid, userUid), eq(users.appUid, appUid), isNull(users.deletedAt)));
}

/**
 * Whether a token is still a live session of a staff member of this place (not revoked, idle or of a
 * deleted user; the role still names the place). Read-only: an open order board asks it every second.
 */
export async function staffSessionCoversPlace(
  db: Executor,
  appUid: string,
  tokenHash: string,
  idleSince: Date,
  placeUid: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userUid: users.uid })
    .from(authTokens)
    .innerJoin(users, and(eq(users.uid, authTokens.userUid), isNull(users.deletedAt)))
    .innerJoin(staffRoles, eq(staffRoles.userUid, users.uid))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.appUid, appUid),
        isNull(authTokens.revokedAt),
        gt(authTokens.lastUsedAt, idleSince),
        sql`${placeUid} = ANY(${staffRoles.placeUids})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Places of the app among the given uids. */
export function placesByUid(db: Executor, appUid: string, uids: string[]) {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(places)
    .where(and(eq(places.appUid, appUid), inArray(places.uid, uids)))
    .orderBy(places.name);
}

/** The benefit programs of some companies in this app. */
export function programsOfCompanies(db: Executor, appUid: string, companyUids: string[]) {
  if (companyUids.length === 0) return Promise.resolve([] as ProgramRow[]);
  return db
    .select()
    .from(programs)
    .where(and(eq(programs.appUid, appUid), inArray(programs.companyUid, companyUids)))
    .orderBy(programs.position, programs.name);
}

export type CustomerLookup =
  | { by: 'document'; documentType: string; documentNumber: string }
  | { by: 'mobile'; exact: string; digits: string }
  | { by: 'membership'; membershipUid: string };

/**
 * Members of the app found by document, phone or membership (QR) who belong to one of the given
 * programs. A phone typed without its country code matches every number that ends with it.
 */
export async function findCustomers(
  db: Executor,
  appUid: string,
  programUids: string[],
  lookup: CustomerLookup,
  limit = 10,
): Promise<UserRow[]> {
  if (programUids.length === 0) return [];
  const match =
    lookup.by === 'document'
      ? and(eq(users.documentType, lookup.documentType), eq(users.documentNumber, lookup.documentNumber))
      : lookup.by === 'mobile'
        ? lookup.exact
          ? eq(users.mobileNumber, lookup.exact)
          : like(users.mobileNumber, `%${lookup.digits}`)
        : sql`exists (select 1 from ${memberships} m where m.uid = ${lookup.membershipUid}::uuid and m.user_uid = ${users.uid})`;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.appUid, appUid),
        isNull(users.deletedAt),
        match,
        sql`exists (select 1 from ${memberships} m where m.user_uid = ${users.uid} and m.program_uid in ${programUids})`,
      ),
    )
    .orderBy(users.createdAt)
    .limit(limit);
}

export function membershipsOf(db: Executor, userUid: string, programUids: string[]) {
  if (programUids.length === 0) return Promise.resolve([]);
  return db
    .select({ membership: memberships, program: programs })
    .from(memberships)
    .innerJoin(programs, eq(programs.uid, memberships.programUid))
    .where(and(eq(memberships.userUid, userUid), inArray(memberships.programUid, programUids)))
    .orderBy(programs.position, programs.name);
}

/** A member of the app (not deleted). */
export async function findMember(db: Executor, appUid: string, userUid: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.appUid, appUid), eq(users.uid, userUid), isNull(users.deletedAt)));
  return row ?? null;
}

/** A redemption code of the app with its promotion, program and member. */
export async function findRedemptionByCode(db: Executor, appUid: string, code: string) {
  const [row] = await db
    .select({
      redemption: redemptions,
      promotionUid: promotions.uid,
      program: programs,
      userUid: memberships.userUid,
    })
    .from(redemptions)
    .innerJoin(memberships, eq(memberships.uid, redemptions.membershipUid))
    .innerJoin(promotions, eq(promotions.uid, redemptions.promotionUid))
    .innerJoin(programs, eq(programs.uid, promotions.programUid))
    .where(and(eq(redemptions.code, code), eq(memberships.appUid, appUid)));
  return row ?? null;
}

export interface AuditEntry {
  appUid: string;
  companyUid: string;
  placeUid: string | null;
  staffUserUid: string;
  action: 'REDEEM' | 'STAMP' | 'ADD_POINTS' | 'CREATE_USER' | 'ORDER_STATUS';
  memberUserUid?: string | null;
  subjectType?: string;
  subjectId?: string;
  details?: Record<string, unknown>;
}

export async function insertAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAuditLog).values(entry);
}

export function auditOf(db: Executor, appUid: string, staffUserUid: string) {
  return db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.appUid, appUid), eq(staffAuditLog.staffUserUid, staffUserUid)))
    .orderBy(desc(staffAuditLog.id));
}

const staffUsers = alias(users, 'staff_users');

/** Redemptions made at a place on one day of its own clock, newest first; every row when no slice. */
export async function listPlaceRedemptions(
  db: Executor,
  placeUid: string,
  day: { date: string; timeZone: string },
  slice: PageRequest | null,
) {
  const where = and(
    eq(redemptions.placeUid, placeUid),
    eq(redemptions.status, 'REDEEMED'),
    sql`(${redemptions.redeemedAt} at time zone ${day.timeZone})::date = ${day.date}::date`,
  );
  const query = db
    .select({
      redemption: redemptions,
      promotion: { uid: promotions.uid, title: promotions.title, rateDiscount: promotions.rateDiscount },
      placeName: places.name,
      member: users,
      staffEmail: staffUsers.email,
    })
    .from(redemptions)
    .innerJoin(promotions, eq(promotions.uid, redemptions.promotionUid))
    .innerJoin(memberships, eq(memberships.uid, redemptions.membershipUid))
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .innerJoin(places, eq(places.uid, redemptions.placeUid))
    .leftJoin(staffUsers, eq(staffUsers.uid, redemptions.staffUserUid))
    .where(where)
    .orderBy(desc(redemptions.redeemedAt), desc(redemptions.uid));
  const [rows, [total]] = await Promise.all([
    slice ? query.limit(slice.limit).offset(slice.offset) : query,
    db.select({ value: count() }).from(redemptions).where(where),
  ]);
  return { count: total?.value ?? 0, rows };
}

/**
 * The orders of a place, newest first, optionally of one status. Orders waiting for or failing their
 * payment are not the kitchen's (architecture §10): they are listed only when asked for by status,
 * and then only transfers, which staff confirm.
 */
export async function listPlaceOrders(
  db: Executor,
  appUid: string,
  placeUid: string,
  status: (typeof orders.$inferSelect)['status'] | undefined,
  slice: PageRequest,
) {
  const where = and(
    eq(orders.appUid, appUid),
    eq(orders.placeUid, placeUid),
    status ? eq(orders.status, status) : notInArray(orders.status, [...UNPAID_STATUSES]),
    status && (UNPAID_STATUSES as readonly string[]).includes(status)
      ? eq(orders.paymentType, 'TRANSFER')
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { count: total?.value ?? 0, rows };
}

/** A promotion of one of the company's programs in this app. */
export async function findPromotionOfCompany(
  db: Executor,
  appUid: string,
  companyUid: string,
  promotionUid: string,
) {
  const [row] = await db
    .select({ promotion: promotions, program: programs })
    .from(promotions)
    .innerJoin(programs, eq(programs.uid, promotions.programUid))
    .where(
      and(eq(promotions.uid, promotionUid), eq(programs.appUid, appUid), eq(programs.companyUid, companyUid)),
    );
  return row ?? null;
}

export async function findOrderOfApp(db: Executor, appUid: string, orderUid: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.appUid, appUid), eq(orders.uid, orderUid)));
  return row ?? null;
}

/** The place of an order of the app (to check the staff user's places before moving it). */
export async function orderPlace(db: Executor, appUid: string, orderUid: string) {
  const [row] = await db
    .select({
      placeUid: orders.placeUid,
      companyUid: orders.companyUid,
      userUid: orders.userUid,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.appUid, appUid), eq(orders.uid, orderUid)));
  return row ?? null;
}

/** The statuses of an order not paid (yet): never on the board, its stream or the kitchen. */
export const UNPAID_STATUSES = ['PENDING_PAYMENT', 'PAYMENT_FAILED', 'PAYMENT_EXPIRED'] as const;

/** The time zone a place reads its days in. */
export async function placeTimeZone(db: Executor, placeUid: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: placePickupSettings.timeZone })
    .from(placePickupSettings)
    .where(eq(placePickupSettings.placeUid, placeUid));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
