import { z } from 'zod';

// The catalogue part of the tenant file (docs/tenant-file.md): per company its product categories,
// products (with option groups and per-place offers) and ads; per place its opening hours.

const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uid: letters, digits, _ and - (at most 64)');
const imageUrl = z.string().max(2000);
const cents = z.number().int().min(0).max(100_000_000);
/** An IANA time zone the runtime knows, such as America/Lima. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'unknown time zone' },
  );
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time: HH:MM');

export const tenantOpeningHoursSchema = z
  .strictObject({
    /** ISO weekday: 1 = Monday ... 7 = Sunday. */
    weekday: z.number().int().min(1).max(7),
    opens: hhmm,
    closes: hhmm,
  })
  .refine((hours) => hours.closes > hours.opens, { message: 'closes must be after opens', path: ['closes'] });
/** One opening interval of a place's week, as imported and as its JSON-LD publishes it. */
export type WeeklyHours = z.infer<typeof tenantOpeningHoursSchema>;

export const tenantProductCategorySchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  image: imageUrl.optional(),
  color: z.string().max(20).optional(),
});

export const tenantOptionSchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  /** Extra price in cents. */
  price: cents.default(0),
  is_active: z.boolean().default(true),
});

export const tenantOptionGroupSchema = z
  .strictObject({
    uid,
    name: z.string().min(1).max(200),
    description: z.string().max(1000).default(''),
    minimum_to_select: z.number().int().min(0).max(100).default(0),
    maximum_to_select: z.number().int().min(1).max(100).default(1),
    is_active: z.boolean().default(true),
    options: z.array(tenantOptionSchema).min(1),
  })
  .refine((group) => group.maximum_to_select >= group.minimum_to_select, {
    message: 'maximum_to_select must not be below minimum_to_select',
    path: ['maximum_to_select'],
  });

export const tenantOfferSchema = z.strictObject({
  place: uid,
  /** Stock in this place; null or absent = unlimited. */
  stock: z.number().int().min(0).nullable().default(null),
  is_available: z.boolean().default(true),
});

export const tenantProductSchema = z
  .strictObject({
    uid,
    title: z.string().min(1).max(200),
    short_description: z.string().max(500).default(''),
    description: z.string().max(5000).default(''),
    image: imageUrl.optional(),
    image_reverse: imageUrl.optional(),
    /** Price in cents. */
    unit_price: cents.default(0),
    is_redeemable: z.boolean().default(false),
    /** Coins a redeemable product costs. */
    coin_price: z.number().int().min(0).max(100_000_000).optional(),
    direct_purchase: z.boolean().default(false),
    brand: z.string().max(200).optional(),
    sku: z.string().max(100).optional(),
    category: uid.optional(),
    is_active: z.boolean().default(true),
    option_groups: z.array(tenantOptionGroupSchema).default([]),
    /** Stock in each place when `offers` is absent; null = unlimited. */
    stock: z.number().int().min(0).nullable().default(null),
    /** Where the product is sold; absent = every place of the company, with `stock`. */
    offers: z.array(tenantOfferSchema).optional(),
  })
  .refine((product) => !product.is_redeemable || product.coin_price !== undefined, {
    message: 'a redeemable product needs a coin_price',
    path: ['coin_price'],
  });

export const tenantAdSchema = z.strictObject({
  uid,
  title: z.string().min(1).max(200),
  image: imageUrl.optional(),
  link: z.string().max(2000).optional(),
  is_active: z.boolean().default(true),
});

/** Cross-references inside one company's catalogue: categories and places it names must be its own. */
export function refineCompanyCatalogue(
  company: {
    places: { uid: string }[];
    product_categories: { uid: string }[];
    products: z.infer<typeof tenantProductSchema>[];
  },
  ctx: z.RefinementCtx,
  at: (string | number)[],
): void {
  const categories = new Set(company.product_categories.map((category) => category.uid));
  const places = new Set(company.places.map((place) => place.uid));
  company.products.forEach((product, p) => {
    if (product.category && !categories.has(product.category)) {
      ctx.addIssue({
        code: 'custom',
        path: [...at, 'products', p, 'category'],
        message: `unknown product category ${product.category}`,
      });
    }
    product.offers?.forEach((offer, o) => {
      if (!places.has(offer.place)) {
        ctx.addIssue({
          code: 'custom',
          path: [...at, 'products', p, 'offers', o, 'place'],
          message: `place ${offer.place} is not a place of this company`,
        });
      }
    });
  });
}
