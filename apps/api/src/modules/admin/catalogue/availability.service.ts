import type {
  AdminAvailability,
  AdminAvailabilityCreate,
  AdminAvailabilityPatch,
} from '@storefront/contracts/admin-catalogue';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { searchTerms } from '@storefront/contracts/search';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './catalogue.repository.ts';
import { checkVersion } from './versions.ts';

const AUDIT = 'availability';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findAvailability>>>;

const toAvailability = ({ row, placeName, productTitle }: Found): AdminAvailability => ({
  uid: `${row.placeUid}.${row.productUid}`,
  place: { uid: row.placeUid, name: placeName },
  product: { uid: row.productUid, title: productTitle },
  available: row.isAvailable,
  stock: row.stock,
  sold_out: row.stock === 0,
  version: row.version,
});

const audited = ({ available, stock }: AdminAvailability) => ({ available, stock });

/** `{place_uid}.{product_uid}` */
const split = (uid: string) => {
  const [placeUid = '', productUid = ''] = uid.split('.');
  return { placeUid, productUid };
};

async function load(db: Executor, ctx: AdminContext, uid: string, lock = false) {
  const { placeUid, productUid } = split(uid);
  const row = await repo.findAvailability(db, ctx.company.uid, placeUid, productUid, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return toAvailability(row);
}

export async function listAvailability(
  ctx: AdminContext,
  query: {
    search?: string;
    ordering?: string;
    place?: string;
    product?: string;
    available?: boolean;
    sold_out?: boolean;
  },
  at: PageRequest,
) {
  const { rows, count } = await repo.listAvailability(
    ctx.db,
    ctx.company.uid,
    {
      terms: searchTerms(query.search ?? ''),
      ordering: query.ordering,
      placeUid: query.place,
      productUid: query.product,
      available: query.available,
      soldOut: query.sold_out,
    },
    at,
  );
  return { count, results: rows.map(toAvailability) };
}

export const getAvailability = (ctx: AdminContext, uid: string) => load(ctx.db, ctx, uid);

/** The storefront shows the change at once: menu copies, counts, and every process's page cache. */
async function offerChanged(tx: Executor, ctx: AdminContext, placeUid: string, productUid: string) {
  await repo.refreshMenus(tx, [productUid], [placeUid]);
  await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
}

/** A place of the company starts selling a product of the company. */
export function createAvailability(
  ctx: AdminContext,
  body: AdminAvailabilityCreate,
): Promise<AdminAvailability> {
  return ctx.db.transaction(async (tx) => {
    const [place, product] = await Promise.all([
      repo.placeOfCompany(tx, ctx.company.uid, body.place),
      repo.findProduct(tx, ctx.company.uid, body.product),
    ]);
    const unknown = FIELD_MESSAGES.notInCompany[ctx.language];
    if (!place || !product)
      throw new AppError('VALIDATION', {
        ...(place ? {} : { place: [unknown] }),
        ...(product ? {} : { product: [unknown] }),
      });
    const inserted = await repo.insertAvailability(tx, {
      placeUid: body.place,
      productUid: body.product,
      isAvailable: body.available,
      stock: body.stock,
      searchText: product.product.searchText,
    });
    if (!inserted)
      throw new AppError('VALIDATION', { product: [FIELD_MESSAGES.alreadyExists[ctx.language]] });
    await offerChanged(tx, ctx, body.place, body.product);
    const created = await load(tx, ctx, `${body.place}.${body.product}`);
    await recordChange(tx, ctx, { type: AUDIT, uid: created.uid }, 'create', null, audited(created));
    return created;
  });
}

/**
 * A new product starts selling at places of the company (the caller checked them), available with
 * no stock limit, each offer audited as if added on the availability screen.
 */
export async function offerNewProduct(
  tx: Executor,
  ctx: AdminContext,
  product: { uid: string; searchText: string },
  placeUids: string[],
) {
  if (placeUids.length === 0) return;
  for (const placeUid of placeUids)
    await repo.insertAvailability(tx, {
      placeUid,
      productUid: product.uid,
      isAvailable: true,
      stock: null,
      searchText: product.searchText,
    });
  await repo.refreshMenus(tx, [product.uid], placeUids);
  await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
  for (const placeUid of placeUids)
    await recordChange(tx, ctx, { type: AUDIT, uid: `${placeUid}.${product.uid}` }, 'create', null, {
      available: true,
      stock: null,
    });
}

/** Available or not, the stock (null = unlimited), or sold out now (stock 0). */
export function updateAvailability(
  ctx: AdminContext,
  uid: string,
  body: AdminAvailabilityPatch,
  ifMatch: number | undefined,
): Promise<AdminAvailability> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, ctx, uid, true);
    checkVersion(ifMatch, before);
    const stock =
      body.sold_out === true
        ? 0
        : body.stock !== undefined
          ? body.stock
          : body.sold_out === false && before.stock === 0
            ? null
            : before.stock;
    const { placeUid, productUid } = split(uid);
    await repo.updateAvailability(tx, placeUid, productUid, {
      ...(body.available !== undefined ? { isAvailable: body.available } : {}),
      stock,
    });
    await offerChanged(tx, ctx, placeUid, productUid);
    const after = await load(tx, ctx, uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

/** The place stops selling the product. */
export function deleteAvailability(
  ctx: AdminContext,
  uid: string,
  ifMatch: number | undefined,
): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, ctx, uid, true);
    checkVersion(ifMatch, before);
    const { placeUid, productUid } = split(uid);
    await repo.deleteAvailability(tx, placeUid, productUid);
    await repo.refreshMenus(tx, [], [placeUid]);
    await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'delete', audited(before), null);
  });
}
