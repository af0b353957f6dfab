import { randomUUID } from 'node:crypto';
import type {
  AdminCategory,
  AdminCategoryCreate,
  AdminCategoryPatch,
} from '@storefront/contracts/admin-catalogue';
import { AppError } from '@storefront/contracts/errors';
import { searchTerms } from '@storefront/contracts/search';
import type { PageRequest } from '../../../lib/paging.ts';
import { chosenImage } from '../../media/media.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './catalogue.repository.ts';
import { checkVersion } from './versions.ts';

const AUDIT = 'category';

function toCategory({
  category,
  productsCount,
}: {
  category: repo.CategoryRow;
  productsCount: number;
}): AdminCategory {
  return {
    uid: category.uid,
    name: category.name,
    image_uid: category.imageUid,
    image: category.image,
    color: category.color,
    position: category.position,
    products_count: productsCount,
    version: category.version,
  };
}

/** The fields the audit log compares. */
const audited = ({ uid: _, image: __, products_count: ___, version: ____, ...fields }: AdminCategory) =>
  fields;

export async function listCategories(
  ctx: AdminContext,
  query: { search?: string; ordering?: string },
  at: PageRequest,
) {
  const { rows, count } = await repo.listCategories(
    ctx.db,
    ctx.company.uid,
    { terms: searchTerms(query.search ?? ''), ordering: query.ordering },
    at,
  );
  return { count, results: rows.map(toCategory) };
}

export async function getCategory(ctx: AdminContext, uid: string): Promise<AdminCategory> {
  const row = await repo.findCategory(ctx.db, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toCategory(row);
}

export function createCategory(ctx: AdminContext, body: AdminCategoryCreate): Promise<AdminCategory> {
  return ctx.db.transaction(async (tx) => {
    const uid = randomUUID();
    await repo.insertCategory(tx, {
      uid,
      appUid: ctx.company.appUid,
      companyUid: ctx.company.uid,
      name: body.name,
      imageUid: body.image_uid ?? null,
      ...(await chosenImage(tx, ctx, body.image_uid, null)),
      color: body.color ?? null,
      position: body.position ?? (await repo.nextCategoryPosition(tx, ctx.company.uid)),
    });
    const created = toCategory(
      (await repo.findCategory(tx, ctx.company.uid, uid)) as NonNullable<
        Awaited<ReturnType<typeof repo.findCategory>>
      >,
    );
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
    return created;
  });
}

export function updateCategory(
  ctx: AdminContext,
  uid: string,
  body: AdminCategoryPatch,
  ifMatch: number | undefined,
): Promise<AdminCategory> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findCategory(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toCategory(row);
    checkVersion(ifMatch, before);
    await repo.updateCategory(tx, uid, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.image_uid !== undefined ? { imageUid: body.image_uid } : {}),
      ...(await chosenImage(tx, ctx, body.image_uid, before.image_uid)),
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
    });
    const after = toCategory((await repo.findCategory(tx, ctx.company.uid, uid)) as typeof row);
    // Menus show each product's category by name.
    await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

/** Its products stay, without a category; the menus that showed them under it follow at once. */
export function deleteCategory(ctx: AdminContext, uid: string, ifMatch: number | undefined): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findCategory(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toCategory(row);
    checkVersion(ifMatch, before);
    const productUids = await repo.productUidsInCategory(tx, uid);
    const placeUids = await repo.placesSelling(tx, productUids);
    await repo.deleteCategory(tx, uid);
    await repo.refreshMenus(tx, productUids, placeUids);
    await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'delete', audited(before), null);
  });
}
