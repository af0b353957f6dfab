import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authTokens } from './sessions.ts';
import { apps } from './tenancy.ts';
import { users } from './users.ts';

/**
 * A browser's push subscription (architecture §11): where its push service takes messages for that
 * device, and the keys that encrypt them for it (RFC 8291). One endpoint is one device: registering it
 * again, by the same member or another who signed in on it, moves it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    uid: uuid().primaryKey().defaultRandom(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /**
     * The session that registered the device: signing out there, or that session ending any other way,
     * deletes the subscription. Null for devices registered before this was kept.
     */
    tokenHash: text().references(() => authTokens.tokenHash, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userUid), index().on(t.tokenHash)],
);

/** What a notification shows: its title, its text and the page it opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string | null;
}

/**
 * Notifications written in the transaction of the change that causes them, one per subscription; a
 * worker sends them, so that a slow push service never slows the order that moved.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    uid: uuid().primaryKey().defaultRandom(),
    subscriptionUid: uuid()
      .notNull()
      .references(() => pushSubscriptions.uid, { onDelete: 'cascade' }),
    payload: jsonb().$type<PushPayload>().notNull(),
    /** PENDING until the worker sends it (SENT), or gives up (FAILED). */
    status: text().notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.createdAt), index().on(t.subscriptionUid)],
);

/**
 * The installation's VAPID key pair (RFC 8292) when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset:
 * made on first start and kept, since every subscription is bound to the public key it was made with.
 * One row (`id` 'vapid').
 */
export const vapidKeys = pgTable('vapid_keys', {
  id: text().primaryKey(),
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
