import { randomUUID } from 'node:crypto';
import {
  type AdminLandingSection,
  type AdminLandingSectionCreate,
  type AdminLandingSectionPatch,
  type AdminLandingSectionsQuery,
  LANDING_SECTION_SHAPES,
} from '@storefront/contracts/admin-content';
import type {
  LandingButton,
  LandingCard,
  LandingImage,
  LandingSectionType,
} from '@storefront/contracts/content';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import { safeUrl } from '@storefront/contracts/tenant-html';
import type { Executor } from '@storefront/db/client';
import { z } from 'zod';
import type { PageRequest } from '../../../lib/paging.ts';
import { tenantHtmlCleaner } from '../../../lib/tenant-html.ts';
import { fieldErrorsFromIssues } from '../../../plugins/error-handler.ts';
import { toSectionDto } from '../../content/content.service.ts';
import { findImage } from '../../media/media.repository.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { changesRow, checkVersion } from '../catalogue/versions.ts';
import { announceAppChange } from '../settings/settings.repository.ts';
import * as repo from './content.repository.ts';

const AUDIT = 'landing_section';
/** How many active ones of each kind the storefront shows (spec §3): more would be saved but never seen. */
const ACTIVE_LIMITS: Partial<Record<LandingSectionType, { cards?: number; images?: number }>> = {
  INFORMATIVE: { cards: 3 },
  CARD: { cards: 3 },
  SMALL_IMAGE: { cards: 3, images: 5 },
};
/** An upload's address (decision 020); its uid says whose it is. */
const MEDIA_ADDRESS = /^\/media\/([A-Za-z0-9_-]{1,64})\/\d{1,5}\.webp$/;
// The storefront's card colours: hex with or without # (spec §3).
const HEX_COLOR = /^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/;

function toSection(row: repo.LandingSectionRow): AdminLandingSection {
  return { ...toSectionDto(row), position: row.position, version: row.version };
}

/** The fields the audit log compares. */
const audited = ({ uid: _, version: __, position: ___, ...fields }: AdminLandingSection) => fields;

/**
 * The company's app, whose landing this is: only the app's main company edits it (another company
 * gets 403, as for the app's settings). With `lock`, the app's row is locked: every landing write of
 * the app runs after the previous one committed.
 */
export async function contentApp(tx: Executor, ctx: AdminContext, lock = false) {
  const app = await repo.findApp(tx, ctx.company.appUid, lock);
  if (!app) throw new AppError('NOT_FOUND');
  if (app.mainCompanyUid !== ctx.company.uid) throw new AppError('APP_CONTENT_MAIN_ONLY');
  return app;
}

export async function listSections(ctx: AdminContext, query: AdminLandingSectionsQuery, at: PageRequest) {
  const app = await contentApp(ctx.db, ctx);
  const { rows, count } = await repo.listSections(ctx.db, app.uid, query.type, at.limit, at.offset);
  return { count, results: rows.map(toSection) };
}

export async function getSection(ctx: AdminContext, uid: string): Promise<AdminLandingSection> {
  const app = await contentApp(ctx.db, ctx);
  const row = await repo.findSection(ctx.db, app.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toSection(row);
}

type Section = {
  is_active: boolean;
  tittle: string;
  content?: string;
  link?: string;
  buttons?: (Omit<LandingButton, 'uid'> & { uid?: string })[];
  cards?: (Omit<LandingCard, 'uid' | 'buttons' | 'images'> & {
    uid?: string;
    buttons: (Omit<LandingButton, 'uid'> & { uid?: string })[];
    images: (Omit<LandingImage, 'uid'> & { uid?: string })[];
  })[];
  images?: (Omit<LandingImage, 'uid'> & { uid?: string })[];
};

/**
 * A section of `type` as it would be saved: its shape by the type's schema (a key of another type is a
 * 400), then what the storefront needs of its values, every problem named by its field: links it would
 * follow, pictures it may load (an upload of this company, or https), https for the form, hex colours,
 * and no more active cards or images than the landing shows. Texts come back cleaned (tenant-html).
 */
async function checkedSection(
  tx: Executor,
  ctx: AdminContext,
  type: LandingSectionType,
  input: Record<string, unknown>,
) {
  const parsed = z.strictObject(LANDING_SECTION_SHAPES[type]).safeParse(input);
  if (!parsed.success)
    throw new AppError('VALIDATION', fieldErrorsFromIssues(parsed.error.issues, ctx.language));
  const section = parsed.data as Section;
  const errors: FieldErrors = {};
  const say = (field: string, key: keyof typeof FIELD_MESSAGES, n?: number) => {
    errors[field] = [FIELD_MESSAGES[key][ctx.language].replace('{n}', String(n))];
  };
  const uploadsSeen = new Map<string, boolean>();
  const ownUpload = async (uid: string) => {
    if (!uploadsSeen.has(uid))
      uploadsSeen.set(uid, (await findImage(tx, uid))?.companyUid === ctx.company.uid);
    return uploadsSeen.get(uid);
  };
  const checkButtons = (field: string, buttons: { link: string }[] = []) => {
    for (const [i, button] of buttons.entries())
      if (!safeUrl(button.link)) say(`${field}.${i}.link`, 'safeLink');
  };
  const checkImages = async (field: string, images: { image: string; link: string | null }[] = []) => {
    for (const [i, image] of images.entries()) {
      const upload = MEDIA_ADDRESS.exec(image.image)?.[1];
      const ok = upload
        ? await ownUpload(upload)
        : safeUrl(image.image, { images: true })?.startsWith('https:');
      if (!ok) say(`${field}.${i}.image`, 'safeImage');
      if (image.link && !safeUrl(image.link)) say(`${field}.${i}.link`, 'safeLink');
    }
  };
  checkButtons('buttons', section.buttons);
  await checkImages('images', section.images);
  for (const [i, card] of (section.cards ?? []).entries()) {
    checkButtons(`cards.${i}.buttons`, card.buttons);
    await checkImages(`cards.${i}.images`, card.images);
    if (card.color && !HEX_COLOR.test(card.color)) say(`cards.${i}.color`, 'hexColor');
  }
  if (section.link !== undefined && !safeUrl(section.link)?.startsWith('https:')) say('link', 'httpsUrl');
  const limits = ACTIVE_LIMITS[type];
  for (const kind of ['cards', 'images'] as const) {
    const limit = limits?.[kind];
    const active = (section[kind] ?? []).filter((item) => item.is_active).length;
    if (limit !== undefined && active > limit) say(kind, 'activeAtMost', limit);
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
  return cleaned(section, await tenantHtmlCleaner());
}

const newUid = () => randomUUID();

/** The section's columns: texts cleaned, every button, card and image with a uid of its own. */
function cleaned(section: Section, clean: (html: string) => string) {
  const buttons = (list: NonNullable<Section['buttons']> = []) =>
    list.map((b) => ({ uid: b.uid ?? newUid(), tittle: clean(b.tittle), link: b.link }));
  const images = (list: NonNullable<Section['images']> = []) =>
    list.map((image) => ({ ...image, uid: image.uid ?? newUid() }));
  return {
    isActive: section.is_active,
    tittle: clean(section.tittle),
    content: clean(section.content ?? ''),
    link: section.link ?? null,
    buttons: buttons(section.buttons),
    images: images(section.images),
    cards: (section.cards ?? []).map((card) => ({
      ...card,
      uid: card.uid ?? newUid(),
      tittle: clean(card.tittle),
      subtittle: clean(card.subtittle),
      content: clean(card.content),
      buttons: buttons(card.buttons),
      images: images(card.images),
    })),
  } satisfies repo.SectionChanges;
}

/** The stored section as its type's input (the fields its schema knows), to merge a PATCH over. */
function inputOf(row: repo.LandingSectionRow): Record<string, unknown> {
  const all: Record<string, unknown> = { ...audited(toSection(row)) };
  const keys = Object.keys(LANDING_SECTION_SHAPES[row.type as LandingSectionType]);
  return Object.fromEntries(keys.map((key) => [key, all[key]]));
}

/** Where a section asked for `position` lands among `count` others (beyond the end: last). */
const placeAt = (position: number | undefined, count: number) => Math.min(position ?? count, count);

export function createSection(
  ctx: AdminContext,
  body: AdminLandingSectionCreate,
): Promise<AdminLandingSection> {
  return ctx.db.transaction(async (tx) => {
    const app = await contentApp(tx, ctx, true);
    const { type, position, ...fields } = body;
    const columns = await checkedSection(tx, ctx, type, fields);
    const others = await repo.sectionsInOrder(tx, app.uid);
    const uid = newUid();
    const at = placeAt(position, others.length);
    await repo.insertSection(tx, { uid, appUid: app.uid, type, position: at, ...columns });
    await repo.renumber(tx, [...others.slice(0, at), { uid, position: at }, ...others.slice(at)]);
    const created = toSection((await repo.findSection(tx, app.uid, uid)) as repo.LandingSectionRow);
    await announceAppChange(tx, app.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, { ...audited(created), position: at });
    return created;
  });
}

export function updateSection(
  ctx: AdminContext,
  uid: string,
  body: AdminLandingSectionPatch,
  ifMatch: number | undefined,
): Promise<AdminLandingSection> {
  return ctx.db.transaction(async (tx) => {
    const app = await contentApp(tx, ctx, true);
    const row = await repo.findSection(tx, app.uid, uid);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toSection(row);
    checkVersion(ifMatch, before);
    const changes = await checkedSection(tx, ctx, before.type, { ...inputOf(row), ...body });
    // A save that changes nothing keeps the version (and writes no audit line).
    if (!changesRow(changes, row)) return before;
    await repo.updateSection(tx, uid, changes);
    const after = toSection((await repo.findSection(tx, app.uid, uid)) as repo.LandingSectionRow);
    await announceAppChange(tx, app.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

export function deleteSection(ctx: AdminContext, uid: string, ifMatch: number | undefined): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const app = await contentApp(tx, ctx, true);
    const row = await repo.findSection(tx, app.uid, uid);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toSection(row);
    checkVersion(ifMatch, before);
    await repo.deleteSection(tx, uid);
    await repo.renumber(tx, await repo.sectionsInOrder(tx, app.uid));
    await announceAppChange(tx, app.uid);
    await recordChange(
      tx,
      ctx,
      { type: AUDIT, uid },
      'delete',
      { ...audited(before), position: row.position },
      null,
    );
  });
}

/**
 * Puts the section at `position` (0 = first) and numbers the others around it. Under the app's lock,
 * so concurrent moves run one after the other, each on the order the previous one left: the positions
 * stay 0…n-1, each section once. A move is not an edit of the section: its version stays.
 */
export function moveSection(ctx: AdminContext, uid: string, position: number): Promise<AdminLandingSection> {
  return ctx.db.transaction(async (tx) => {
    const app = await contentApp(tx, ctx, true);
    const ordered = await repo.sectionsInOrder(tx, app.uid);
    const from = ordered.findIndex((row) => row.uid === uid);
    const moving = ordered[from];
    if (!moving) throw new AppError('NOT_FOUND');
    const rest = ordered.filter((row) => row.uid !== uid);
    const at = placeAt(position, rest.length);
    if (at === from) return toSection(moving);
    await repo.renumber(tx, [...rest.slice(0, at), moving, ...rest.slice(at)]);
    await announceAppChange(tx, app.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', { position: from }, { position: at });
    return toSection({ ...moving, position: at });
  });
}
