import { z } from 'zod';
import { adminListQuerySchema, adminUid, orderingSchema } from './admin.ts';

// The company's members and programs in the admin site (issue 18, owners and managers): find a member,
// see their balances and ledger, adjust a balance with a reason, block and unblock; edit the programs'
// rules (stamps, coins, points, levels).

/** One member of the company's programs: `uid` is the user's. */
export const adminMemberSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  mobile_number: z.string().nullable(),
  /** Blocked in the company's programs: neither earns nor redeems. */
  blocked: z.boolean(),
  joined_at: z.string(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMembershipSchema = z.object({
  uid: z.string(),
  program: z.object({ uid: z.string(), name: z.string(), stamps_required: z.number().int() }),
  coins: z.number().int(),
  points: z.number().int(),
  stamps: z.number().int(),
  /** Gift-card money, as a decimal string of soles. */
  balance: z.string(),
  level: z.object({ uid: z.string(), name: z.string() }).nullable(),
  blocked: z.boolean(),
  joined_at: z.string(),
});
export type AdminMembership = z.infer<typeof adminMembershipSchema>;

export const adminMemberDetailSchema = adminMemberSchema.extend({
  memberships: z.array(adminMembershipSchema),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

export const MEMBER_ORDERINGS = ['joined_at', 'email', 'last_name'] as const;
/** `search`: an e-mail, a document number or a phone (retail's rules: `+51…` exact, digits as an ending). */
export const adminMembersQuerySchema = adminListQuerySchema.extend({
  blocked: z.enum(['true', 'false']).optional(),
  ordering: orderingSchema(MEMBER_ORDERINGS).optional(),
});
export type AdminMembersQuery = z.infer<typeof adminMembersQuerySchema>;

export const adminMemberParamsSchema = z.strictObject({ companyUid: adminUid, uid: z.uuid() });

export const LEDGER_KINDS = ['coins', 'points', 'stamps', 'balance'] as const;
export const adminLedgerEntrySchema = z.object({
  uid: z.string(),
  program: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  reference: z.string().nullable(),
  staff: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminLedgerQuerySchema = z.strictObject({
  page: adminListQuerySchema.shape.page,
  page_size: adminListQuerySchema.shape.page_size,
  program: adminUid.optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
});
export type AdminLedgerQuery = z.infer<typeof adminLedgerQuerySchema>;

/** The balances an admin may adjust (gift money moves only through gift cards and orders). */
export const ADJUSTABLE_KINDS = ['coins', 'points', 'stamps'] as const;
export const ADJUSTMENT_MAX = 1_000_000;

/** `POST members/{uid}/adjustments/`: a new ledger entry, never an edit; the reason is required. */
export const adminAdjustmentSchema = z.strictObject({
  program: adminUid,
  kind: z.enum(ADJUSTABLE_KINDS),
  amount: z
    .number()
    .int()
    .min(-ADJUSTMENT_MAX)
    .max(ADJUSTMENT_MAX)
    .refine((value) => value !== 0),
  reason: z.string().trim().min(3).max(500),
});
export type AdminAdjustment = z.infer<typeof adminAdjustmentSchema>;

/** `PATCH members/{uid}/`: block or unblock in every program of the company. */
export const adminMemberPatchSchema = z.strictObject({ blocked: z.boolean() });
export type AdminMemberPatch = z.infer<typeof adminMemberPatchSchema>;

// ---------------------------------------------------------------- programs

export const adminLevelSchema = z.object({ uid: z.string(), name: z.string(), min_points: z.number().int() });

/** A program's rules; what changes applies to what is earned from then on (the ledger is never rewritten). */
export const adminProgramSchema = z.object({
  uid: z.string(),
  name: z.string(),
  stamps_required: z.number().int(),
  stamp_reward: z.string(),
  coins_per_sol: z.number().int(),
  points_per_sol: z.number().int(),
  coin_expiry_days: z.number().int().nullable(),
  point_expiry_days: z.number().int().nullable(),
  allows_manual_points: z.boolean(),
  levels: z.array(adminLevelSchema),
  version: z.number().int(),
});
export type AdminProgram = z.infer<typeof adminProgramSchema>;

const count = z.number().int().min(0).max(100_000);
const days = z.number().int().min(1).max(3650).nullable();

/** Levels keep their uid (promotions name them); one without uid is new; one left out is removed. */
export const adminLevelInputSchema = z.strictObject({
  uid: adminUid.optional(),
  name: z.string().trim().min(1).max(60),
  min_points: z.number().int().min(0).max(100_000_000),
});

/**
 * Levels go strictly up in points, with distinct names: a level is reached by total points, so two at
 * the same points, or out of order, cannot be told apart. Checked by the server and by the admin form.
 */
export function levelsInOrder(
  levels: readonly { name?: string | null; min_points?: number | null }[],
): boolean {
  const names = new Set(levels.map((level) => (level.name ?? '').trim().toLowerCase()));
  return (
    names.size === levels.length &&
    levels.every((level, i) => i === 0 || (level.min_points ?? 0) > (levels[i - 1]?.min_points ?? 0))
  );
}

export const adminProgramPatchSchema = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  stamps_required: count.optional(),
  stamp_reward: z.string().trim().max(200).optional(),
  coins_per_sol: count.optional(),
  points_per_sol: count.optional(),
  coin_expiry_days: days.optional(),
  point_expiry_days: days.optional(),
  allows_manual_points: z.boolean().optional(),
  levels: z.array(adminLevelInputSchema).max(20).optional(),
});
export type AdminProgramPatch = z.infer<typeof adminProgramPatchSchema>;

export const adminProgramsQuerySchema = z.strictObject({
  page: adminListQuerySchema.shape.page,
  page_size: adminListQuerySchema.shape.page_size,
});
