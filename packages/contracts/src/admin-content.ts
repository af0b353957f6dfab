import { z } from 'zod';
import { adminListQuerySchema, adminUid } from './admin.ts';
import { LANDING_TYPES } from './constants.ts';
import {
  LANDING_SECTION_TYPES,
  landingButtonSchema,
  landingCardSchema,
  landingImageSchema,
  SPATIAL_POSITIONS,
} from './content.ts';

// The admin's content (issue 18): the app's landing sections (spec §3 Landing section) and its policy
// texts. Both belong to the app, so only its main company edits them. Texts may hold HTML, which the
// server cleans on save with the storefront renderer's rules (contracts/tenant-html).

/** A landing section as the admin edits it: the storefront's fields, its place in the order, a version. */
export const adminLandingSectionSchema = z.object({
  uid: z.string(),
  type: z.enum(LANDING_SECTION_TYPES),
  position: z.number().int(),
  is_active: z.boolean(),
  tittle: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  buttons: z.array(landingButtonSchema),
  cards: z.array(landingCardSchema),
  images: z.array(landingImageSchema),
  version: z.number().int(),
});
export type AdminLandingSection = z.infer<typeof adminLandingSectionSchema>;

const html = z.string().max(20_000);
const label = z.string().trim().max(200);
const address = z.string().trim().min(1).max(2000);
const optionalUid = adminUid.optional();

const button = z.strictObject({ uid: optionalUid, tittle: label.default(''), link: address });
const image = z.strictObject({
  uid: optionalUid,
  image: address,
  link: z.string().trim().max(2000).nullable().default(null),
  is_active: z.boolean().default(true),
  spatial_position: z.enum(SPATIAL_POSITIONS).default('LEFT'),
});
const card = (images: number) =>
  z.strictObject({
    uid: optionalUid,
    is_active: z.boolean().default(true),
    tittle: label.default(''),
    subtittle: label.default(''),
    content: html.default(''),
    color: z.string().trim().max(20).nullable().default(null),
    buttons: z.array(button).max(3).default([]),
    images: z.array(image).max(images).default([]),
  });

const common = { is_active: z.boolean().default(true), tittle: html.default('') };
const withContent = { ...common, content: html.default('') };

/**
 * What each type of section holds (spec §3), a key of another type is refused: HEADER an optional
 * button; WELCOME title, content and buttons; INFORMATIVE cards with an image (its side), a button;
 * CARD coloured cards; SMALL_IMAGE linked images or cards; CAROUSEL cards with two images; FORM the
 * form's https address; CONTACT title and content. How many active ones show is the service's check.
 */
export const LANDING_SECTION_SHAPES = {
  HEADER: { ...common, buttons: z.array(button).max(1).default([]) },
  WELCOME: { ...withContent, buttons: z.array(button).max(5).default([]) },
  INFORMATIVE: { ...withContent, cards: z.array(card(1)).max(12).default([]) },
  CARD: { ...withContent, cards: z.array(card(1)).max(12).default([]) },
  SMALL_IMAGE: {
    ...withContent,
    images: z.array(image).max(20).default([]),
    cards: z.array(card(1)).max(12).default([]),
  },
  CAROUSEL: { ...withContent, cards: z.array(card(2)).min(1).max(12) },
  FORM: { ...common, link: address },
  CONTACT: withContent,
} as const satisfies Record<(typeof LANDING_SECTION_TYPES)[number], z.ZodRawShape>;

/** A new section: its type decides its fields; `position` (0 = first) defaults to the end. */
export const adminLandingSectionCreateSchema = z.discriminatedUnion(
  'type',
  LANDING_SECTION_TYPES.map((type) =>
    z.strictObject({
      type: z.literal(type),
      position: z.number().int().min(0).max(1000).optional(),
      ...LANDING_SECTION_SHAPES[type],
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<AdminLandingSectionCreate>;
/** Each type's fields are checked again by the service, on the type's own schema. */
export type AdminLandingSectionCreate = { type: AdminLandingSection['type']; position?: number } & Record<
  string,
  unknown
>;

/**
 * A change: any field of the section's type (the type itself stays), checked on the section as it
 * would be. The order changes through `move/`.
 */
export const adminLandingSectionPatchSchema = z.looseObject({}).refine((body) => !('type' in body));
export type AdminLandingSectionPatch = Record<string, unknown>;

/** `POST landing-sections/{uid}/move/`: the section's new place, 0 = first (beyond the end = last). */
export const adminLandingMoveSchema = z.strictObject({ position: z.number().int().min(0).max(1000) });
export type AdminLandingMove = z.infer<typeof adminLandingMoveSchema>;

/** Always in the landing's order; `ordering=position` is accepted as the admin site's list sends it. */
export const adminLandingSectionsQuerySchema = adminListQuerySchema.extend({
  type: z.enum(LANDING_SECTION_TYPES).optional(),
  ordering: z.literal('position').optional(),
});
export type AdminLandingSectionsQuery = z.infer<typeof adminLandingSectionsQuerySchema>;

/** The policy texts (HTML) and the landing's switch and variant: one object per app, with a version. */
export const adminSiteContentSchema = z.object({
  app_uid: z.string(),
  landing_page: z.boolean(),
  landing_page_type: z.enum(LANDING_TYPES),
  terms_and_conditions: z.string(),
  privacy_policies: z.string(),
  faqs: z.string(),
  cookies: z.string(),
  /** The app's storefront, where the admin's preview opens (`/landing?preview`). */
  storefront_url: z.string(),
  version: z.number().int(),
});
export type AdminSiteContent = z.infer<typeof adminSiteContentSchema>;

const policyText = z.string().max(200_000);
export const adminSiteContentPatchSchema = z
  .strictObject({
    landing_page: z.boolean(),
    landing_page_type: z.enum(LANDING_TYPES),
    terms_and_conditions: policyText,
    privacy_policies: policyText,
    faqs: policyText,
    cookies: policyText,
  })
  .partial();
export type AdminSiteContentPatch = z.infer<typeof adminSiteContentPatchSchema>;

/** The policy texts' keys (the app record's `site`). */
export const POLICY_TEXTS = ['terms_and_conditions', 'privacy_policies', 'faqs', 'cookies'] as const;
