import { z } from 'zod';

// Landing sections (spec §3 Landing section). `tittle` and `subtittle` are spelled so, as the
// storefront reads them. Text fields may hold tenant HTML: stored as given, sanitised where rendered.

export const LANDING_SECTION_TYPES = [
  'HEADER',
  'WELCOME',
  'INFORMATIVE',
  'CARD',
  'SMALL_IMAGE',
  'CAROUSEL',
  'FORM',
  'CONTACT',
] as const;
export type LandingSectionType = (typeof LANDING_SECTION_TYPES)[number];

export const SPATIAL_POSITIONS = ['LEFT', 'RIGHT'] as const;

export const landingButtonSchema = z.object({ uid: z.string(), tittle: z.string(), link: z.string() });
export type LandingButton = z.infer<typeof landingButtonSchema>;

export const landingImageSchema = z.object({
  uid: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  is_active: z.boolean(),
  spatial_position: z.enum(SPATIAL_POSITIONS),
});
export type LandingImage = z.infer<typeof landingImageSchema>;

export const landingCardSchema = z.object({
  uid: z.string(),
  is_active: z.boolean(),
  tittle: z.string(),
  subtittle: z.string(),
  content: z.string(),
  color: z.string().nullable(),
  buttons: z.array(landingButtonSchema),
  images: z.array(landingImageSchema),
});
export type LandingCard = z.infer<typeof landingCardSchema>;

export const landingSectionSchema = z.object({
  uid: z.string(),
  type: z.enum(LANDING_SECTION_TYPES),
  is_active: z.boolean(),
  tittle: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  buttons: z.array(landingButtonSchema),
  cards: z.array(landingCardSchema),
  images: z.array(landingImageSchema),
});
export type LandingSection = z.infer<typeof landingSectionSchema>;

/** GET v7/apps/{uid_app}/landing/: the sections array, in the tenant's order. */
export const landingResponseSchema = z.array(landingSectionSchema);

// The tenant-file section: landing sections per app (docs/tenant-file.md).
const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uid: letters, digits, _ and - (at most 64)');
const link = z.string().max(2000);
const html = z.string().max(100_000);

const tenantButtonSchema = z.strictObject({ uid, tittle: z.string().max(2000).default(''), link });
const tenantImageSchema = z.strictObject({
  uid,
  image: link,
  link: link.optional(),
  is_active: z.boolean().default(true),
  spatial_position: z.enum(SPATIAL_POSITIONS).default('LEFT'),
});
const tenantCardSchema = z.strictObject({
  uid,
  is_active: z.boolean().default(true),
  tittle: html.default(''),
  subtittle: html.default(''),
  content: html.default(''),
  color: z.string().max(20).optional(),
  buttons: z.array(tenantButtonSchema).default([]),
  images: z.array(tenantImageSchema).default([]),
});
export const tenantLandingSectionSchema = z.strictObject({
  uid,
  type: z.enum(LANDING_SECTION_TYPES),
  is_active: z.boolean().default(true),
  tittle: html.default(''),
  content: html.default(''),
  link: link.optional(),
  buttons: z.array(tenantButtonSchema).default([]),
  cards: z.array(tenantCardSchema).default([]),
  images: z.array(tenantImageSchema).default([]),
});
export type TenantLandingSection = z.infer<typeof tenantLandingSectionSchema>;

/** Spread into tenantAppSchema. */
export const tenantContentSchema = {
  landing_sections: z
    .array(tenantLandingSectionSchema)
    .max(100)
    .default([])
    .refine((sections) => new Set(sections.map((s) => s.uid)).size === sections.length, {
      message: 'landing section uids must be unique',
    }),
};
