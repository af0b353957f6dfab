import { z } from 'zod';
import { pageQuerySchema } from './lists.ts';
import { isoDate } from './validators.ts';

// Benefit programs, promotions, raffles, polls, events and gift cards (spec §7 Programs and benefits).

const uid = z.string().min(1).max(64);
const boolQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const levelSchema = z.object({ uid: z.string(), name: z.string(), min_points: z.number().int() });

export const programSchema = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  company: z.string(),
  stamps_required: z.number().int(),
  stamp_reward: z.string(),
  coins_per_sol: z.number().int(),
  points_per_sol: z.number().int(),
  allows_manual_points: z.boolean(),
  levels: z.array(levelSchema),
  /** How many raffles and polls the program runs: the storefront links them only when it has some. */
  raffles: z.number().int(),
  polls: z.number().int(),
});
export type Program = z.infer<typeof programSchema>;

export const programsQuerySchema = pageQuerySchema.extend({ company: uid.optional() }).strict();

/** A member's standing in a program; zero balances and `is_member: false` before joining. */
export const memberProgramSchema = programSchema.extend({
  is_member: z.boolean(),
  joined_at: z.string().nullable(),
  coins: z.number().int(),
  total_points: z.number().int(),
  /** Gift-card money, decimal string. */
  balance: z.string(),
  level: levelSchema.nullable(),
  next_level: levelSchema.nullable(),
  points_to_next_level: z.number().int(),
  /** Progress from the current level's minimum to the next one's, 0 to 100 (100 at the top level). */
  percent: z.number().int(),
  stamps: z.object({ available: z.number().int(), required: z.number().int(), rewards: z.number().int() }),
});
export type MemberProgram = z.infer<typeof memberProgramSchema>;

export const joinProgramBodySchema = z.strictObject({ program: uid });

export const sectionSchema = z.object({
  uid: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  position: z.number().int(),
});

export const adSchema = z.object({
  uid: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  position: z.number().int(),
});

export const PROMOTION_ORDERINGS = [
  'rate_discount',
  '-rate_discount',
  'coin_price',
  '-coin_price',
  'valid_until',
  '-valid_until',
  'title',
  '-title',
] as const;

export const promotionsQuerySchema = pageQuerySchema
  .extend({
    tagged: boolQuery.optional(),
    search: z.string().max(100).optional(),
    /** true: free promotions only; false: those with a coin price only. */
    is_free: boolQuery.optional(),
    level: uid.optional(),
    ordering: z.enum(PROMOTION_ORDERINGS).optional(),
  })
  .strict();

export const promotionSchema = z.object({
  uid: z.string(),
  program: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  rate_discount: z.number().int(),
  coin_price: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Units left; null means unlimited. */
  stock: z.number().int().nullable(),
  per_member_limit: z.number().int().nullable(),
  /** Level uids that may use it; empty means every level. */
  levels: z.array(z.string()),
  tagged: z.boolean(),
  /** Place uids; empty means every place of the company. */
  places: z.array(z.string()),
  /** How many times this member has bought or redeemed it. */
  times_used: z.number().int(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionCodeSchema = z.object({
  uid: z.string(),
  promotion: z.string(),
  code: z.string(),
  /** What a QR shows: staff scan it and redeem by code. */
  qr: z.string(),
  status: z.string(),
});

/**
 * PENDING: a code issued, nothing paid; ACQUIRED: bought in the app (coins paid, stock taken), to be
 * consumed at the counter; REDEEMED: used at a place; CANCELED: given back.
 */
export const REDEMPTION_STATUSES = ['PENDING', 'ACQUIRED', 'REDEEMED', 'CANCELED'] as const;

export const redemptionSchema = z.object({
  uid: z.string(),
  code: z.string(),
  status: z.enum(REDEMPTION_STATUSES),
  coins_spent: z.number().int(),
  place: z.string().nullable(),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
  promotion: z.object({
    uid: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    rate_discount: z.number().int(),
    coin_price: z.number().int(),
  }),
  /** The member's coins after the redemption. */
  coins: z.number().int(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** GET v5/me/redemptions/ ("Mis canjes"): a redemption with its QR text and its program. */
export const memberRedemptionSchema = redemptionSchema.extend({
  qr: z.string(),
  program: z.object({ uid: z.string(), name: z.string() }),
});
export type MemberRedemption = z.infer<typeof memberRedemptionSchema>;

export const redemptionsQuerySchema = pageQuerySchema
  .extend({ status: z.enum(REDEMPTION_STATUSES).optional() })
  .strict();

export const redemptionByUserBodySchema = z.strictObject({ program_promotion: uid });

export const promotionPlaceSchema = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string(),
  area: z.string(),
});

export const raffleSchema = z.object({
  uid: z.string(),
  program: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  terms: z.string(),
  prize: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  draw_date: z.string().nullable(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean() })),
  is_open: z.boolean(),
  /** REGISTERED, DISMISSED, or null when the member has done neither. */
  status: z.enum(['REGISTERED', 'DISMISSED']).nullable(),
});

export const rafflesQuerySchema = pageQuerySchema
  .extend({ include_dismissed: boolQuery.optional() })
  .strict();

/** `accepted_terms` plus the raffle's own fields (checked against the raffle). */
export const raffleRegisterBodySchema = z
  .object({ accepted_terms: z.boolean() })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean()]));

export const pollSchema = z.object({
  uid: z.string(),
  program: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  valid_until: z.string().nullable(),
  is_resolved: z.boolean(),
  questions: z.array(
    z.object({
      uid: z.string(),
      text: z.string(),
      type: z.enum(['CHOICE', 'TEXT']),
      options: z.array(z.object({ uid: z.string(), text: z.string() })),
    }),
  ),
});

export const pollsQuerySchema = pageQuerySchema.extend({ is_resolved: boolQuery.optional() }).strict();

export const pollResponseBodySchema = z.strictObject({
  answers: z
    .array(
      z.union([
        z.strictObject({ question: uid, option: uid }),
        z.strictObject({ question: uid, text: z.string().trim().min(1).max(2000) }),
      ]),
    )
    .max(100),
});

export const pollResponseSchema = z.object({
  uid: z.string(),
  poll: z.string(),
  answers: z.array(
    z.object({ question: z.string(), option: z.string().optional(), text: z.string().optional() }),
  ),
  created_at: z.string(),
});

export const EVENT_ORDERINGS = ['start_date,start_time', '-start_date,-start_time', 'title'] as const;

export const eventsQuerySchema = pageQuerySchema
  .extend({
    ordering: z.enum(EVENT_ORDERINGS).optional(),
    /** Only events starting on or after this date. */
    from: isoDate().optional(),
  })
  .strict();

export const eventSchema = z.object({
  uid: z.string(),
  company: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  start_date: z.string(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  location: z.string(),
  link: z.string().nullable(),
});

export const giftCardRedeemBodySchema = z.strictObject({ code: z.string().trim().min(1).max(64) });

export const giftCardRedeemedSchema = z.object({
  code: z.string(),
  program: z.string(),
  /** Loaded amount and the member's balance after it, decimal strings. */
  amount: z.string(),
  balance: z.string(),
});

/** POST v5/me/programs/{uid}/qr/: the member's code for staff to scan (`MEMBER:<membership uid>`). */
export const memberQrSchema = z.object({ qrMember: z.string() });
export type MemberQr = z.infer<typeof memberQrSchema>;
