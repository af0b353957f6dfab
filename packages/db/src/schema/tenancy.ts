import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A tenant's storefront (spec §3 App). Secrets such as the captcha secret stay in this table only. */
export const apps = pgTable('apps', {
  uid: text().primaryKey(),
  name: text().notNull(),
  subdomain: text(),
  apiKey: text().notNull().unique(),
  favicon: text(),
  logo: text(),
  mainCompanyUid: text().notNull(),
  allowAnonymousNavigation: boolean().notNull().default(true),
  allowSignup: boolean().notNull().default(true),
  landingPage: boolean().notNull().default(false),
  landingPageType: text().notNull().default('MODEL_2'),
  emptyPage: boolean().notNull().default(false),
  marketplace: boolean().notNull().default(false),
  signinMethods: jsonb().$type<{ type: string; settings: Record<string, unknown> }[]>().notNull(),
  recaptchaSettings: jsonb().$type<{ site_key: string; secret_key: string } | null>(),
  siteFirebaseSettings: jsonb().$type<Record<string, string> | null>(),
  firebaseSettings: jsonb().$type<Record<string, string> | null>(),
  validateDocument: boolean().notNull().default(false),
  validateMobileNumber: boolean().notNull().default(false),
  site: jsonb()
    .$type<{ faqs?: string; privacy_policies?: string; terms_and_conditions?: string; cookies?: string }>()
    .notNull()
    .default({}),
  /** +1 per admin write of the site's texts or the landing's switch (If-Match, decision 019). */
  siteVersion: integer().notNull().default(1),
  deletionPathPrefix: text(),
  eventsEnabled: boolean().notNull().default(false),
  maintenance: boolean().notNull().default(false),
  colors: jsonb().$type<{ main_color?: string; menu_color?: string }>().notNull().default({}),
  currencySymbol: text().notNull().default('S/'),
  language: text().notNull().default('es'),
  /** The storefront languages offered (its selector); `language` is the default one, among them. */
  languages: text().array().notNull().default(sql`'{es,en}'::text[]`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Host names an app answers on; the first one by position is its canonical domain. */
export const appDomains = pgTable(
  'app_domains',
  {
    domain: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.appUid)],
);

export const companyCategories = pgTable(
  'company_categories',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    image: text(),
    color: text(),
  },
  (t) => [index().on(t.appUid)],
);

/** A company belongs to one owner app (architecture §2). */
export const companies = pgTable(
  'companies',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    logo: text(),
    logoRectangle: text(),
    banner: text(),
    cover: text(),
    whatsappNumber: text(),
    ecommerceEnabled: boolean().notNull().default(false),
    benefitProgramsEnabled: boolean().notNull().default(false),
    subscriptionEnabled: boolean().notNull().default(false),
    deliveryService: boolean().notNull().default(false),
    submodules: jsonb().$type<{ sku: string }[]>().notNull().default([]),
    hiddenForMembers: text().array().notNull().default(sql`'{}'::text[]`),
    socialLinks: jsonb().$type<Record<string, string>>().notNull().default({}),
    categoryUid: text().references(() => companyCategories.uid, { onDelete: 'set null' }),
    /** The admin settings' version (If-Match), the app's settings too for its main company. */
    settingsVersion: integer().notNull().default(1),
  },
  (t) => [index().on(t.appUid)],
);

/** The companies an app shows (multisite); the main company is one of them. */
export const appCompanies = pgTable(
  'app_companies',
  {
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appUid, t.companyUid] })],
);

export const areas = pgTable(
  'areas',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    countryCode: text().notNull(),
  },
  (t) => [index().on(t.appUid)],
);

export const places = pgTable(
  'places',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    areaUid: text()
      .notNull()
      .references(() => areas.uid),
    name: text().notNull(),
    address: text().notNull().default(''),
    usesCountryDeliveryService: boolean().notNull().default(false),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    phone: text().notNull().default(''),
    /** How the place hands orders over: DELIVERY and/or PICKUP (delivery also needs the company's switch). */
    shippingMethods: text().array().notNull().default(sql`'{DELIVERY,PICKUP}'::text[]`),
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.appUid), index().on(t.companyUid), index().on(t.areaUid)],
);
