import { randomUUID } from 'node:crypto';
import {
  type AdminOptionGroupInput,
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductPatch,
  moneyToCents,
} from '@storefront/contracts/admin-catalogue';
import type { Language } from '@storefront/contracts/constants';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import { normaliseSearch, searchTerms } from '@storefront/contracts/search';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import { chosenImage } from '../../media/media.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { offerNewProduct } from './availability.service.ts';
import * as repo from './catalogue.repository.ts';
import { checkVersion } from './versions.ts';

const AUDIT = 'product';

type Found = { product: repo.ProductRow; categoryName: string | null };

async function toProducts(db: Executor, rows: Found[]): Promise<AdminProduct[]> {
  const { groups, options } = await repo.optionGroupsOf(
    db,
    rows.map((row) => row.product.uid),
  );
  return rows.map(({ product, categoryName }) => ({
    uid: product.uid,
    title: product.title,
    short_description: product.shortDescription,
    description: product.description,
    price: centsToDecimal(product.unitPrice),
    coin_price: product.coinPrice,
    brand: product.brand,
    sku: product.sku,
    category: product.categoryUid ? { uid: product.categoryUid, name: categoryName ?? '' } : null,
    image_uid: product.imageUid,
    image: product.image,
    is_redeemable: product.isRedeemable,
    direct_purchase: product.directPurchase,
    is_active: product.isActive,
    option_groups: groups
      .filter((group) => group.productUid === product.uid)
      .map((group) => ({
        uid: group.uid,
        name: group.name,
        min: group.minimumToSelect,
        max: group.maximumToSelect,
        options: options
          .filter((option) => option.groupUid === group.uid)
          .map((option) => ({ uid: option.uid, name: option.name, price: centsToDecimal(option.price) })),
      })),
    version: product.version,
  }));
}

export async function loadProduct(db: Executor, companyUid: string, uid: string, lock = false) {
  const row = await repo.findProduct(db, companyUid, uid, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return (await toProducts(db, [row]))[0] as AdminProduct;
}

/** The fields the audit log compares: everything the admin edits. */
const audited = ({ uid: _, image: __, version: ___, category, ...fields }: AdminProduct) => ({
  ...fields,
  category_uid: category?.uid ?? null,
});

export async function listProducts(
  ctx: AdminContext,
  query: {
    search?: string;
    ordering?: string;
    category?: string;
    is_active?: boolean;
    is_redeemable?: boolean;
    brand?: string;
  },
  at: PageRequest,
) {
  const { rows, count } = await repo.listProducts(
    ctx.db,
    ctx.company.uid,
    {
      terms: searchTerms(query.search ?? ''),
      ordering: query.ordering,
      categoryUid: query.category,
      isActive: query.is_active,
      isRedeemable: query.is_redeemable,
      brand: query.brand,
    },
    at,
  );
  return { count, results: await toProducts(ctx.db, rows) };
}

export const getProduct = (ctx: AdminContext, uid: string) => loadProduct(ctx.db, ctx.company.uid, uid);

/** The rules across fields and rows, answered per field like the rest (400, nothing changed). */
export async function checkProduct(
  tx: Executor,
  ctx: AdminContext,
  uid: string,
  product: AdminProductCreate,
) {
  const language: Language = ctx.language;
  const errors: Record<string, string[]> = {};
  if (product.category_uid) {
    const known = await repo.categoryUidsOf(tx, ctx.company.uid, [product.category_uid]);
    if (!known.has(product.category_uid)) errors.category_uid = [FIELD_MESSAGES.notInCompany[language]];
  }
  const placeUids = [...new Set(product.place_uids ?? [])];
  const places = await repo.placeUidsOf(tx, ctx.company.uid, placeUids);
  if (places.size !== placeUids.length) errors.place_uids = [FIELD_MESSAGES.notInCompany[language]];
  if (product.is_redeemable && (product.coin_price ?? null) === null)
    errors.coin_price = [FIELD_MESSAGES.required[language]];
  // A group's or option's uid names one of this product's own; any other uid is refused.
  const groups = product.option_groups ?? [];
  const taken = await repo.takenOptionUids(
    tx,
    groups.flatMap((group) => (group.uid ? [group.uid] : [])),
    groups.flatMap((group) => group.options.flatMap((option) => (option.uid ? [option.uid] : []))),
  );
  const foreign = [...taken.groups, ...taken.options].some((row) => row.productUid !== uid);
  const given = groups
    .flatMap((group) => [group.uid, ...group.options.map((option) => option.uid)])
    .filter(Boolean);
  if (foreign || new Set(given).size !== given.length)
    errors.option_groups = [FIELD_MESSAGES.invalid[language]];
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
}

export const productValues = (body: AdminProductPatch) => ({
  ...(body.title !== undefined ? { title: body.title } : {}),
  ...(body.short_description !== undefined ? { shortDescription: body.short_description } : {}),
  ...(body.description !== undefined ? { description: body.description } : {}),
  ...(body.price !== undefined ? { unitPrice: moneyToCents(body.price) } : {}),
  ...(body.coin_price !== undefined ? { coinPrice: body.coin_price } : {}),
  ...(body.brand !== undefined ? { brand: body.brand || null } : {}),
  ...(body.sku !== undefined ? { sku: body.sku || null } : {}),
  ...(body.category_uid !== undefined ? { categoryUid: body.category_uid } : {}),
  ...(body.image_uid !== undefined ? { imageUid: body.image_uid } : {}),
  ...(body.is_redeemable !== undefined ? { isRedeemable: body.is_redeemable } : {}),
  ...(body.direct_purchase !== undefined ? { directPurchase: body.direct_purchase } : {}),
  ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
});

const searchTextOf = (product: { title: string; brand?: string | null; sku?: string | null }) =>
  normaliseSearch([product.title, product.brand, product.sku].filter(Boolean).join(' '));

function optionGroupRows(productUid: string, groups: AdminOptionGroupInput[]) {
  return groups.map((group, position) => {
    const groupUid = group.uid ?? randomUUID();
    return {
      uid: groupUid,
      productUid,
      name: group.name,
      minimumToSelect: group.min,
      maximumToSelect: group.max,
      position,
      options: group.options.map((option, at) => ({
        uid: option.uid ?? randomUUID(),
        groupUid,
        name: option.name,
        price: moneyToCents(option.price),
        position: at,
      })),
    };
  });
}

/** The current fields as a create body: what a PATCH is merged onto before its rules are checked. */
export const asBody = (product: AdminProduct): AdminProductCreate => ({
  ...audited(product),
  option_groups: product.option_groups,
});

/** Writes the menus' copies and counts, and tells every process, after products changed. */
export async function productChanged(tx: Executor, ctx: AdminContext, ...productUids: string[]) {
  await repo.refreshMenus(tx, productUids, await repo.placesSelling(tx, productUids));
  await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
}

export function createProduct(ctx: AdminContext, body: AdminProductCreate): Promise<AdminProduct> {
  return ctx.db.transaction((tx) => insertProductIn(tx, ctx, body));
}

/** Creates a product in the caller's transaction (the form's create, the import's new rows). */
export async function insertProductIn(
  tx: Executor,
  ctx: AdminContext,
  body: AdminProductCreate,
): Promise<AdminProduct> {
  const uid = randomUUID();
  await checkProduct(tx, ctx, uid, body);
  const searchText = searchTextOf(body);
  await repo.insertProduct(tx, {
    ...productValues(body),
    ...(await chosenImage(tx, ctx, body.image_uid, null)),
    uid,
    appUid: ctx.company.appUid,
    companyUid: ctx.company.uid,
    title: body.title,
    searchText,
  });
  await repo.replaceOptionGroups(tx, uid, optionGroupRows(uid, body.option_groups ?? []));
  const created = await loadProduct(tx, ctx.company.uid, uid);
  await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
  await offerNewProduct(tx, ctx, { uid, searchText }, [...new Set(body.place_uids ?? [])]);
  return created;
}

export function updateProduct(
  ctx: AdminContext,
  uid: string,
  body: AdminProductPatch,
  ifMatch: number | undefined,
): Promise<AdminProduct> {
  return ctx.db.transaction(async (tx) => {
    const after = await updateProductIn(tx, ctx, uid, body, ifMatch);
    await productChanged(tx, ctx, uid);
    return after;
  });
}

/**
 * Changes a product in the caller's transaction and audits it; the caller rewrites the menus' copies
 * (productChanged), once for many products in an import.
 */
export async function updateProductIn(
  tx: Executor,
  ctx: AdminContext,
  uid: string,
  body: AdminProductPatch,
  ifMatch: number | undefined,
): Promise<AdminProduct> {
  const before = await loadProduct(tx, ctx.company.uid, uid, true);
  checkVersion(ifMatch, before);
  const merged = { ...asBody(before), ...body };
  await checkProduct(tx, ctx, uid, merged);
  await repo.updateProduct(tx, uid, {
    ...productValues(body),
    ...(await chosenImage(tx, ctx, body.image_uid, before.image_uid)),
    searchText: searchTextOf(merged),
  });
  if (body.option_groups) await repo.replaceOptionGroups(tx, uid, optionGroupRows(uid, body.option_groups));
  const after = await loadProduct(tx, ctx.company.uid, uid);
  await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
  return after;
}

export function deleteProduct(ctx: AdminContext, uid: string, ifMatch: number | undefined): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    await deleteProductIn(tx, ctx, uid, ifMatch);
    await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
  });
}

/**
 * Deletes a product in the caller's transaction (the form's delete, an import's undo), audited, and
 * answers the places that sold it (their menus are written again). The caller tells every process
 * (announceCatalogueChange): once for the form, at most once a second for an undo of many products.
 */
export async function deleteProductIn(
  tx: Executor,
  ctx: AdminContext,
  uid: string,
  ifMatch: number | undefined,
): Promise<string[]> {
  const before = await loadProduct(tx, ctx.company.uid, uid, true);
  checkVersion(ifMatch, before);
  const placeUids = await repo.placesSelling(tx, [uid]);
  await repo.deleteProduct(tx, uid);
  await repo.refreshMenus(tx, [], placeUids);
  await recordChange(tx, ctx, { type: AUDIT, uid }, 'delete', audited(before), null);
  return placeUids;
}

/** A copy with new uids (its option groups too), inactive, sold nowhere yet, titled "… (copia)". */
export function duplicateProduct(ctx: AdminContext, uid: string): Promise<AdminProduct> {
  const source = ctx.db.transaction(async (tx) => loadProduct(tx, ctx.company.uid, uid));
  return source.then((product) =>
    createProduct(ctx, {
      ...asBody(product),
      title: `${product.title} (${ctx.language === 'en' ? 'copy' : 'copia'})`.slice(0, 200),
      sku: null,
      is_active: false,
      option_groups: product.option_groups.map((group) => ({
        name: group.name,
        min: group.min,
        max: group.max,
        options: group.options.map((option) => ({ name: option.name, price: option.price })),
      })),
    }),
  );
}
