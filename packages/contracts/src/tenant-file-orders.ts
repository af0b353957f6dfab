import { z } from 'zod';
import { PLACE_PAYMENT_METHODS } from './orders.ts';
import { PAYMENT_PROVIDERS, PROVIDER_METHODS } from './payments.ts';

// The checkout part of the tenant file (docs/tenant-file.md): per place its payment methods and
// delivery (zones with a flat fare, or a distance rate); per company its discount codes.

const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uid: letters, digits, _ and - (at most 64)');
const cents = z.number().int().min(0).max(100_000_000);

export const tenantDeliveryZoneSchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  /** District names the zone covers, matched without case or accents. */
  districts: z.array(z.string().min(1).max(100)).min(1),
  fare: cents,
  eta_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(45),
});

export const tenantPlaceCheckoutSchema = z.strictObject({
  place: uid,
  payment_methods: z.array(z.enum(PLACE_PAYMENT_METHODS)).default(['CASH']),
  delivery_zones: z.array(tenantDeliveryZoneSchema).default([]),
  /** Used when the place has no zones: base fare plus a rate per km from the place's coordinates. */
  distance_rate: z
    .strictObject({
      base_fare: cents,
      per_km: cents,
      max_km: z.number().positive().max(1000),
      eta_minutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(45),
    })
    .optional(),
});

export const tenantCouponSchema = z
  .strictObject({
    uid,
    company: uid,
    code: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/),
    discount_type: z.enum(['PERCENT', 'AMOUNT']),
    /** Percent (1-100) or cents, by discount_type. */
    discount_value: z.number().int().min(1).max(100_000_000),
    minimum_order: cents.default(0),
    valid_from: z.iso.datetime({ offset: true }).optional(),
    valid_until: z.iso.datetime({ offset: true }).optional(),
    max_uses: z.number().int().min(0).optional(),
    per_member_limit: z.number().int().min(1).optional(),
    /** Uses already made (a code with one use left: max_uses - uses_count = 1). */
    uses_count: z.number().int().min(0).default(0),
    is_active: z.boolean().default(true),
  })
  .refine((c) => c.discount_type !== 'PERCENT' || c.discount_value <= 100, {
    message: 'a percent discount is at most 100',
    path: ['discount_value'],
  })
  .refine((c) => c.max_uses === undefined || c.uses_count <= c.max_uses, {
    message: 'uses_count must not exceed max_uses',
    path: ['uses_count'],
  });

/**
 * A company's payment provider (architecture §10); the secrets are encrypted on import under
 * SECRETS_KEY. `transfer` is where members send a TRANSFER.
 */
export const tenantPaymentProviderSchema = z.strictObject({
  company: z.string().min(1).max(64),
  provider: z.enum(PAYMENT_PROVIDERS),
  public_key: z.string().min(8).max(200),
  secret_key: z.string().min(8).max(200),
  webhook_secret: z.string().min(8).max(200).optional(),
  enabled: z.boolean().default(true),
  transfer: z
    .strictObject({
      channel: z.string().min(1).max(40),
      number: z.string().min(3).max(40),
      holder: z.string().min(1).max(120),
    })
    .optional(),
});

export const tenantOrdersSchema = {
  checkout: z.array(tenantPlaceCheckoutSchema).default([]),
  payment_providers: z.array(tenantPaymentProviderSchema).default([]),
  coupons: z.array(tenantCouponSchema).default([]),
};

/** The places and companies the checkout section names must be the app's own. */
export function refineOrders(
  app: {
    companies: { uid: string; places: { uid: string }[] }[];
    checkout: { place: string; payment_methods: string[] }[];
    payment_providers: { company: string; enabled: boolean }[];
    coupons: { company: string; code: string }[];
  },
  ctx: z.RefinementCtx,
  at: (...path: (string | number)[]) => (string | number)[],
): void {
  const companies = new Set(app.companies.map((company) => company.uid));
  const places = new Map(
    app.companies.flatMap((company) => company.places.map((place) => [place.uid, company.uid])),
  );
  const paying = new Set(app.payment_providers.filter((p) => p.enabled).map((p) => p.company));
  app.payment_providers.forEach((entry, i) => {
    if (!companies.has(entry.company)) {
      ctx.addIssue({
        code: 'custom',
        path: at('payment_providers', i, 'company'),
        message: `unknown company ${entry.company}`,
      });
    }
  });
  app.checkout.forEach((entry, i) => {
    const company = places.get(entry.place);
    if (!company) {
      ctx.addIssue({
        code: 'custom',
        path: at('checkout', i, 'place'),
        message: `unknown place ${entry.place}`,
      });
    } else if (
      !paying.has(company) &&
      entry.payment_methods.some((method) => (PROVIDER_METHODS as readonly string[]).includes(method))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: at('checkout', i, 'payment_methods'),
        message: `ONLINE_CARD and YAPE need an enabled payment provider of company ${company} (payment_providers)`,
      });
    }
  });
  const codes = new Set<string>();
  app.coupons.forEach((coupon, i) => {
    if (!companies.has(coupon.company)) {
      ctx.addIssue({
        code: 'custom',
        path: at('coupons', i, 'company'),
        message: `unknown company ${coupon.company}`,
      });
    }
    const key = `${coupon.company}:${coupon.code.toUpperCase()}`;
    if (codes.has(key)) {
      ctx.addIssue({
        code: 'custom',
        path: at('coupons', i, 'code'),
        message: `duplicate code ${coupon.code}`,
      });
    }
    codes.add(key);
  });
}
