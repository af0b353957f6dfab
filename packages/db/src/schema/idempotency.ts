import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The first answer to a write sent with an `Idempotency-Key` (architecture §3), replayed when the same
 * user sends the same key and request again. The row is written first in the request's transaction, so
 * that a concurrent duplicate waits on it and then replays.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.key] })],
);
