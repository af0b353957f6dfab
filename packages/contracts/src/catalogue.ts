import { z } from 'zod';
import { companySchema } from './app.ts';
import { ALL_CATEGORIES_UID } from './constants.ts';
import { pageQuerySchema } from './lists.ts';
import { isoDate } from './validators.ts';

// Catalogue and menu (spec §2 Product menu, §3 Place/Area/Category/Product/Option group, §7).

const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const search = z.string().max(100);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const optionSchema = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  /** Extra price of the option, "2.50". */
  price: z.string(),
  is_active: z.boolean(),
});
export type Option = z.infer<typeof optionSchema>;

export const optionGroupSchema = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  minimum_to_select: z.number().int(),
  maximum_to_select: z.number().int(),
  is_active: z.boolean(),
  options: z.array(optionSchema),
});
export type OptionGroup = z.infer<typeof optionGroupSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  title: z.string(),
  /** The same as title: the cart sends the product's title as name (spec §3). */
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  image_reverse: z.string().nullable(),
  unit_price: z.string(),
  /** The coins a redeemable product costs; null for products that are not redeemable. */
  coin_price: z.number().int().nullable(),
  /** The place's stock; null when unlimited (and in lists not bound to a place). */
  stock: z.number().int().nullable(),
  is_redeemable: z.boolean(),
  direct_purchase: z.boolean(),
  option_groups: z.array(optionGroupSchema),
  brand: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.object({ uid: z.string(), name: z.string() }).nullable(),
});
export type Product = z.infer<typeof productSchema>;

export const productCategorySchema = z.object({
  uid: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  color: z.string().nullable(),
  position: z.number().int(),
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

export const placeSchema = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string(),
  locality: z.object({ uid: z.string(), name: z.string() }),
  uses_country_delivery_service: z.boolean(),
  company: z.object({ uid: z.string(), name: z.string() }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string(),
  /** How the place hands orders over (DELIVERY also needs the company's `delivery_service`). */
  shipping_methods: z.array(z.enum(['DELIVERY', 'PICKUP'])),
});
export type Place = z.infer<typeof placeSchema>;

export const pickupSlotSchema = z.object({
  /** "11:00 am - 11:30 am" (spec §9: schedules use an am to pm format). */
  label: z.string(),
  start_time: z.string(),
  end_time: z.string(),
});
export const pickupScheduleSchema = z.object({
  date: z.string(),
  slots: z.array(pickupSlotSchema),
});
export type PickupSchedule = z.infer<typeof pickupScheduleSchema>;

export const adSchema = z.object({
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  position: z.number().int(),
});
export type Ad = z.infer<typeof adSchema>;

export const companyCategorySchema = z.object({
  uid: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  color: z.string().nullable(),
  /** Present when asked with with_companies=true. */
  companies: z.array(companySchema).optional(),
});
export type CompanyCategory = z.infer<typeof companyCategorySchema>;

/** A comma-separated list of category uids; `000` (the All entry) means no filter. */
const categoryList = z
  .string()
  .max(2000)
  .transform((value, ctx) => {
    const uids = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (uids.some((part) => !uid.safeParse(part).success)) {
      ctx.addIssue({ code: 'custom', message: 'Invalid category list' });
      return z.NEVER;
    }
    return uids.includes(ALL_CATEGORIES_UID) ? [] : uids;
  });

const paged = pageQuerySchema.shape;

export const areasQuerySchema = z.strictObject({
  ...paged,
  country: z
    .string()
    .regex(/^[A-Z]{2,4}$/)
    .optional(),
  company: uid.optional(),
});

export const placesQuerySchema = z.strictObject({
  ...paged,
  company: uid.optional(),
  area: uid.optional(),
  /** The same filter as area, under the field name places answer with. */
  locality: uid.optional(),
});

export const pickupScheduleQuerySchema = z.strictObject({ date: isoDate().optional() });

export const placeProductsQuerySchema = z.strictObject({
  ...paged,
  category: categoryList.optional(),
  search: search.optional(),
  is_redeemable: flag.optional(),
});

export const productsQuerySchema = z.strictObject({
  ...paged,
  company: uid.optional(),
  place: uid.optional(),
  category: categoryList.optional(),
  search: search.optional(),
  is_redeemable: flag.optional(),
});

export const categoriesQuerySchema = z.strictObject({
  ...paged,
  app: uid,
  with_companies: flag.optional(),
  search: search.optional(),
});

export const allowedCompaniesQuerySchema = z.strictObject({
  ...paged,
  category: uid.optional(),
  search: search.optional(),
});

export const listQuerySchema = z.strictObject({ ...paged });
