import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps, companies, places } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Who on the staff did what, where and when (issue 7). Append-only, written in the same transaction
 * as the action it records, so an action and its audit line exist together or not at all.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    placeUid: text().references(() => places.uid, { onDelete: 'set null' }),
    staffUserUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** REDEEM, STAMP, ADD_POINTS, CREATE_USER, ORDER_STATUS. */
    action: text().notNull(),
    memberUserUid: uuid().references(() => users.uid, { onDelete: 'set null' }),
    subjectType: text(),
    subjectId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.companyUid, t.createdAt), index().on(t.staffUserUid, t.createdAt)],
);
