import { randomUUID } from 'node:crypto';
import type {
  AdminAd,
  AdminAdCreate,
  AdminAdPatch,
  AdminAdsQuery,
} from '@storefront/contracts/admin-activities';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import type { PageRequest } from '../../../lib/paging.ts';
import { chosenImage } from '../../media/media.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { findCompanyProgram } from '../campaigns/campaigns.repository.ts';
import { announceCatalogueChange } from '../catalogue/catalogue.repository.ts';
import { changesRow, checkVersion } from '../catalogue/versions.ts';
import * as repo from './activities.repository.ts';

const AUDIT = 'ad';

function toAd(row: repo.AdRow): AdminAd {
  return {
    uid: row.uid,
    program: row.programUid,
    title: row.title,
    description: row.description,
    image_uid: row.imageUid,
    image: row.image,
    link: row.link,
    is_active: row.isActive,
    position: row.position,
    version: row.version,
  };
}

const audited = ({ uid: _, image: __, version: ___, ...fields }: AdminAd) => fields;

export async function listAds(ctx: AdminContext, query: AdminAdsQuery, at: PageRequest) {
  const { rows, count } = await repo.listAds(ctx.db, ctx.company.uid, query, at);
  return { count, results: rows.map(toAd) };
}

export async function getAd(ctx: AdminContext, uid: string): Promise<AdminAd> {
  const row = await repo.findAd(ctx.db, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toAd(row);
}

function columnsOf(body: AdminAdPatch) {
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.image_uid !== undefined ? { imageUid: body.image_uid } : {}),
    ...(body.link !== undefined ? { link: body.link } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  };
}

export function createAd(ctx: AdminContext, body: AdminAdCreate): Promise<AdminAd> {
  return ctx.db.transaction(async (tx) => {
    const program = await findCompanyProgram(tx, ctx.company.uid, body.program);
    if (!program) throw new AppError('VALIDATION', { program: [FIELD_MESSAGES.notInCompany[ctx.language]] });
    const uid = randomUUID();
    await repo.insertAd(tx, {
      uid,
      programUid: program.uid,
      title: body.title,
      ...columnsOf(body),
      ...(await chosenImage(tx, ctx, body.image_uid, null)),
      position: body.position ?? (await repo.nextAdPosition(tx, program.uid)),
    });
    const created = toAd((await repo.findAd(tx, ctx.company.uid, uid)) as repo.AdRow);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
    return created;
  });
}

export function updateAd(
  ctx: AdminContext,
  uid: string,
  body: AdminAdPatch,
  ifMatch: number | undefined,
): Promise<AdminAd> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findAd(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toAd(row);
    checkVersion(ifMatch, before);
    const changes = { ...columnsOf(body), ...(await chosenImage(tx, ctx, body.image_uid, before.image_uid)) };
    const changed = changesRow(changes, row);
    // A save that changes nothing keeps the version (and writes no audit line).
    if (!changed) return before;
    await repo.updateAd(tx, uid, changes);
    const after = toAd((await repo.findAd(tx, ctx.company.uid, uid)) as repo.AdRow);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

export function deleteAd(ctx: AdminContext, uid: string, ifMatch: number | undefined): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findAd(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toAd(row);
    checkVersion(ifMatch, before);
    await repo.deleteAd(tx, uid);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'delete', audited(before), null);
  });
}
