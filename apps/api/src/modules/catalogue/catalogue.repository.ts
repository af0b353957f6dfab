import type { Executor } from '@storefront/db/client';
import {
  companyAds,
  optionGroups,
  options,
  placeMenuCounts,
  placeOpeningHours,
  placePickupSettings,
  placeProducts,
  productCategories,
  products,
} from '@storefront/db/schema/catalogue';
import { appCompanies, areas, companies, companyCategories, places } from '@storefront/db/schema/tenancy';
import { and, asc, count, eq, exists, gt, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../lib/paging.ts';

export type AreaRow = typeof areas.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type CompanyCategoryRow = typeof companyCategories.$inferSelect;
export type ProductCategoryRow = typeof productCategories.$inferSelect;
export type AdRow = typeof companyAds.$inferSelect;
export type OptionGroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;
export type OpeningHoursRow = typeof placeOpeningHours.$inferSelect;
export type PickupSettingsRow = typeof placePickupSettings.$inferSelect;

export interface Counted<T> {
  count: number;
  rows: T[];
}

/** `%` and `_` in a search word are matched literally. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must appear in the normalised search column (contracts/search.ts). */
function searchCondition(column: typeof products.searchText, terms: string[]): SQL[] {
  return terms.map((term) => like(column, `%${escapeLike(term)}%`));
}

/** A word gives pg_trgm something to look up when it has three letters or digits in a row. */
const givesTrigrams = (term: string) => /[a-z0-9]{3}/.test(term);

/**
 * The menu search (menuOfPlace): the same `LIKE` per word, but only the words with trigrams are written
 * so that the search index (place_products_menu_search_index, pg_trgm) can take them; a shorter word
 * ("7", "de") is compared under `collate "C"`, the same result for `LIKE`, which that index does not
 * match. Otherwise the planner counts such a word's selectivity for the index, which cannot narrow
 * anything by it, and reads a broad search ("prueba 7") through it rather than walking the menu index
 * (decision record 005).
 */
function menuSearchCondition(terms: string[]): SQL[] {
  return terms.map((term) => {
    const pattern = `%${escapeLike(term)}%`;
    return givesTrigrams(term)
      ? like(placeProducts.searchText, pattern)
      : sql`${placeProducts.searchText} collate "C" like ${pattern}`;
  });
}

/**
 * A page and the total count. The count is the costly part of a menu read (it joins every offer of the
 * place), so it is skipped when the page itself shows the total: a short page is the last one.
 */
async function counted<T>(
  rows: PromiseLike<T[]>,
  total: () => PromiseLike<{ value: number }[]>,
  at: PageRequest,
): Promise<Counted<T>> {
  const list = await rows;
  if (list.length < at.limit && (list.length > 0 || at.offset === 0))
    return { count: at.offset + list.length, rows: list };
  const [first] = await total();
  return { count: first?.value ?? 0, rows: list };
}

export interface AreaFilter {
  countryCode?: string;
  companyUid?: string;
}

export function listAreas(db: Executor, appUid: string, filter: AreaFilter, at: PageRequest) {
  const where = and(
    eq(areas.appUid, appUid),
    filter.countryCode ? eq(areas.countryCode, filter.countryCode) : undefined,
    filter.companyUid
      ? exists(
          db
            .select({ one: sql`1` })
            .from(places)
            .where(and(eq(places.areaUid, areas.uid), eq(places.companyUid, filter.companyUid))),
        )
      : undefined,
  );
  return counted(
    db
      .select()
      .from(areas)
      .where(where)
      .orderBy(asc(areas.name), asc(areas.uid))
      .limit(at.limit)
      .offset(at.offset),
    () => db.select({ value: count() }).from(areas).where(where),
    at,
  );
}

/** A place with its company's and area's names, as the place calls answer it (also the checkout's). */
export const placeColumns = {
  uid: places.uid,
  name: places.name,
  address: places.address,
  usesCountryDeliveryService: places.usesCountryDeliveryService,
  latitude: places.latitude,
  longitude: places.longitude,
  phone: places.phone,
  shippingMethods: places.shippingMethods,
  companyUid: places.companyUid,
  companyName: companies.name,
  areaUid: areas.uid,
  areaName: areas.name,
};
export type PlaceRow = {
  uid: string;
  name: string;
  address: string;
  usesCountryDeliveryService: boolean;
  latitude: number | null;
  longitude: number | null;
  phone: string;
  /** DELIVERY and/or PICKUP (the admin's shipping methods). */
  shippingMethods: string[];
  companyUid: string;
  companyName: string;
  areaUid: string;
  areaName: string;
};

export interface PlaceFilter {
  companyUid?: string;
  areaUid?: string;
}

/** Places of the app's allowed companies, sorted by name. */
export function listPlaces(db: Executor, appUid: string, filter: PlaceFilter, at: PageRequest) {
  const where = and(
    eq(places.appUid, appUid),
    filter.companyUid ? eq(places.companyUid, filter.companyUid) : undefined,
    filter.areaUid ? eq(places.areaUid, filter.areaUid) : undefined,
  );
  const allowed = and(eq(appCompanies.appUid, appUid), eq(appCompanies.companyUid, places.companyUid));
  return counted(
    db
      .select(placeColumns)
      .from(places)
      .innerJoin(appCompanies, allowed)
      .innerJoin(companies, eq(companies.uid, places.companyUid))
      .innerJoin(areas, eq(areas.uid, places.areaUid))
      .where(where)
      .orderBy(asc(places.name), asc(places.uid))
      .limit(at.limit)
      .offset(at.offset),
    () => db.select({ value: count() }).from(places).innerJoin(appCompanies, allowed).where(where),
    at,
  );
}

export async function findPlace(db: Executor, appUid: string, placeUid: string): Promise<PlaceRow | null> {
  const [row] = await db
    .select(placeColumns)
    .from(places)
    .innerJoin(
      appCompanies,
      and(eq(appCompanies.appUid, appUid), eq(appCompanies.companyUid, places.companyUid)),
    )
    .innerJoin(companies, eq(companies.uid, places.companyUid))
    .innerJoin(areas, eq(areas.uid, places.areaUid))
    .where(and(eq(places.appUid, appUid), eq(places.uid, placeUid)));
  return row ?? null;
}

export function listOpeningHours(
  db: Executor,
  placeUid: string,
  weekday: number,
): Promise<OpeningHoursRow[]> {
  return db
    .select()
    .from(placeOpeningHours)
    .where(and(eq(placeOpeningHours.placeUid, placeUid), eq(placeOpeningHours.weekday, weekday)))
    .orderBy(asc(placeOpeningHours.opens));
}

/** The weekly opening hours of the app's places among `placeUids`, by weekday and opening time. */
export function listWeeklyOpeningHours(
  db: Executor,
  appUid: string,
  placeUids: string[],
): Promise<OpeningHoursRow[]> {
  if (placeUids.length === 0) return Promise.resolve([]);
  return db
    .select({ placeOpeningHours })
    .from(placeOpeningHours)
    .innerJoin(places, eq(places.uid, placeOpeningHours.placeUid))
    .where(and(eq(places.appUid, appUid), inArray(placeOpeningHours.placeUid, placeUids)))
    .orderBy(asc(placeOpeningHours.weekday), asc(placeOpeningHours.opens))
    .then((rows) => rows.map((row) => row.placeOpeningHours));
}

export async function findPickupSettings(db: Executor, placeUid: string): Promise<PickupSettingsRow | null> {
  const [row] = await db.select().from(placePickupSettings).where(eq(placePickupSettings.placeUid, placeUid));
  return row ?? null;
}

/** The app's allowed companies (the main one first). */
export function listAllowedCompanies(db: Executor, appUid: string): Promise<CompanyRow[]> {
  return db
    .select({ company: companies })
    .from(appCompanies)
    .innerJoin(companies, eq(companies.uid, appCompanies.companyUid))
    .where(eq(appCompanies.appUid, appUid))
    .orderBy(asc(appCompanies.position))
    .then((rows) => rows.map((row) => row.company));
}

export async function isAllowedCompany(db: Executor, appUid: string, companyUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: appCompanies.companyUid })
    .from(appCompanies)
    .where(and(eq(appCompanies.appUid, appUid), eq(appCompanies.companyUid, companyUid)));
  return Boolean(row);
}

export function listCompanyCategories(db: Executor, appUid: string): Promise<CompanyCategoryRow[]> {
  return db
    .select()
    .from(companyCategories)
    .where(eq(companyCategories.appUid, appUid))
    .orderBy(asc(companyCategories.name), asc(companyCategories.uid));
}

/**
 * A company's product categories. With a place, only those with a product on sale there, so that the
 * category bar never offers an empty section.
 */
export function listProductCategories(
  db: Executor,
  appUid: string,
  companyUid: string,
  placeUid: string | null,
  at: PageRequest,
) {
  const where = and(
    eq(productCategories.appUid, appUid),
    eq(productCategories.companyUid, companyUid),
    placeUid
      ? exists(
          db
            .select({ one: sql`1` })
            .from(placeMenuCounts)
            .where(
              and(
                eq(placeMenuCounts.placeUid, placeUid),
                eq(placeMenuCounts.categoryUid, productCategories.uid),
                gt(placeMenuCounts.products, 0),
              ),
            ),
        )
      : undefined,
  );
  return counted(
    db
      .select()
      .from(productCategories)
      .where(where)
      .orderBy(asc(productCategories.position), asc(productCategories.name), asc(productCategories.uid))
      .limit(at.limit)
      .offset(at.offset),
    () => db.select({ value: count() }).from(productCategories).where(where),
    at,
  );
}

export interface ProductFilter {
  companyUids: string[];
  /** With a place: only products on sale there, with its stock. */
  placeUid?: string;
  categoryUids: string[];
  terms: string[];
  isRedeemable?: boolean;
}

const productColumns = {
  product: products,
  categoryName: productCategories.name,
  stock: placeProducts.stock,
};
export type ProductRow = {
  product: typeof products.$inferSelect;
  categoryName: string | null;
  stock: number | null;
};

const offeredIn = (placeUid: string) =>
  and(
    eq(placeProducts.productUid, products.uid),
    eq(placeProducts.placeUid, placeUid),
    eq(placeProducts.isAvailable, true),
  );

function productWhere(appUid: string, filter: ProductFilter, productUid?: string) {
  return and(
    eq(products.appUid, appUid),
    inArray(products.companyUid, filter.companyUids),
    eq(products.isActive, true),
    productUid ? eq(products.uid, productUid) : undefined,
    filter.categoryUids.length > 0 ? inArray(products.categoryUid, filter.categoryUids) : undefined,
    filter.isRedeemable === undefined ? undefined : eq(products.isRedeemable, filter.isRedeemable),
    ...searchCondition(products.searchText, filter.terms),
  );
}

/**
 * Menu order: the normalised title (then brand and sku) in byte order, which is alphabetical for that
 * lowercase unaccented text and the same on every server whatever its collation; uid breaks ties.
 */
const menuOrder = [sql`${products.searchText} collate "C"`, asc(products.uid)];

/** Active products in menu order; with a place, those available there (menuOfPlace). */
export function listProducts(db: Executor, appUid: string, filter: ProductFilter, at: PageRequest) {
  if (filter.placeUid) return menuOfPlace(db, filter.placeUid, filter, at);
  // Not bound to a place: stock is not known.
  const where = productWhere(appUid, filter);
  return counted<ProductRow>(
    db
      .select({ ...productColumns, stock: sql<number | null>`null::integer` })
      .from(products)
      .leftJoin(productCategories, eq(productCategories.uid, products.categoryUid))
      .where(where)
      .orderBy(...menuOrder)
      .limit(at.limit)
      .offset(at.offset),
    () => db.select({ value: count() }).from(products).where(where),
    at,
  );
}

/**
 * A place's menu, read from place_products alone (its copies of the products' filter and sort fields,
 * decision record 005) through the partial menu indexes; the products are joined for the page's rows
 * only. A place's offers are all of its company's products (the tenant file checks it), and the caller
 * has checked the place is the tenant's. The count without a search is a sum over place_menu_counts;
 * with one, the matches are counted: through the search index for a narrow search, the menu index (or
 * the table) for a broad one, as the planner judges from the words with trigrams.
 */
function menuOfPlace(db: Executor, placeUid: string, filter: ProductFilter, at: PageRequest) {
  const shown = and(
    eq(placeProducts.placeUid, placeUid),
    // The partial indexes' predicate, written the same way so that the planner matches it.
    sql`${placeProducts.isAvailable} and ${placeProducts.isActive}`,
    filter.categoryUids.length > 0 ? inArray(placeProducts.categoryUid, filter.categoryUids) : undefined,
    filter.isRedeemable === undefined ? undefined : eq(placeProducts.isRedeemable, filter.isRedeemable),
  );
  const where = and(shown, ...menuSearchCondition(filter.terms));
  const total =
    filter.terms.length > 0
      ? () => db.select({ value: count() }).from(placeProducts).where(where)
      : () =>
          db
            .select({ value: sql<number>`coalesce(sum(${placeMenuCounts.products}), 0)::integer` })
            .from(placeMenuCounts)
            .where(
              and(
                eq(placeMenuCounts.placeUid, placeUid),
                filter.categoryUids.length > 0
                  ? inArray(placeMenuCounts.categoryUid, filter.categoryUids)
                  : undefined,
                filter.isRedeemable === undefined
                  ? undefined
                  : eq(placeMenuCounts.isRedeemable, filter.isRedeemable),
              ),
            );
  return counted<ProductRow>(
    db
      .select(productColumns)
      .from(placeProducts)
      .innerJoin(products, eq(products.uid, placeProducts.productUid))
      .leftJoin(productCategories, eq(productCategories.uid, products.categoryUid))
      .where(where)
      .orderBy(sql`${placeProducts.searchText} collate "C"`, asc(placeProducts.productUid))
      .limit(at.limit)
      .offset(at.offset),
    total,
    at,
  );
}

/** One product on sale in a place, or null. */
export async function findPlaceProduct(
  db: Executor,
  appUid: string,
  companyUid: string,
  placeUid: string,
  productUid: string,
): Promise<ProductRow | null> {
  const filter: ProductFilter = { companyUids: [companyUid], placeUid, categoryUids: [], terms: [] };
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(placeProducts, offeredIn(placeUid))
    .leftJoin(productCategories, eq(productCategories.uid, products.categoryUid))
    .where(productWhere(appUid, filter, productUid));
  return row ?? null;
}

/** The active option groups of some products, each with its active options, in their order. */
export async function listActiveOptionGroups(
  db: Executor,
  productUids: string[],
): Promise<{ group: OptionGroupRow; options: OptionRow[] }[]> {
  if (productUids.length === 0) return [];
  const groups = await db
    .select()
    .from(optionGroups)
    .where(and(inArray(optionGroups.productUid, productUids), eq(optionGroups.isActive, true)))
    .orderBy(asc(optionGroups.position), asc(optionGroups.uid));
  if (groups.length === 0) return [];
  const optionRows = await db
    .select()
    .from(options)
    .where(
      and(
        inArray(
          options.groupUid,
          groups.map((group) => group.uid),
        ),
        eq(options.isActive, true),
      ),
    )
    .orderBy(asc(options.position), asc(options.uid));
  return groups.map((group) => ({
    group,
    options: optionRows.filter((option) => option.groupUid === group.uid),
  }));
}

export function listAds(db: Executor, appUid: string, companyUid: string, at: PageRequest) {
  const where = and(
    eq(companyAds.appUid, appUid),
    eq(companyAds.companyUid, companyUid),
    eq(companyAds.isActive, true),
  );
  return counted(
    db
      .select()
      .from(companyAds)
      .where(where)
      .orderBy(asc(companyAds.position), asc(companyAds.uid))
      .limit(at.limit)
      .offset(at.offset),
    () => db.select({ value: count() }).from(companyAds).where(where),
    at,
  );
}
