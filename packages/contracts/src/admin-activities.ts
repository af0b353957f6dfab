import { z } from 'zod';
import {
  adminListQuerySchema,
  adminPicturedInput,
  adminPicturedItem,
  adminUid,
  orderingSchema,
  queryFlag,
} from './admin.ts';
import { isoDate } from './validators.ts';

// The admin's raffles (with their recorded draw), polls (with their results), events and ads (issue 18).
// Dates are ISO date-times, except an event's days (YYYY-MM-DD) and times (HH:MM).

const instant = z.iso.datetime({ offset: true });
/** A link: an https:// address or a path of the storefront ("/register"). */
const link = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https:\/\/[^\s]+|\/[^\s]*)$/);

// Raffles

export const raffleFieldSchema = z.strictObject({
  /** The key of the member's answer in their registration. */
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  label: z.string().trim().min(1).max(200),
  required: z.boolean().default(true),
});

/** A winner as the admin sees them (the registration and its member). */
export const adminRaffleWinnerSchema = z.object({
  registration: z.string(),
  user: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
});

/**
 * The record of a draw, enough to re-check it: rank every registration uid of `registrations` by
 * SHA-256 of `{seed}:{registration uid}` (hex, ascending); the first `winners_count` are the winners.
 */
export const adminRaffleDrawSchema = z.object({
  uid: z.string(),
  raffle: z.string(),
  algorithm: z.string(),
  seed: z.string(),
  /** The registration uids drawn from, in order of uid. */
  registrations: z.array(z.string()),
  winners: z.array(adminRaffleWinnerSchema),
  drawn_at: z.string(),
  drawn_by: z.string().nullable(),
});
export type AdminRaffleDraw = z.infer<typeof adminRaffleDrawSchema>;

export const adminRaffleSchema = z.object({
  ...adminPicturedItem,
  program: z.string(),
  terms: z.string(),
  prize: z.string(),
  starts_at: z.string().nullable(),
  /** Registrations close then; the draw comes after. */
  ends_at: z.string().nullable(),
  draw_date: z.string().nullable(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean() })),
  winners_count: z.number().int(),
  /** Members registered (not the ones who dismissed it). */
  registrations: z.number().int(),
  draw: adminRaffleDrawSchema.nullable(),
  version: z.number().int(),
});
export type AdminRaffle = z.infer<typeof adminRaffleSchema>;

const raffleFields = {
  ...adminPicturedInput,
  terms: z.string().trim().max(20_000).optional(),
  prize: z.string().trim().max(500).optional(),
  starts_at: instant.nullable().optional(),
  ends_at: instant.nullable().optional(),
  draw_date: isoDate().nullable().optional(),
  fields: z.array(raffleFieldSchema).max(20).optional(),
  winners_count: z.number().int().min(1).max(1000).optional(),
};
export const adminRaffleCreateSchema = z.strictObject({ program: adminUid, ...raffleFields });
export type AdminRaffleCreate = z.infer<typeof adminRaffleCreateSchema>;
export const adminRafflePatchSchema = z.strictObject(raffleFields).partial();
export type AdminRafflePatch = z.infer<typeof adminRafflePatchSchema>;

export const adminRafflesQuerySchema = adminListQuerySchema.extend({
  program: adminUid.optional(),
  /** true: drawn already; false: not yet. */
  drawn: queryFlag.optional(),
  ordering: orderingSchema(['title', 'ends_at']).optional(),
});
export type AdminRafflesQuery = z.infer<typeof adminRafflesQuerySchema>;

/** One member registered in a raffle, with what they answered to its fields. */
export const adminRaffleRegistrationSchema = z.object({
  uid: z.string(),
  user: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  created_at: z.string(),
  winner: z.boolean(),
});
export type AdminRaffleRegistration = z.infer<typeof adminRaffleRegistrationSchema>;

export const adminRaffleRegistrationsQuerySchema = z.strictObject({
  page: adminListQuerySchema.shape.page,
  page_size: adminListQuerySchema.shape.page_size,
  search: adminListQuerySchema.shape.search,
});

// Polls

const POLL_QUESTION_TYPES = ['CHOICE', 'TEXT'] as const;

export const adminPollSchema = z.object({
  ...adminPicturedItem,
  program: z.string(),
  valid_until: z.string().nullable(),
  position: z.number().int(),
  questions: z.array(
    z.object({
      uid: z.string(),
      text: z.string(),
      type: z.enum(POLL_QUESTION_TYPES),
      options: z.array(z.object({ uid: z.string(), text: z.string() })),
    }),
  ),
  /** Members who answered: once there is one, only the texts may change. */
  responses: z.number().int(),
  version: z.number().int(),
});
export type AdminPoll = z.infer<typeof adminPollSchema>;

/** Questions in their order; a question or option sent with its uid keeps it, one left out is removed. */
const pollQuestionsInput = z
  .array(
    z.strictObject({
      uid: adminUid.optional(),
      text: z.string().trim().min(1).max(500),
      type: z.enum(POLL_QUESTION_TYPES),
      options: z
        .array(z.strictObject({ uid: adminUid.optional(), text: z.string().trim().min(1).max(200) }))
        .max(20)
        .default([]),
    }),
  )
  .min(1)
  .max(50);
export type AdminPollQuestionsInput = z.infer<typeof pollQuestionsInput>;

const pollFields = {
  ...adminPicturedInput,
  valid_until: instant.nullable().optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
  questions: pollQuestionsInput,
};
export const adminPollCreateSchema = z.strictObject({ program: adminUid, ...pollFields });
export type AdminPollCreate = z.infer<typeof adminPollCreateSchema>;
export const adminPollPatchSchema = z.strictObject(pollFields).partial();
export type AdminPollPatch = z.infer<typeof adminPollPatchSchema>;

export const adminPollsQuerySchema = adminListQuerySchema.extend({
  program: adminUid.optional(),
  ordering: orderingSchema(['title', 'position', 'valid_until']).optional(),
});
export type AdminPollsQuery = z.infer<typeof adminPollsQuerySchema>;

/** Each question's answers: an option's count and its share of the question's answers (0 to 1). */
export const adminPollResultsSchema = z.object({
  poll: z.string(),
  responses: z.number().int(),
  questions: z.array(
    z.object({
      uid: z.string(),
      text: z.string(),
      type: z.enum(POLL_QUESTION_TYPES),
      answered: z.number().int(),
      options: z.array(
        z.object({ uid: z.string(), text: z.string(), count: z.number().int(), share: z.number() }),
      ),
      /** The newest written answers of a TEXT question (up to 20). */
      texts: z.array(z.string()),
    }),
  ),
});
export type AdminPollResults = z.infer<typeof adminPollResultsSchema>;

// Events (the company's) and ads (a program's)

const clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/)
  .transform((value) => value.slice(0, 5));

export const adminEventSchema = z.object({
  ...adminPicturedItem,
  start_date: z.string(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  location: z.string(),
  link: z.string().nullable(),
  is_active: z.boolean(),
  version: z.number().int(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

const eventFields = {
  ...adminPicturedInput,
  start_date: isoDate(),
  start_time: clock.nullable().optional(),
  end_date: isoDate().nullable().optional(),
  end_time: clock.nullable().optional(),
  location: z.string().trim().max(300).optional(),
  link: link.nullable().optional(),
  is_active: z.boolean().optional(),
};
export const adminEventCreateSchema = z.strictObject(eventFields);
export type AdminEventCreate = z.infer<typeof adminEventCreateSchema>;
export const adminEventPatchSchema = z.strictObject(eventFields).partial();
export type AdminEventPatch = z.infer<typeof adminEventPatchSchema>;

export const adminEventsQuerySchema = adminListQuerySchema.extend({
  is_active: queryFlag.optional(),
  ordering: orderingSchema(['start_date', 'title']).optional(),
});
export type AdminEventsQuery = z.infer<typeof adminEventsQuerySchema>;

export const adminAdSchema = z.object({
  ...adminPicturedItem,
  program: z.string(),
  link: z.string().nullable(),
  is_active: z.boolean(),
  position: z.number().int(),
  version: z.number().int(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;

const adFields = {
  ...adminPicturedInput,
  link: link.nullable().optional(),
  is_active: z.boolean().optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
};
export const adminAdCreateSchema = z.strictObject({ program: adminUid, ...adFields });
export type AdminAdCreate = z.infer<typeof adminAdCreateSchema>;
export const adminAdPatchSchema = z.strictObject(adFields).partial();
export type AdminAdPatch = z.infer<typeof adminAdPatchSchema>;

export const adminAdsQuerySchema = adminListQuerySchema.extend({
  program: adminUid.optional(),
  is_active: queryFlag.optional(),
  ordering: orderingSchema(['title', 'position']).optional(),
});
export type AdminAdsQuery = z.infer<typeof adminAdsQuerySchema>;
