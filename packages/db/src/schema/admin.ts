import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps, companies } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Installation operators (architecture §9): they sign in to the admin site and create apps, companies
 * and first owners. The user still belongs to an app, like every account.
 */
export const installationOperators = pgTable('installation_operators', {
  userUid: uuid()
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change made through the admin API (issue 17): who, when, which object of which company, and the
 * changed fields before and after. Written in the same transaction as the change; append-only.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    userUid: uuid().references(() => users.uid, { onDelete: 'set null' }),
    objectType: text().notNull(),
    objectUid: text().notNull(),
    /** create, update or delete. */
    action: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.companyUid, t.createdAt),
    index().on(t.companyUid, t.objectType, t.createdAt),
    index().on(t.companyUid, t.userUid, t.createdAt),
  ],
);
