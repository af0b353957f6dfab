import type { TenantLandingSection } from '@storefront/contracts/content';
import type { TenantApp } from '@storefront/contracts/tenant-file';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Transaction } from './client.ts';
import { landingSections } from './schema/content.ts';
import { TenantFileError } from './tenant-import.ts';

type TenantImage = TenantLandingSection['images'][number];

const image = (img: TenantImage) => ({
  uid: img.uid,
  image: img.image,
  link: img.link ?? null,
  is_active: img.is_active,
  spatial_position: img.spatial_position,
});

/**
 * The content part of an app: its landing sections, in file order. Tenant HTML is stored as given;
 * the storefront sanitises it where it renders it. Sections left out of the file are removed.
 */
export async function importContent(tx: Transaction, app: TenantApp, appIndex: number): Promise<void> {
  const uids = app.landing_sections.map((section) => section.uid);
  if (uids.length > 0) {
    const taken = await tx
      .select({ uid: landingSections.uid })
      .from(landingSections)
      .where(and(inArray(landingSections.uid, uids), ne(landingSections.appUid, app.uid)));
    if (taken.length > 0) {
      throw new TenantFileError(
        taken.map((row) => ({
          path: `apps[${appIndex}].landing_sections`,
          message: `uid ${row.uid} belongs to another app`,
        })),
      );
    }
  }
  await tx
    .delete(landingSections)
    .where(
      uids.length > 0
        ? and(eq(landingSections.appUid, app.uid), notInArray(landingSections.uid, uids))
        : eq(landingSections.appUid, app.uid),
    );
  for (const [position, section] of app.landing_sections.entries()) {
    const row = {
      uid: section.uid,
      appUid: app.uid,
      position,
      type: section.type,
      isActive: section.is_active,
      tittle: section.tittle,
      content: section.content,
      link: section.link ?? null,
      buttons: section.buttons,
      cards: section.cards.map((card) => ({
        uid: card.uid,
        is_active: card.is_active,
        tittle: card.tittle,
        subtittle: card.subtittle,
        content: card.content,
        color: card.color ?? null,
        buttons: card.buttons,
        images: card.images.map(image),
      })),
      images: section.images.map(image),
    };
    const { uid: _uid, appUid: _app, ...update } = row;
    await tx
      .insert(landingSections)
      .values(row)
      .onConflictDoUpdate({ target: landingSections.uid, set: update });
  }
}
