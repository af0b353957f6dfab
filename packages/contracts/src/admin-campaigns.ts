import { z } from 'zod';
import {
  adminListQuerySchema,
  adminPicturedInput,
  adminPicturedItem,
  adminUid,
  orderingSchema,
  queryFlag,
} from './admin.ts';
import { adminMoneySchema } from './admin-catalogue.ts';

// The admin's campaigns (issue 18): a program's promotions, the company's coupons with their share
// links, and gift cards. Money is a decimal string with two places ("12.50"), dates ISO date-times.

const instant = z.iso.datetime({ offset: true });
const uids = z.array(adminUid).max(200);

/** A promotion as the admin edits it; `stock` is what is left, `used` what members took of it. */
export const adminPromotionSchema = z.object({
  ...adminPicturedItem,
  program: z.string(),
  /** Discount percent, 0 to 100. */
  rate_discount: z.number().int(),
  /** Coins a member pays; 0 = free. */
  coin_price: z.number().int(),
  /** Featured: shown first and under the storefront's "featured" filter. */
  tagged: z.boolean(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Units in all: those left plus those taken (bought or redeemed); null = unlimited. */
  total_stock: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  used: z.number().int(),
  per_member_limit: z.number().int().nullable(),
  /** Level uids that may use it; empty = every level. */
  levels: z.array(z.string()),
  /** Place uids where it is used; empty = every place of the company. */
  places: z.array(z.string()),
  position: z.number().int(),
  version: z.number().int(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

const promotionFields = {
  ...adminPicturedInput,
  rate_discount: z.number().int().min(0).max(100).optional(),
  coin_price: z.number().int().min(0).max(100_000_000).optional(),
  tagged: z.boolean().optional(),
  valid_from: instant.nullable().optional(),
  valid_until: instant.nullable().optional(),
  total_stock: z.number().int().min(0).max(100_000_000).nullable().optional(),
  per_member_limit: z.number().int().min(1).max(10_000).nullable().optional(),
  levels: uids.optional(),
  places: uids.optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
};
export const adminPromotionCreateSchema = z.strictObject({ program: adminUid, ...promotionFields });
export type AdminPromotionCreate = z.infer<typeof adminPromotionCreateSchema>;
export const adminPromotionPatchSchema = z.strictObject(promotionFields).partial();
export type AdminPromotionPatch = z.infer<typeof adminPromotionPatchSchema>;

export const PROMOTION_ADMIN_ORDERINGS = ['title', 'position', 'valid_until', 'coin_price'] as const;
export const adminPromotionsQuerySchema = adminListQuerySchema.extend({
  program: adminUid.optional(),
  /** true: usable now (within its dates, stock left); false: the others. */
  active: queryFlag.optional(),
  tagged: queryFlag.optional(),
  ordering: orderingSchema(PROMOTION_ADMIN_ORDERINGS).optional(),
});
export type AdminPromotionsQuery = z.infer<typeof adminPromotionsQuerySchema>;

/**
 * A coupon code as the storefront validates it: letters, digits, `-` and `_` (it travels in the share
 * link's path), matched without regard to case and stored in upper case.
 */
export const couponCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,50}$/)
  .transform((code) => code.toUpperCase());

/** An influencer's name in their link, /in/{influencer}/. */
export const influencerSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,64}$/);

export const COUPON_TYPES = ['PERCENT', 'AMOUNT'] as const;

export const adminCouponSchema = z.object({
  uid: z.string(),
  code: z.string(),
  discount_type: z.enum(COUPON_TYPES),
  /** Percent ("10") or money ("5.00"), by discount_type. */
  discount_value: z.string(),
  minimum_order: z.string(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** null = unlimited. */
  max_uses: z.number().int().nullable(),
  per_member_limit: z.number().int().nullable(),
  is_active: z.boolean(),
  influencer: z.string().nullable(),
  /** Orders and subscriptions that used the code (coupon_uses). */
  uses_count: z.number().int(),
  /** Orders of the company that came through the influencer's link. */
  influencer_orders: z.number().int(),
  /** The storefront's coupon link (stores the code for checkout) and the influencer's link. */
  link: z.string(),
  influencer_link: z.string().nullable(),
  version: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

const couponFields = {
  code: couponCodeSchema,
  discount_type: z.enum(COUPON_TYPES),
  discount_value: adminMoneySchema,
  minimum_order: adminMoneySchema.optional(),
  valid_from: instant.nullable().optional(),
  valid_until: instant.nullable().optional(),
  max_uses: z.number().int().min(1).max(100_000_000).nullable().optional(),
  per_member_limit: z.number().int().min(1).max(10_000).nullable().optional(),
  is_active: z.boolean().optional(),
  influencer: influencerSchema.nullable().optional(),
};
export const adminCouponCreateSchema = z.strictObject(couponFields);
export type AdminCouponCreate = z.infer<typeof adminCouponCreateSchema>;
export const adminCouponPatchSchema = z.strictObject(couponFields).partial();
export type AdminCouponPatch = z.infer<typeof adminCouponPatchSchema>;

export const adminCouponsQuerySchema = adminListQuerySchema.extend({
  is_active: queryFlag.optional(),
  ordering: orderingSchema(['code', 'valid_until']).optional(),
});
export type AdminCouponsQuery = z.infer<typeof adminCouponsQuerySchema>;

export const GIFT_CARD_STATUSES = ['ACTIVE', 'REDEEMED', 'VOIDED'] as const;

export const adminGiftCardSchema = z.object({
  uid: z.string(),
  program: z.string(),
  code: z.string(),
  /** What the card loads onto a member's gift balance, once. */
  amount: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
  /** The member who loaded it. */
  redeemed_by: z.string().nullable(),
  voided_at: z.string().nullable(),
  /** What happened to it, oldest first. */
  history: z.array(
    z.object({
      at: z.string(),
      event: z.enum(['ISSUED', 'REDEEMED', 'VOIDED']),
      by: z.string().nullable(),
    }),
  ),
  version: z.number().int(),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

export const giftCardCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,40}$/)
  .transform((code) => code.toUpperCase());

const giftAmount = adminMoneySchema.refine((value) => Number(value) > 0);

/** One card; without `code`, one is generated. */
export const adminGiftCardCreateSchema = z.strictObject({
  program: adminUid,
  amount: giftAmount,
  code: giftCardCodeSchema.optional(),
});
export type AdminGiftCardCreate = z.infer<typeof adminGiftCardCreateSchema>;

/** A batch of cards of one amount, each with its own generated code. */
export const adminGiftCardBatchCreateSchema = z.strictObject({
  program: adminUid,
  amount: giftAmount,
  count: z.number().int().min(1).max(500),
  /** The codes start with it: "NAVIDAD" gives NAVIDAD-XXXX-XXXX. */
  prefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,12}$/)
    .transform((prefix) => prefix.toUpperCase())
    .optional(),
});
export type AdminGiftCardBatchCreate = z.infer<typeof adminGiftCardBatchCreateSchema>;

/** The cards a batch made. */
export const adminGiftCardBatchSchema = z.object({ results: z.array(adminGiftCardSchema) });

export const adminGiftCardsQuerySchema = adminListQuerySchema.extend({
  program: adminUid.optional(),
  status: z.enum(GIFT_CARD_STATUSES).optional(),
  ordering: orderingSchema(['code', 'created_at']).optional(),
});
export type AdminGiftCardsQuery = z.infer<typeof adminGiftCardsQuerySchema>;
