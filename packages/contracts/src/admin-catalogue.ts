import { z } from 'zod';
import { adminListQuerySchema, adminUid, orderingSchema, queryFlag } from './admin.ts';

// The admin catalogue (issue 17): a company's categories, products with option groups, and which
// products each place sells with its stock. Money is a decimal string with two places ("12.50").

/** A price as the admin sends it: "12", "12.5" or "12.50" (at most 1,000,000.00). */
export const adminMoneySchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/)
  .refine((value) => Number(value) <= 1_000_000);

/** Cents of an admin money string: "12.5" is 1250. */
export function moneyToCents(value: string): number {
  const [whole, fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const name = z.string().trim().min(1).max(200);
const color = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/)
  .nullable();

export const adminCategorySchema = z.object({
  uid: z.string(),
  name: z.string(),
  /** The uploaded image (POST images/) and the URL the storefront shows. */
  image_uid: z.string().nullable(),
  image: z.string().nullable(),
  color: z.string().nullable(),
  position: z.number().int(),
  products_count: z.number().int(),
  version: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryCreateSchema = z.strictObject({
  name,
  image_uid: adminUid.nullable().optional(),
  color: color.optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
});
export type AdminCategoryCreate = z.infer<typeof adminCategoryCreateSchema>;
export const adminCategoryPatchSchema = adminCategoryCreateSchema.partial();
export type AdminCategoryPatch = z.infer<typeof adminCategoryPatchSchema>;

export const CATEGORY_ORDERINGS = ['position', 'name'] as const;
export const adminCategoriesQuerySchema = adminListQuerySchema.extend({
  ordering: orderingSchema(CATEGORY_ORDERINGS).optional(),
});

export const adminOptionSchema = z.object({ uid: z.string(), name: z.string(), price: z.string() });
export const adminOptionGroupSchema = z.object({
  uid: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  options: z.array(adminOptionSchema),
});
export type AdminOptionGroup = z.infer<typeof adminOptionGroupSchema>;

export const adminProductSchema = z.object({
  uid: z.string(),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  price: z.string(),
  coin_price: z.number().int().nullable(),
  brand: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.object({ uid: z.string(), name: z.string() }).nullable(),
  image_uid: z.string().nullable(),
  image: z.string().nullable(),
  is_redeemable: z.boolean(),
  direct_purchase: z.boolean(),
  is_active: z.boolean(),
  option_groups: z.array(adminOptionGroupSchema),
  version: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** An option or group with a uid updates that one; without, it is new; those left out are removed. */
export const adminOptionInputSchema = z.strictObject({
  uid: adminUid.optional(),
  name,
  price: adminMoneySchema.default('0'),
});
export const adminOptionGroupInputSchema = z
  .strictObject({
    uid: adminUid.optional(),
    name,
    min: z.number().int().min(0).max(100).default(0),
    max: z.number().int().min(1).max(100).default(1),
    options: z.array(adminOptionInputSchema).min(1).max(100),
  })
  .refine((group) => group.max >= group.min, { path: ['max'], message: 'max < min' });
export type AdminOptionGroupInput = z.infer<typeof adminOptionGroupInputSchema>;

const productFields = {
  title: name,
  short_description: z.string().trim().max(500).optional(),
  description: z.string().trim().max(5000).optional(),
  price: adminMoneySchema,
  coin_price: z.number().int().min(0).max(100_000_000).nullable().optional(),
  brand: z.string().trim().max(200).nullable().optional(),
  sku: z.string().trim().max(100).nullable().optional(),
  category_uid: adminUid.nullable().optional(),
  image_uid: adminUid.nullable().optional(),
  is_redeemable: z.boolean().optional(),
  direct_purchase: z.boolean().optional(),
  is_active: z.boolean().optional(),
  option_groups: z.array(adminOptionGroupInputSchema).max(50).optional(),
};
/**
 * A new product with the places of the company that sell it from the start (available, unlimited
 * stock): without any, it reaches no menu until the availability screen adds a place (issue 28).
 */
export const adminProductCreateSchema = z.strictObject({
  ...productFields,
  place_uids: z.array(adminUid).max(500).optional(),
});
export type AdminProductCreate = z.infer<typeof adminProductCreateSchema>;
export const adminProductPatchSchema = z.strictObject(productFields).partial();
export type AdminProductPatch = z.infer<typeof adminProductPatchSchema>;

export const PRODUCT_ORDERINGS = ['title', 'price', 'sku', 'brand'] as const;
export const adminProductsQuerySchema = adminListQuerySchema.extend({
  ordering: orderingSchema(PRODUCT_ORDERINGS).optional(),
  category: adminUid.optional(),
  is_active: queryFlag.optional(),
  is_redeemable: queryFlag.optional(),
  brand: z.string().trim().max(200).optional(),
});

/**
 * Whether a place sells a product (uid `{place_uid}.{product_uid}`): `stock` null is unlimited, and
 * `sold_out` is stock 0 (the storefront shows it sold out and checkout refuses it at once).
 */
export const adminAvailabilitySchema = z.object({
  uid: z.string(),
  place: z.object({ uid: z.string(), name: z.string() }),
  product: z.object({ uid: z.string(), title: z.string() }),
  available: z.boolean(),
  stock: z.number().int().nullable(),
  sold_out: z.boolean(),
  version: z.number().int(),
});
export type AdminAvailability = z.infer<typeof adminAvailabilitySchema>;

export const adminAvailabilityParamsSchema = z.strictObject({
  companyUid: adminUid,
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/),
});

const stock = z.number().int().min(0).max(1_000_000_000).nullable();
export const adminAvailabilityCreateSchema = z.strictObject({
  place: adminUid,
  product: adminUid,
  available: z.boolean().default(true),
  stock: stock.default(null),
});
export type AdminAvailabilityCreate = z.infer<typeof adminAvailabilityCreateSchema>;

/** `sold_out: true` sets stock to 0; `sold_out: false` without a stock makes it unlimited again. */
export const adminAvailabilityPatchSchema = z
  .strictObject({ available: z.boolean(), stock, sold_out: z.boolean() })
  .partial()
  .refine((body) => !(body.sold_out === true && body.stock !== undefined && body.stock !== 0), {
    path: ['stock'],
    message: 'sold_out with a stock above 0',
  });
export type AdminAvailabilityPatch = z.infer<typeof adminAvailabilityPatchSchema>;

export const AVAILABILITY_ORDERINGS = ['product', 'place', 'stock'] as const;
export const adminAvailabilityQuerySchema = adminListQuerySchema.extend({
  ordering: orderingSchema(AVAILABILITY_ORDERINGS).optional(),
  place: adminUid.optional(),
  product: adminUid.optional(),
  available: queryFlag.optional(),
  sold_out: queryFlag.optional(),
});

/**
 * The products file (export and import, CSV or XLSX, decision 022): a header row with these column
 * names, then one product a row. `uid` (or else `sku`) names the product a row updates; a row naming
 * neither is a new product. Option groups and pictures stay with the product form.
 */
export const PRODUCT_FILE_COLUMNS = [
  'uid',
  'sku',
  'title',
  'short_description',
  'description',
  'price',
  'coin_price',
  'brand',
  'category',
  'is_redeemable',
  'direct_purchase',
  'is_active',
] as const;
export type ProductFileColumn = (typeof PRODUCT_FILE_COLUMNS)[number];
/** An import file's size and rows at most (one transaction holds every row). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

export const adminProductsExportQuerySchema = z.strictObject({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export const adminProductsImportSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type AdminProductsImportSummary = z.infer<typeof adminProductsImportSummarySchema>;
/** A refused row of an import (400 `{rows: [...]}`): its line in the file (the header is 1) and why. */
export const adminImportRowReportSchema = z.object({
  row: z.number().int(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type AdminImportRowReport = z.infer<typeof adminImportRowReportSchema>;
