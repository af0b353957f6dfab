import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Single-use links (reset password, verify e-mail, delete account), stored only as a SHA-256 hash;
 * each expires (architecture §4 Accounts) and is spent by setting usedAt.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    tokenHash: text().primaryKey(),
    purpose: text().notNull(),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userUid, t.purpose)],
);

/** Mail written in the transaction of the change that causes it; a worker delivers or logs it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    uid: uuid().primaryKey().defaultRandom(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** PENDING until the worker sends it (SENT), logs it without SMTP (LOGGED) or gives up (FAILED). */
    status: text().notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.createdAt), index().on(t.appUid, t.createdAt)],
);

/** Fixed-window rate-limit counters shared by every API process (architecture §1). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  /** Epoch milliseconds when the current window started. */
  windowStart: bigint({ mode: 'number' }).notNull(),
});
