import { normaliseSearch } from '@storefront/contracts/search';
import type { TenantApp } from '@storefront/contracts/tenant-file';
import { and, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from './client.ts';
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
} from './schema/catalogue.ts';
import { TenantFileError, type TenantFileIssue } from './tenant-import.ts';

type TenantCompany = TenantApp['companies'][number];

/** `set` of an upsert that takes the named columns from the row that was refused. */
export function fromExcluded<T extends PgTable>(
  _table: T,
  keys: (keyof T['_']['columns'] & string)[],
): Record<string, SQL> {
  // The database uses `casing: snake_case`, so a column's SQL name is its key in snake case.
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${toSnakeCase(key)}"`)]));
}

/**
 * Imports the catalogue of one app (categories, products with option groups and per-place offers,
 * opening hours, ads), inside the caller's transaction. Objects are upserted by uid. Option groups and
 * options left out of the file are deactivated, not deleted, so that old orders keep their names.
 * Stock is written when an offer is created only: a later import keeps the live stock that orders take.
 */
export async function importCatalogue(tx: Transaction, app: TenantApp, appIndex: number): Promise<void> {
  await checkCatalogueOwnership(tx, app, appIndex);
  for (const company of app.companies) {
    await importPlaceSchedules(tx, company);
    await importCategories(tx, app.uid, company);
    await importProducts(tx, app.uid, company);
    await importAds(tx, app.uid, company);
  }
}

async function checkCatalogueOwnership(tx: Transaction, app: TenantApp, appIndex: number): Promise<void> {
  const issues: TenantFileIssue[] = [];
  const at = `apps[${appIndex}].companies`;
  const all = app.companies;
  const ownedElsewhere = [
    {
      table: productCategories,
      uids: all.flatMap((c) => c.product_categories.map((x) => x.uid)),
      path: 'product_categories',
    },
    { table: products, uids: all.flatMap((c) => c.products.map((x) => x.uid)), path: 'products' },
    { table: companyAds, uids: all.flatMap((c) => c.ads.map((x) => x.uid)), path: 'ads' },
  ];
  for (const { table, uids, path } of ownedElsewhere) {
    if (uids.length === 0) continue;
    const rows = await tx
      .select({ uid: table.uid })
      .from(table)
      .where(and(inArray(table.uid, uids), ne(table.appUid, app.uid)));
    for (const row of rows)
      issues.push({ path: `${at}.${path}`, message: `uid ${row.uid} belongs to another app` });
  }
  const groups = all.flatMap((c) =>
    c.products.flatMap((p) => p.option_groups.map((g) => ({ uid: g.uid, product: p.uid }))),
  );
  if (groups.length > 0) {
    const rows = await tx
      .select({ uid: optionGroups.uid, productUid: optionGroups.productUid })
      .from(optionGroups)
      .where(
        inArray(
          optionGroups.uid,
          groups.map((g) => g.uid),
        ),
      );
    const productOf = new Map(groups.map((g) => [g.uid, g.product]));
    for (const row of rows) {
      if (productOf.get(row.uid) !== row.productUid)
        issues.push({
          path: `${at}.products.option_groups`,
          message: `uid ${row.uid} belongs to another product`,
        });
    }
  }
  const opts = all.flatMap((c) =>
    c.products.flatMap((p) =>
      p.option_groups.flatMap((g) => g.options.map((o) => ({ uid: o.uid, group: g.uid }))),
    ),
  );
  if (opts.length > 0) {
    const rows = await tx
      .select({ uid: options.uid, groupUid: options.groupUid })
      .from(options)
      .where(
        inArray(
          options.uid,
          opts.map((o) => o.uid),
        ),
      );
    const groupOf = new Map(opts.map((o) => [o.uid, o.group]));
    for (const row of rows) {
      if (groupOf.get(row.uid) !== row.groupUid)
        issues.push({
          path: `${at}.products.option_groups.options`,
          message: `uid ${row.uid} belongs to another option group`,
        });
    }
  }
  if (issues.length > 0) throw new TenantFileError(issues);
}

async function importPlaceSchedules(tx: Transaction, company: TenantCompany): Promise<void> {
  for (const place of company.places) {
    await tx
      .insert(placePickupSettings)
      .values({ placeUid: place.uid, leadMinutes: place.pickup_lead_minutes, timeZone: place.time_zone })
      .onConflictDoUpdate({
        target: placePickupSettings.placeUid,
        set: { leadMinutes: place.pickup_lead_minutes, timeZone: place.time_zone },
      });
    await tx.delete(placeOpeningHours).where(eq(placeOpeningHours.placeUid, place.uid));
    if (place.opening_hours.length > 0) {
      await tx
        .insert(placeOpeningHours)
        .values(place.opening_hours.map((h) => ({ placeUid: place.uid, ...h })))
        .onConflictDoNothing();
    }
  }
}

async function importCategories(tx: Transaction, appUid: string, company: TenantCompany): Promise<void> {
  if (company.product_categories.length === 0) return;
  await tx
    .insert(productCategories)
    .values(
      company.product_categories.map((category, position) => ({
        uid: category.uid,
        appUid,
        companyUid: company.uid,
        name: category.name,
        image: category.image ?? null,
        color: category.color ?? null,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: productCategories.uid,
      set: fromExcluded(productCategories, ['companyUid', 'name', 'image', 'color', 'position']),
    });
}

async function importProducts(tx: Transaction, appUid: string, company: TenantCompany): Promise<void> {
  if (company.products.length === 0) return;
  await tx
    .insert(products)
    .values(
      company.products.map((product) => ({
        uid: product.uid,
        appUid,
        companyUid: company.uid,
        categoryUid: product.category ?? null,
        title: product.title,
        shortDescription: product.short_description,
        description: product.description,
        image: product.image ?? null,
        imageReverse: product.image_reverse ?? null,
        unitPrice: product.unit_price,
        coinPrice: product.coin_price ?? null,
        isRedeemable: product.is_redeemable,
        directPurchase: product.direct_purchase,
        brand: product.brand ?? null,
        sku: product.sku ?? null,
        isActive: product.is_active,
        searchText: normaliseSearch([product.title, product.brand, product.sku].filter(Boolean).join(' ')),
      })),
    )
    .onConflictDoUpdate({
      target: products.uid,
      set: fromExcluded(products, [
        'companyUid',
        'categoryUid',
        'title',
        'shortDescription',
        'description',
        'image',
        'imageReverse',
        'unitPrice',
        'coinPrice',
        'isRedeemable',
        'directPurchase',
        'brand',
        'sku',
        'isActive',
        'searchText',
      ]),
    });

  const productUids = company.products.map((p) => p.uid);
  const groups = company.products.flatMap((product) =>
    product.option_groups.map((group, position) => ({ product, group, position })),
  );
  await tx
    .update(optionGroups)
    .set({ isActive: false })
    .where(
      and(
        inArray(optionGroups.productUid, productUids),
        groups.length > 0
          ? notInArray(
              optionGroups.uid,
              groups.map((g) => g.group.uid),
            )
          : undefined,
      ),
    );
  if (groups.length > 0) {
    await tx
      .insert(optionGroups)
      .values(
        groups.map(({ product, group, position }) => ({
          uid: group.uid,
          productUid: product.uid,
          name: group.name,
          description: group.description,
          minimumToSelect: group.minimum_to_select,
          maximumToSelect: group.maximum_to_select,
          isActive: group.is_active,
          position,
        })),
      )
      .onConflictDoUpdate({
        target: optionGroups.uid,
        set: fromExcluded(optionGroups, [
          'name',
          'description',
          'minimumToSelect',
          'maximumToSelect',
          'isActive',
          'position',
        ]),
      });
    const optionRows = groups.flatMap(({ group }) =>
      group.options.map((option, position) => ({
        uid: option.uid,
        groupUid: group.uid,
        name: option.name,
        description: option.description,
        price: option.price,
        isActive: option.is_active,
        position,
      })),
    );
    await tx
      .update(options)
      .set({ isActive: false })
      .where(
        and(
          inArray(
            options.groupUid,
            groups.map((g) => g.group.uid),
          ),
          notInArray(
            options.uid,
            optionRows.map((o) => o.uid),
          ),
        ),
      );
    await tx
      .insert(options)
      .values(optionRows)
      .onConflictDoUpdate({
        target: options.uid,
        set: fromExcluded(options, ['name', 'description', 'price', 'isActive', 'position']),
      });
  }

  const offers = company.products.flatMap((product) =>
    (
      product.offers ??
      company.places.map((place) => ({ place: place.uid, stock: product.stock, is_available: true }))
    ).map((offer) => ({
      placeUid: offer.place,
      productUid: product.uid,
      stock: offer.stock,
      isAvailable: offer.is_available,
    })),
  );
  // A place the file no longer names stops selling the product.
  await tx
    .update(placeProducts)
    .set({ isAvailable: false })
    .where(inArray(placeProducts.productUid, productUids));
  if (offers.length > 0) {
    await tx
      .insert(placeProducts)
      .values(offers)
      .onConflictDoUpdate({
        target: [placeProducts.placeUid, placeProducts.productUid],
        set: fromExcluded(placeProducts, ['isAvailable']),
      });
  }
  await copyProductFields(tx, productUids);
  const touched = await tx
    .selectDistinct({ placeUid: placeProducts.placeUid })
    .from(placeProducts)
    .where(inArray(placeProducts.productUid, productUids));
  await refreshMenuCounts(
    tx,
    touched.map((row) => row.placeUid),
  );
}

/** Copies the menu's filter and sort fields of these products onto their place_products rows. */
export async function copyProductFields(db: Executor, productUids: string[]): Promise<void> {
  if (productUids.length === 0) return;
  await db
    .update(placeProducts)
    .set({
      categoryUid: sql`${products.categoryUid}`,
      isRedeemable: sql`${products.isRedeemable}`,
      isActive: sql`${products.isActive}`,
      searchText: sql`${products.searchText}`,
    })
    .from(products)
    .where(and(eq(products.uid, placeProducts.productUid), inArray(placeProducts.productUid, productUids)));
}

/** Recounts the menus of these places (place_menu_counts) from their place_products rows. */
export async function refreshMenuCounts(db: Executor, placeUids: string[]): Promise<void> {
  if (placeUids.length === 0) return;
  await db.delete(placeMenuCounts).where(inArray(placeMenuCounts.placeUid, placeUids));
  await db.insert(placeMenuCounts).select(
    db
      .select({
        placeUid: placeProducts.placeUid,
        categoryUid: placeProducts.categoryUid,
        isRedeemable: placeProducts.isRedeemable,
        products: sql<number>`count(*)::integer`.as('products'),
      })
      .from(placeProducts)
      .where(
        and(
          inArray(placeProducts.placeUid, placeUids),
          eq(placeProducts.isAvailable, true),
          eq(placeProducts.isActive, true),
        ),
      )
      .groupBy(placeProducts.placeUid, placeProducts.categoryUid, placeProducts.isRedeemable),
  );
}

async function importAds(tx: Transaction, appUid: string, company: TenantCompany): Promise<void> {
  if (company.ads.length === 0) return;
  await tx
    .insert(companyAds)
    .values(
      company.ads.map((ad, position) => ({
        uid: ad.uid,
        appUid,
        companyUid: company.uid,
        title: ad.title,
        image: ad.image ?? null,
        link: ad.link ?? null,
        isActive: ad.is_active,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: companyAds.uid,
      set: fromExcluded(companyAds, ['companyUid', 'title', 'image', 'link', 'isActive', 'position']),
    });
}
