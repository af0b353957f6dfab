import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apps, companies, places } from './tenancy.ts';
import { users } from './users.ts';

/** A benefit program of a company (spec §1): stamps, coins, points with levels, promotions. */
export const programs = pgTable(
  'programs',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    stampsRequired: integer().notNull().default(0),
    stampReward: text().notNull().default(''),
    /** Coins and points earned per whole S/ 1 paid (architecture §4). */
    coinsPerSol: integer().notNull().default(1),
    pointsPerSol: integer().notNull().default(1),
    allowsManualPoints: boolean().notNull().default(false),
    coinExpiryDays: integer(),
    pointExpiryDays: integer(),
    position: integer().notNull().default(0),
    /** +1 per admin write of the rules (If-Match, architecture §9). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.appUid), index().on(t.companyUid)],
);

/** Levels are reached by total points, never spent. */
export const programLevels = pgTable(
  'program_levels',
  {
    uid: text().primaryKey(),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    minPoints: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.programUid)],
);

/** A member of a program. Balances are caches of the ledger, updated in the same transaction. */
export const memberships = pgTable(
  'memberships',
  {
    uid: uuid().primaryKey().defaultRandom(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    coins: integer().notNull().default(0),
    totalPoints: integer().notNull().default(0),
    stamps: integer().notNull().default(0),
    /** Gift-card money, integer cents. */
    balanceCents: integer().notNull().default(0),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by the company's admin: a blocked member neither earns nor redeems (decision 007, addendum). */
    blockedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.userUid, t.programUid),
    index().on(t.programUid),
    check(
      'memberships_non_negative',
      sql`${t.coins} >= 0 and ${t.totalPoints} >= 0 and ${t.stamps} >= 0 and ${t.balanceCents} >= 0`,
    ),
  ],
);

/** Append-only: every movement of coins, points, stamps and gift balance, with why and for what. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    uid: uuid().primaryKey().defaultRandom(),
    membershipUid: uuid()
      .notNull()
      .references(() => memberships.uid, { onDelete: 'cascade' }),
    kind: text().notNull(),
    amount: integer().notNull(),
    reason: text().notNull(),
    referenceType: text(),
    referenceId: text(),
    staffUserUid: uuid().references(() => users.uid, { onDelete: 'set null' }),
    /** Free text, such as the description staff give to manual points. */
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    /** For credits: the part not yet spent or expired, consumed oldest-expiry first. */
    remaining: integer(),
  },
  (t) => [
    index().on(t.membershipUid, t.kind),
    index().on(t.expiresAt).where(sql`${t.remaining} > 0`),
    /** The dashboard's days (decision 023), covering what its sums, counts and place filter read. */
    index('ledger_entries_dashboard_index').on(
      t.createdAt,
      t.membershipUid,
      t.kind,
      t.reason,
      t.amount,
      t.referenceType,
      t.referenceId,
    ),
  ],
);

export const promotions = pgTable(
  'promotions',
  {
    uid: text().primaryKey(),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    /** Discount percent, 0 to 100. */
    rateDiscount: integer().notNull().default(0),
    coinPrice: integer().notNull().default(0),
    validFrom: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    /** Units left; null means unlimited. */
    stock: integer(),
    perMemberLimit: integer(),
    /** Level uids that may use it; empty means every level. */
    levelUids: text().array().notNull().default(sql`'{}'::text[]`),
    tagged: boolean().notNull().default(false),
    /** Place uids where it is used; empty means every place of the program's company. */
    placeUids: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    /** The uploaded picture the admin chose (media); `image` keeps its URL for the storefront. */
    imageUid: text(),
    /** +1 per admin write (If-Match). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.programUid), check('promotions_stock_non_negative', sql`${t.stock} >= 0`)],
);

/** A member's use of a promotion: PENDING (a code was issued), REDEEMED, or CANCELED. */
export const redemptions = pgTable(
  'redemptions',
  {
    uid: uuid().primaryKey().defaultRandom(),
    promotionUid: text()
      .notNull()
      .references(() => promotions.uid, { onDelete: 'cascade' }),
    membershipUid: uuid()
      .notNull()
      .references(() => memberships.uid, { onDelete: 'cascade' }),
    code: text().notNull().unique(),
    status: text().notNull(),
    coinsSpent: integer().notNull().default(0),
    placeUid: text().references(() => places.uid, { onDelete: 'set null' }),
    staffUserUid: uuid().references(() => users.uid, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.membershipUid, t.promotionUid), index().on(t.promotionUid)],
);

export const programSections = pgTable(
  'program_sections',
  {
    uid: text().primaryKey(),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.programUid)],
);

export const programAds = pgTable(
  'program_ads',
  {
    uid: text().primaryKey(),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    link: text(),
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    /** The uploaded picture the admin chose (media); `image` keeps its URL for the storefront. */
    imageUid: text(),
    /** +1 per admin write (If-Match). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.programUid)],
);

export const raffles = pgTable(
  'raffles',
  {
    uid: text().primaryKey(),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    terms: text().notNull().default(''),
    prize: text().notNull().default(''),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    drawDate: date(),
    /** Extra fields the registration asks for. */
    fields: jsonb().$type<{ name: string; label: string; required: boolean }[]>().notNull().default([]),
    /** How many members the draw picks. */
    winnersCount: integer().notNull().default(1),
    imageUid: text(),
    /** +1 per admin write (If-Match). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.programUid), check('raffles_winners_positive', sql`${t.winnersCount} >= 1`)],
);

/**
 * The one draw of a raffle, recorded so that anyone can re-check it (decision 019, raffles): the random
 * seed, the registrations it drew from in their stable order, the algorithm's name, and the winners.
 */
export const raffleDraws = pgTable('raffle_draws', {
  uid: uuid().primaryKey().defaultRandom(),
  /** Unique: a raffle is drawn once. */
  raffleUid: text()
    .notNull()
    .unique()
    .references(() => raffles.uid, { onDelete: 'cascade' }),
  algorithm: text().notNull(),
  /** 32 random bytes, hex. */
  seed: text().notNull(),
  /** The registration uids drawn from, in the order the algorithm read them (by uid). */
  registrationUids: text().array().notNull(),
  /** The winning registration uids, first drawn first. */
  winnerUids: text().array().notNull(),
  drawnBy: uuid().references(() => users.uid, { onDelete: 'set null' }),
  drawnAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A member's registration in (or dismissal of) a raffle; one per member. */
export const raffleRegistrations = pgTable(
  'raffle_registrations',
  {
    uid: uuid().primaryKey().defaultRandom(),
    raffleUid: text()
      .notNull()
      .references(() => raffles.uid, { onDelete: 'cascade' }),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    status: text().notNull(),
    data: jsonb().$type<Record<string, string | number | boolean>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.raffleUid, t.userUid)],
);

export const polls = pgTable(
  'polls',
  {
    uid: text().primaryKey(),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    validUntil: timestamp({ withTimezone: true }),
    position: integer().notNull().default(0),
    imageUid: text(),
    /** +1 per admin write (If-Match); covers the questions and options too. */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.programUid)],
);

export const pollQuestions = pgTable(
  'poll_questions',
  {
    uid: text().primaryKey(),
    pollUid: text()
      .notNull()
      .references(() => polls.uid, { onDelete: 'cascade' }),
    text: text().notNull(),
    /** CHOICE (pick one option) or TEXT. */
    type: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.pollUid)],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    uid: text().primaryKey(),
    questionUid: text()
      .notNull()
      .references(() => pollQuestions.uid, { onDelete: 'cascade' }),
    text: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.questionUid)],
);

/** One response per member and poll. */
export const pollResponses = pgTable(
  'poll_responses',
  {
    uid: uuid().primaryKey().defaultRandom(),
    pollUid: text()
      .notNull()
      .references(() => polls.uid, { onDelete: 'cascade' }),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    answers: jsonb().$type<{ question: string; option?: string; text?: string }[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.pollUid, t.userUid)],
);

export const events = pgTable(
  'events',
  {
    uid: text().primaryKey(),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    startDate: date().notNull(),
    startTime: time(),
    endDate: date(),
    endTime: time(),
    location: text().notNull().default(''),
    link: text(),
    /** An inactive event is hidden from the storefront. */
    isActive: boolean().notNull().default(true),
    imageUid: text(),
    /** +1 per admin write (If-Match). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.companyUid, t.startDate)],
);

/** A gift card: its balance is loaded once, by code, onto a member's ledger. */
export const giftCards = pgTable(
  'gift_cards',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    programUid: text()
      .notNull()
      .references(() => programs.uid, { onDelete: 'cascade' }),
    code: text().notNull(),
    balanceCents: integer().notNull(),
    redeemedAt: timestamp({ withTimezone: true }),
    membershipUid: uuid().references(() => memberships.uid, { onDelete: 'set null' }),
    /** A voided card can no longer be loaded. */
    voidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** +1 per admin write (If-Match). */
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('gift_cards_app_code_unique').on(t.appUid, sql`upper(${t.code})`)],
);
