import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from './tenancy.ts';
import { users } from './users.ts';

/**
 * A member's saved delivery addresses (architecture §11), offered at checkout. The app is kept beside
 * the member so that every query filters by tenant as well as by owner.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    uid: uuid().primaryKey().defaultRandom(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    label: text().notNull(),
    district: text().notNull(),
    address: text().notNull(),
    reference: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set on every edit: the list (and the checkout) offers the latest first. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.appUid, t.userUid, t.updatedAt)],
);
