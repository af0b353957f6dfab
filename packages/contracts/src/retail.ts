import { z } from 'zod';
import { DOCUMENT_TYPES, ORDER_STATUSES, SEARCH_TYPES, STAFF_ROLES } from './constants.ts';
import { pageQuerySchema } from './lists.ts';
import { promotionSchema } from './loyalty.ts';
import { orderSchema } from './orders.ts';
import { isoDate } from './validators.ts';

// Retail staff tools, all under /api/v5/retail/ (architecture §6; spec §1, §2 Retailer tools, §5, §8).

const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** GET places/: a place this staff user may work in. */
export const retailPlaceSchema = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string(),
  company: z.object({ uid: z.string(), name: z.string() }),
  role: z.enum(STAFF_ROLES),
  /** The company runs a benefits program: needed to create users and to serve members. */
  has_program: z.boolean(),
});
export type RetailPlace = z.infer<typeof retailPlaceSchema>;

export const customersQuerySchema = z.strictObject({
  search_type: z.enum(SEARCH_TYPES),
  value: z.string().trim().min(1).max(200),
});

export const customerMembershipSchema = z.object({
  uid: z.string(),
  program: z.object({
    uid: z.string(),
    name: z.string(),
    company: z.string(),
    stamps_required: z.number().int(),
    allows_manual_points: z.boolean(),
  }),
  coins: z.number().int(),
  points: z.number().int(),
  stamps: z.number().int(),
});

/** A member as staff see them: identity, memberships and the promotions usable now. */
export const customerSchema = z.object({
  uid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  document_type: z.string(),
  document_number: z.string().nullable(),
  email: z.string().nullable(),
  mobile_number: z.string().nullable(),
  memberships: z.array(customerMembershipSchema),
  /**
   * The promotions usable now, and those the member bought in the app and has not used yet
   * (`acquired` of them): redeeming one of these consumes a bought code and charges nothing.
   */
  promotions: z.array(promotionSchema.extend({ acquired: z.number().int() })),
});
export type Customer = z.infer<typeof customerSchema>;
export const customersSchema = z.object({ count: z.number().int(), results: z.array(customerSchema) });

/** POST redemptions/: `{place, member, promotion}` or `{place, code}`. */
export const retailRedeemBodySchema = z.union([
  z.strictObject({ place: uid, member: z.uuid(), promotion: uid }),
  z.strictObject({ place: uid, code: z.string().trim().min(1).max(64) }),
]);
export type RetailRedeemBody = z.infer<typeof retailRedeemBodySchema>;

export const stampBodySchema = z.strictObject({ place: uid, member: z.uuid(), program: uid });
export type StampBody = z.infer<typeof stampBodySchema>;

/** POST points/: amount above 0 and a description (spec §5); checked with the spec's messages. */
export const pointsBodySchema = z.strictObject({
  place: uid,
  member: z.uuid(),
  program: uid,
  // A number, or one written in decimal digits ("12", "-3"); never "0x10", "1e3" or " ".
  amount: z.preprocess(
    (value) => (typeof value === 'string' && /^[-+]?\d{1,7}$/.test(value) ? Number(value) : value),
    z.number().int().min(-1_000_000).max(1_000_000),
  ),
  description: z.string().trim().max(200),
});
export type PointsBody = z.infer<typeof pointsBodySchema>;

/** The membership after a stamp or points. */
export const retailMembershipResultSchema = customerMembershipSchema.extend({
  reward_unlocked: z.boolean().optional(),
});

/** POST users/: a member created at the counter and enrolled in the place's benefits program. */
export const createUserBodySchema = z.strictObject({
  place: uid,
  document_type: z.enum(DOCUMENT_TYPES).default('NATIONAL_ID'),
  document_number: z.string().trim().min(1).max(20),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  mobile_number: z.string().trim().max(20).optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const retailRedemptionSchema = z.object({
  uid: z.string(),
  code: z.string(),
  redeemed_at: z.string(),
  place: z.object({ uid: z.string(), name: z.string() }),
  promotion: z.object({ uid: z.string(), title: z.string(), rate_discount: z.number().int() }),
  coins_spent: z.number().int(),
  member: z.object({
    uid: z.string(),
    full_name: z.string(),
    document_type: z.string(),
    document_number: z.string().nullable(),
  }),
  staff: z.string().nullable(),
});
export type RetailRedemption = z.infer<typeof retailRedemptionSchema>;

/** GET redemptions/?place=P&date=YYYY-MM-DD[&format=csv|xlsx]: one place and one day (spec §5). */
export const redemptionRecordsQuerySchema = pageQuerySchema.extend({
  place: uid.optional(),
  date: isoDate().optional(),
  format: z.enum(['json', 'csv', 'xlsx']).optional(),
});

export const retailOrdersQuerySchema = pageQuerySchema.extend({
  place: uid,
  status: z.enum(ORDER_STATUSES).optional(),
});

/** PATCH orders/{uid}/: the store's moves (accept, shipped, delivered, cancel). */
export const STAFF_ORDER_STATUSES = ['ACCEPTED', 'SHIPPED', 'DELIVERED', 'CANCELED_BY_PLACE'] as const;
export const retailOrderPatchSchema = z.strictObject({ status: z.enum(STAFF_ORDER_STATUSES) });

export const orderStreamQuerySchema = z.strictObject({ place: uid });

/** One Server-Sent Event of the order board (`event: order`). */
export const orderEventSchema = z.object({
  type: z.enum(['created', 'status']),
  order: orderSchema,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;
