import type { LandingButton, LandingCard, LandingImage } from '@storefront/contracts/content';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { apps } from './tenancy.ts';

/**
 * A landing section of an app (spec §3). Buttons, cards and images are read only as part of their
 * section, so they are kept with it as JSON rather than in tables of their own.
 */
export const landingSections = pgTable(
  'landing_sections',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: text().notNull(),
    isActive: boolean().notNull().default(true),
    tittle: text().notNull().default(''),
    content: text().notNull().default(''),
    link: text(),
    buttons: jsonb().$type<LandingButton[]>().notNull().default([]),
    cards: jsonb().$type<LandingCard[]>().notNull().default([]),
    images: jsonb().$type<LandingImage[]>().notNull().default([]),
    /** +1 per admin write of the section (If-Match, decision 019); a move renumbers without it. */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.appUid, t.position)],
);
