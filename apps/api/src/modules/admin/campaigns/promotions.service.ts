import { randomUUID } from 'node:crypto';
import type {
  AdminPromotion,
  AdminPromotionCreate,
  AdminPromotionPatch,
  AdminPromotionsQuery,
} from '@storefront/contracts/admin-campaigns';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import { chosenImage } from '../../media/media.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { announceCatalogueChange } from '../catalogue/catalogue.repository.ts';
import { changesRow, checkVersion } from '../catalogue/versions.ts';
import { placeUidsOfCompany } from '../staff/staff.repository.ts';
import * as repo from './campaigns.repository.ts';

const AUDIT = 'promotion';
const iso = (date: Date | null) => date?.toISOString() ?? null;

function toPromotion(row: repo.AdminPromotionRow): AdminPromotion {
  return {
    uid: row.uid,
    program: row.programUid,
    title: row.title,
    description: row.description,
    image_uid: row.imageUid,
    image: row.image,
    rate_discount: row.rateDiscount,
    coin_price: row.coinPrice,
    tagged: row.tagged,
    valid_from: iso(row.validFrom),
    valid_until: iso(row.validUntil),
    total_stock: row.stock === null ? null : row.stock + row.used,
    stock: row.stock,
    used: row.used,
    per_member_limit: row.perMemberLimit,
    levels: row.levelUids,
    places: row.placeUids,
    position: row.position,
    version: row.version,
  };
}

/** The fields the audit log compares (not the counts members change). */
const audited = ({ uid: _, image: __, stock: ___, used: ____, version: _____, ...fields }: AdminPromotion) =>
  fields;

export async function listPromotions(ctx: AdminContext, query: AdminPromotionsQuery, at: PageRequest) {
  const { rows, count } = await repo.listPromotions(ctx.db, ctx.company.uid, query, at, new Date());
  return { count, results: rows.map(toPromotion) };
}

export async function getPromotion(ctx: AdminContext, uid: string): Promise<AdminPromotion> {
  const row = await repo.findPromotion(ctx.db, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toPromotion(row);
}

/**
 * The checks a body needs beyond its shape, on the promotion as it would be: the end after the start,
 * levels of its program, places of the company, and a total stock not below the units already taken.
 * Every refusal is collected, so that the form shows them all at once.
 */
async function checkPromotion(
  tx: Executor,
  ctx: AdminContext,
  next: { programUid: string; validFrom: Date | null; validUntil: Date | null; used: number },
  body: AdminPromotionPatch,
) {
  const errors: FieldErrors = {};
  const say = (field: string, message: string) => {
    errors[field] = [message];
  };
  const text = (key: keyof typeof FIELD_MESSAGES) => FIELD_MESSAGES[key][ctx.language];
  if (next.validFrom && next.validUntil && next.validUntil <= next.validFrom)
    say('valid_until', text('endBeforeStart'));
  if (body.levels?.length) {
    const levels = new Set(await repo.levelUidsOf(tx, next.programUid));
    if (!body.levels.every((uid) => levels.has(uid))) say('levels', text('notInCompany'));
  }
  if (body.places?.length) {
    const wanted = [...new Set(body.places)];
    if ((await placeUidsOfCompany(tx, ctx.company.uid, wanted)).length !== wanted.length)
      say('places', text('notInCompany'));
  }
  if (body.total_stock !== undefined && body.total_stock !== null && body.total_stock < next.used)
    say('total_stock', text('stockBelowUsed').replace('{used}', String(next.used)));
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** The columns a body sets (stock: what is left of the total, given the units taken). */
function columnsOf(body: AdminPromotionPatch, used: number) {
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.image_uid !== undefined ? { imageUid: body.image_uid } : {}),
    ...(body.rate_discount !== undefined ? { rateDiscount: body.rate_discount } : {}),
    ...(body.coin_price !== undefined ? { coinPrice: body.coin_price } : {}),
    ...(body.tagged !== undefined ? { tagged: body.tagged } : {}),
    ...(body.valid_from !== undefined ? { validFrom: date(body.valid_from) } : {}),
    ...(body.valid_until !== undefined ? { validUntil: date(body.valid_until) } : {}),
    ...(body.total_stock !== undefined
      ? { stock: body.total_stock === null ? null : body.total_stock - used }
      : {}),
    ...(body.per_member_limit !== undefined ? { perMemberLimit: body.per_member_limit } : {}),
    ...(body.levels !== undefined ? { levelUids: [...new Set(body.levels)] } : {}),
    ...(body.places !== undefined ? { placeUids: [...new Set(body.places)] } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  };
}

export function createPromotion(ctx: AdminContext, body: AdminPromotionCreate): Promise<AdminPromotion> {
  return ctx.db.transaction(async (tx) => {
    const program = await repo.findCompanyProgram(tx, ctx.company.uid, body.program);
    if (!program) throw new AppError('VALIDATION', { program: [FIELD_MESSAGES.notInCompany[ctx.language]] });
    const { program: _, ...fields } = body;
    await checkPromotion(
      tx,
      ctx,
      {
        programUid: program.uid,
        validFrom: date(body.valid_from) ?? null,
        validUntil: date(body.valid_until) ?? null,
        used: 0,
      },
      fields,
    );
    const uid = randomUUID();
    await repo.insertPromotion(tx, {
      uid,
      programUid: program.uid,
      title: body.title,
      ...columnsOf(fields, 0),
      ...(await chosenImage(tx, ctx, body.image_uid, null)),
      position: body.position ?? (await repo.nextPromotionPosition(tx, program.uid)),
    });
    const created = toPromotion(
      (await repo.findPromotion(tx, ctx.company.uid, uid)) as repo.AdminPromotionRow,
    );
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
    return created;
  });
}

/**
 * Changes the fields sent. The promotion's row is locked first, as redemptions lock it before they
 * take a unit, so the units taken that the new stock is computed from cannot change meanwhile.
 */
export function updatePromotion(
  ctx: AdminContext,
  uid: string,
  body: AdminPromotionPatch,
  ifMatch: number | undefined,
): Promise<AdminPromotion> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPromotion(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toPromotion(row);
    checkVersion(ifMatch, before);
    await checkPromotion(
      tx,
      ctx,
      {
        programUid: row.programUid,
        validFrom: body.valid_from === undefined ? row.validFrom : (date(body.valid_from) ?? null),
        validUntil: body.valid_until === undefined ? row.validUntil : (date(body.valid_until) ?? null),
        used: row.used,
      },
      body,
    );
    const changes = {
      ...columnsOf(body, row.used),
      ...(await chosenImage(tx, ctx, body.image_uid, before.image_uid)),
    };
    const changed = changesRow(changes, row);
    // A save that changes nothing keeps the version (and writes no audit line).
    if (!changed) return before;
    await repo.updatePromotion(tx, uid, changes);
    const after = toPromotion((await repo.findPromotion(tx, ctx.company.uid, uid)) as repo.AdminPromotionRow);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}
