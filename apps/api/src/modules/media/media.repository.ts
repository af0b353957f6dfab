import type { Executor } from '@storefront/db/client';
import { imageFiles, images } from '@storefront/db/schema/media';
import { appCompanies } from '@storefront/db/schema/tenancy';
import { and, asc, eq } from 'drizzle-orm';

export type ImageRow = typeof images.$inferSelect;
export type NewImageFile = Omit<typeof imageFiles.$inferInsert, 'imageUid'>;

/** An image with the widths it is stored in, narrowest first; null when there is none of that uid. */
export async function findImage(
  db: Executor,
  uid: string,
): Promise<(ImageRow & { widths: number[] }) | null> {
  const rows = await db
    .select({ image: images, width: imageFiles.width })
    .from(images)
    .innerJoin(imageFiles, eq(imageFiles.imageUid, images.uid))
    .where(eq(images.uid, uid))
    .orderBy(asc(imageFiles.width));
  const [first] = rows;
  return first ? { ...first.image, widths: rows.map((row) => row.width) } : null;
}

/**
 * Stores an image with its files; run it in a transaction. The uid names its content, so a concurrent
 * upload of the same file finds the row already there (or waits for it) and stores nothing again:
 * answers whether this call stored it.
 */
export async function insertImage(
  tx: Executor,
  image: typeof images.$inferInsert,
  files: NewImageFile[],
): Promise<boolean> {
  const inserted = await tx
    .insert(images)
    .values(image)
    .onConflictDoNothing({ target: images.uid })
    .returning({ uid: images.uid });
  if (inserted.length === 0) return false;
  await tx.insert(imageFiles).values(files.map((file) => ({ ...file, imageUid: image.uid })));
  return true;
}

/**
 * One stored width of an image, if it exists and, when `appUid` is given, its company is one that app
 * shows (an image is served only on the domains of its company's apps).
 */
export async function findImageFile(db: Executor, uid: string, width: number, appUid: string | null) {
  const query = db
    .select({ bytes: imageFiles.bytes, contentHash: imageFiles.contentHash })
    .from(imageFiles)
    .innerJoin(images, eq(images.uid, imageFiles.imageUid));
  const match = and(eq(imageFiles.imageUid, uid), eq(imageFiles.width, width));
  const [row] = appUid
    ? await query
        .innerJoin(
          appCompanies,
          and(eq(appCompanies.companyUid, images.companyUid), eq(appCompanies.appUid, appUid)),
        )
        .where(match)
    : await query.where(match);
  return row ?? null;
}
