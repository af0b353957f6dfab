import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from './tenancy.ts';
import { users } from './users.ts';

/** Sign-in tokens, stored only as a SHA-256 hash; revocable and ended by inactivity. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text().primaryKey(),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userUid)],
);
