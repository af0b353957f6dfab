import type { LandingSection } from '@storefront/contracts/content';
import { AppError } from '@storefront/contracts/errors';
import type { RequestContext } from '../../lib/request-context.ts';
import { type LandingSectionRow, listLandingSections } from './content.repository.ts';

/** A section as the storefront reads it (the admin's adds its position and version). */
export const toSectionDto = (row: LandingSectionRow): LandingSection => ({
  uid: row.uid,
  type: row.type as LandingSection['type'],
  is_active: row.isActive,
  tittle: row.tittle,
  content: row.content,
  link: row.link,
  buttons: row.buttons,
  cards: row.cards,
  images: row.images,
});

/**
 * The landing sections of the current app, inactive ones included (spec §3 lists is_active; the
 * storefront hides them). Another tenant's app answers 404.
 */
export async function getLanding(ctx: RequestContext, appUid: string): Promise<LandingSection[]> {
  if (ctx.app.uid !== appUid) throw new AppError('NOT_FOUND');
  return (await listLandingSections(ctx.db, ctx.app.uid)).map(toSectionDto);
}
