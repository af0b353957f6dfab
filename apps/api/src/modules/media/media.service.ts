import { createHash } from 'node:crypto';
import type { Language } from '@storefront/contracts/constants';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { mediaUrl } from '@storefront/contracts/media';
import type { UploadedImage } from '@storefront/contracts/media-upload';
import type { Database, Executor } from '@storefront/db/client';
import type { AdminContext } from '../admin/access/admin-guard.ts';
import { recordChange } from '../admin/audit/audit.service.ts';
import { processImage } from './image-processing.ts';
import { findImage, findImageFile, insertImage } from './media.repository.ts';

/** What serving a file needs of a request: its database and language. */
export interface MediaContext {
  db: Database;
  language: Language;
}

/** The uid of a company's upload: its content, so the same file is one image (and never changes). */
export function imageUidOf(companyUid: string, bytes: Uint8Array): string {
  return createHash('sha256').update(companyUid).update('\0').update(bytes).digest('base64url').slice(0, 32);
}

function uploadedImage(uid: string, width: number, height: number, widths: number[]): UploadedImage {
  return { uid, urls: Object.fromEntries(widths.map((w) => [String(w), mediaUrl(uid, w)])), width, height };
}

/**
 * Stores an uploaded file as the company's image, with its line in the audit log. The same file
 * uploaded again answers the image already stored, without processing it or logging it again.
 */
export async function uploadImage(ctx: AdminContext, bytes: Buffer): Promise<UploadedImage> {
  const { company } = ctx;
  const uid = imageUidOf(company.uid, bytes);
  const existing = await findImage(ctx.db, uid);
  if (existing) return uploadedImage(uid, existing.width, existing.height, existing.widths);
  const { width, height, files } = await processImage(bytes, ctx.language);
  const image = uploadedImage(
    uid,
    width,
    height,
    files.map((file) => file.width),
  );
  await ctx.db.transaction(async (tx) => {
    const row = { uid, appUid: company.appUid, companyUid: company.uid, width, height };
    if (await insertImage(tx, row, files))
      await recordChange(tx, ctx, { type: 'image', uid }, 'create', null, {
        width,
        height,
        bytes: bytes.length,
        urls: image.urls,
      });
  });
  return image;
}

/**
 * The `image` a category or product shows for the upload chosen as its `image_uid`: the upload's widest
 * file, whose address gives the storefront every width (decision 020). Taking the choice away takes the
 * picture away; an unchanged choice changes nothing; another company's image is a 400 on `image_uid`.
 */
export async function chosenImage(
  tx: Executor,
  ctx: Pick<AdminContext, 'company' | 'language'>,
  chosen: string | null | undefined,
  current: string | null,
): Promise<{ image?: string | null }> {
  if (chosen === undefined || chosen === current) return {};
  if (chosen === null) return { image: null };
  const image = await findImage(tx, chosen);
  if (image?.companyUid !== ctx.company.uid)
    throw new AppError('VALIDATION', { image_uid: [FIELD_MESSAGES.notInCompany[ctx.language]] });
  return { image: mediaUrl(chosen, Math.max(...image.widths)) };
}

/**
 * One WebP file of an image, for the host's app (null on a host of no app: the admin site's); 404 when
 * it does not exist or its company is not one that app shows.
 */
export async function imageFile(ctx: MediaContext, appUid: string | null, uid: string, width: number) {
  const file = await findImageFile(ctx.db, uid, width, appUid);
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}
