import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apps, areas, companies } from './tenancy.ts';

/** Members and staff. E-mail, mobile number and document are unique within an app only. */
export const users = pgTable(
  'users',
  {
    uid: uuid().primaryKey().defaultRandom(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    email: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    passwordHash: text(),
    documentType: text().notNull().default('NATIONAL_ID'),
    documentNumber: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    mobileNumber: text(),
    countryCodeNumber: text(),
    birthdate: date(),
    gender: text(),
    areaUid: text().references(() => areas.uid, { onDelete: 'set null' }),
    language: text().notNull().default('es'),
    /** A mail on each status change of the member's orders (the receipt is always sent). */
    orderStatusMails: boolean().notNull().default(true),
    isDemo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_app_email_unique')
      .on(t.appUid, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_app_document_unique')
      .on(t.appUid, t.documentType, t.documentNumber)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_app_mobile_unique').on(t.appUid, t.mobileNumber).where(sql`${t.deletedAt} is null`),
    index().on(t.appUid),
  ],
);

/**
 * A role on a company and some of its places (architecture §4 Retail staff, §9): `STAFF` and `MANAGER`
 * use the retail tools in their places; `MANAGER` and `OWNER` also the admin site (`OWNER` everything).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    role: text().notNull(),
    placeUids: text().array().notNull().default(sql`'{}'::text[]`),
    /** +1 per admin write (If-Match on the staff resource). */
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.userUid, t.companyUid] }),
    index().on(t.companyUid),
    check('staff_roles_role_check', sql`${t.role} in ('OWNER', 'MANAGER', 'STAFF')`),
  ],
);
