import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  unique,
} from 'drizzle-orm/pg-core';
import { apps, companies, places } from './tenancy.ts';

/** A company's menu sections (spec §3 Category). */
export const productCategories = pgTable(
  'product_categories',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    image: text(),
    color: text(),
    position: integer().notNull().default(0),
    /** The uploaded image chosen in the admin site (the images resource); `image` is the URL shown. */
    imageUid: text(),
    /** +1 on every admin write: the If-Match check against lost updates (architecture §9). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.companyUid, t.position)],
);

/**
 * A company's product (spec §3 Product). It is sold in a place only through a place_products row,
 * which holds that place's stock. `searchText` is the normalised title, brand and sku
 * (contracts/search.ts), written by the code that writes the product; the menu is sorted by it.
 */
export const products = pgTable(
  'products',
  {
    uid: text().primaryKey(),
    /** The stable integer id the storefront reads as `id`. */
    id: integer().generatedAlwaysAsIdentity().notNull().unique(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    categoryUid: text().references(() => productCategories.uid, { onDelete: 'set null' }),
    title: text().notNull(),
    shortDescription: text().notNull().default(''),
    description: text().notNull().default(''),
    image: text(),
    imageReverse: text(),
    unitPrice: integer().notNull().default(0),
    coinPrice: integer(),
    isRedeemable: boolean().notNull().default(false),
    directPurchase: boolean().notNull().default(false),
    brand: text(),
    sku: text(),
    isActive: boolean().notNull().default(true),
    searchText: text().notNull(),
    imageUid: text(),
    version: integer().notNull().default(1),
  },
  (t) => [
    // The admin list's search (any part of title, brand or sku) on a big catalogue.
    index('products_admin_search_index').using('gin', t.companyUid, t.searchText.op('gin_trgm_ops')),
    // The admin list's orderings by title and by price, a page at a time.
    index('products_admin_title_index').on(t.companyUid, t.title, t.uid),
    index('products_admin_price_index').on(t.companyUid, t.unitPrice, t.uid),
    // Menu order: the normalised title (byte order, the same on every server), then uid so that
    // paging is stable. See menuOrder in the catalogue repository.
    index('products_menu_order_index').on(t.companyUid, sql`${t.searchText} collate "C"`, t.uid),
    index().on(t.categoryUid),
    check('products_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('products_coin_price_check', sql`${t.coinPrice} is null or ${t.coinPrice} >= 0`),
  ],
);

/**
 * A product offered in a place, with that place's own stock (null = unlimited). Orders lock these
 * rows (FOR UPDATE) to take stock, so stock stays a plain integer column here.
 * `categoryUid`, `isRedeemable`, `isActive` and `searchText` are copies of the product's, written with
 * it by the tenant import (decision record 005): a menu page and its count read this table alone,
 * through the partial menu indexes below, whatever the size of the place.
 */
export const placeProducts = pgTable(
  'place_products',
  {
    placeUid: text()
      .notNull()
      .references(() => places.uid, { onDelete: 'cascade' }),
    productUid: text()
      .notNull()
      .references(() => products.uid, { onDelete: 'cascade' }),
    stock: integer(),
    isAvailable: boolean().notNull().default(true),
    categoryUid: text(),
    isRedeemable: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    searchText: text().notNull().default(''),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.placeUid, t.productUid] }),
    index().on(t.productUid),
    // Menu order (as products_menu_order_index) over the rows a menu shows.
    index('place_products_menu_index')
      .on(t.placeUid, sql`${t.searchText} collate "C"`, t.productUid)
      .where(sql`${t.isAvailable} and ${t.isActive}`),
    index('place_products_menu_category_index')
      .on(t.placeUid, t.categoryUid, sql`${t.searchText} collate "C"`, t.productUid)
      .where(sql`${t.isAvailable} and ${t.isActive}`),
    index('place_products_menu_redeemable_index')
      .on(t.placeUid, t.isRedeemable, sql`${t.searchText} collate "C"`, t.productUid)
      .where(sql`${t.isAvailable} and ${t.isActive}`),
    // A search's words of three characters or more (pg_trgm, btree_gin for place_uid): a narrow search
    // reads its few matches here instead of every entry of the place's menu index (decision record 005).
    index('place_products_menu_search_index')
      .using('gin', t.placeUid, t.searchText.op('gin_trgm_ops'))
      .where(sql`${t.isAvailable} and ${t.isActive}`),
    check('place_products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/**
 * How many products a place's menu shows per category and redeemability (the rows of place_products
 * under its menu indexes), so that the menu's exact `count` without a search is a sum of a few rows.
 * Rewritten for the places a tenant import touches (refreshMenuCounts), the only writer of products.
 */
export const placeMenuCounts = pgTable(
  'place_menu_counts',
  {
    placeUid: text()
      .notNull()
      .references(() => places.uid, { onDelete: 'cascade' }),
    categoryUid: text(),
    isRedeemable: boolean().notNull(),
    products: integer().notNull(),
  },
  (t) => [unique().on(t.placeUid, t.categoryUid, t.isRedeemable).nullsNotDistinct()],
);

/** Choices a product offers (spec §3 Option group), each with its own priced options. */
export const optionGroups = pgTable(
  'option_groups',
  {
    uid: text().primaryKey(),
    productUid: text()
      .notNull()
      .references(() => products.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    minimumToSelect: integer().notNull().default(0),
    maximumToSelect: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.productUid, t.position),
    check(
      'option_groups_select_check',
      sql`${t.minimumToSelect} >= 0 and ${t.maximumToSelect} >= ${t.minimumToSelect}`,
    ),
  ],
);

export const options = pgTable(
  'options',
  {
    uid: text().primaryKey(),
    groupUid: text()
      .notNull()
      .references(() => optionGroups.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    price: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.groupUid, t.position), check('options_price_check', sql`${t.price} >= 0`)],
);

/** Weekly opening hours of a place; weekday is ISO (1 = Monday ... 7 = Sunday). */
export const placeOpeningHours = pgTable(
  'place_opening_hours',
  {
    placeUid: text()
      .notNull()
      .references(() => places.uid, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    opens: time().notNull(),
    closes: time().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.placeUid, t.weekday, t.opens] }),
    check('place_opening_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('place_opening_hours_range_check', sql`${t.closes} > ${t.opens}`),
  ],
);

/** How a place plans pickups: the preparation lead time and the clock its hours are read in. */
export const placePickupSettings = pgTable('place_pickup_settings', {
  placeUid: text()
    .primaryKey()
    .references(() => places.uid, { onDelete: 'cascade' }),
  leadMinutes: integer().notNull().default(30),
  timeZone: text().notNull().default('America/Lima'),
  /** The length of a pickup slot (the storefront offers slots of it within the opening hours). */
  slotMinutes: integer().notNull().default(30),
});

/** Banners a company shows (GET v5/companies/{uid}/ads). */
export const companyAds = pgTable(
  'company_ads',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    title: text().notNull(),
    image: text(),
    link: text(),
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.companyUid, t.position)],
);
