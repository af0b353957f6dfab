import { createHash } from 'node:crypto';
import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import { mediaUrl } from '@storefront/contracts/media';
import type { UploadedImage } from '@storefront/contracts/media-upload';
import type { Database } from '@storefront/db/client';
import { processImage } from './image-processing.ts';
import { findImage, findImageFile, insertImage } from './media.repository.ts';

/** What the media calls need of a request: its database and language. */
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
 * Stores an uploaded file as the company's image; the same file uploaded again answers the image
 * already stored, without processing it again.
 */
export async function uploadImage(
  ctx: MediaContext,
  company: { uid: string; appUid: string },
  bytes: Buffer,
): Promise<UploadedImage> {
  const uid = imageUidOf(company.uid, bytes);
  const existing = await findImage(ctx.db, uid);
  if (existing) return uploadedImage(uid, existing.width, existing.height, existing.widths);
  const processed = await processImage(bytes, ctx.language);
  await insertImage(
    ctx.db,
    {
      uid,
      appUid: company.appUid,
      companyUid: company.uid,
      width: processed.width,
      height: processed.height,
    },
    processed.files,
  );
  return uploadedImage(
    uid,
    processed.width,
    processed.height,
    processed.files.map((file) => file.width),
  );
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
