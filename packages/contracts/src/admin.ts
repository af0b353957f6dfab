import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

// The admin API (architecture §9): sign-in, the caller's companies and roles, list paging and the
// lost-update answer that every company-scoped resource under /api/admin/ shares.

export const adminUid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * Roles as the admin API spells them. The database keeps the retail spelling (`OWNER`, `MANAGER`,
 * `STAFF` in staff_roles); `staff` never reaches the admin site.
 */
export const ADMIN_ROLES = ['owner', 'manager'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const STAFF_ROLE_OF_ADMIN_ROLE = { owner: 'OWNER', manager: 'MANAGER' } as const;

/** `POST /api/admin/session/`. */
export const adminSessionBodySchema = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});
export type AdminSessionBody = z.infer<typeof adminSessionBodySchema>;

export const adminUserSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminSessionSchema = z.object({ token: z.string(), user: adminUserSchema });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminCompanyRoleSchema = z.object({
  uid: z.string(),
  name: z.string(),
  app_uid: z.string(),
  role: z.enum(ADMIN_ROLES),
});
export type AdminCompanyRole = z.infer<typeof adminCompanyRoleSchema>;

/** `GET /api/admin/me/`. */
export const adminMeSchema = z.object({
  user: adminUserSchema,
  is_operator: z.boolean(),
  companies: z.array(adminCompanyRoleSchema),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** Params of every company-scoped route: `/api/admin/companies/{company_uid}/...`. */
export const adminCompanyParamsSchema = z.strictObject({ companyUid: adminUid });
export const adminObjectParamsSchema = z.strictObject({ companyUid: adminUid, uid: adminUid });

/** `?page=1&page_size=25&search=&ordering=-field`; each resource adds its filters and orderings. */
export const adminListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  search: z.string().trim().max(100).optional(),
});

/** `ordering=field` or `-field` (descending), among a resource's sortable fields. */
export function orderingSchema(fields: readonly [string, ...string[]]) {
  return z.enum(fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]]);
}

/** Query booleans: `true` or `false`. */
/** What a campaign or an activity (promotion, raffle, poll, event, ad) answers with first: its words and picture. */
export const adminPicturedItem = {
  uid: z.string(),
  title: z.string(),
  description: z.string(),
  image_uid: z.string().nullable(),
  /** What the storefront shows (the upload's URL, or an imported picture). */
  image: z.string().nullable(),
};

/** The same words and picture as a create or a change takes them. */
export const adminPicturedInput = {
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).optional(),
  image_uid: adminUid.nullable().optional(),
};

export const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `If-Match: "3"` (a weak `W/"3"` too) names the version a PATCH or DELETE was made from. */
export const ifMatchSchema = z
  .string()
  .regex(/^(W\/)?"?\d{1,9}"?$/)
  .transform((value) => Number(value.replace(/^W\//, '').replaceAll('"', '')));

/** 409 on a stale `If-Match`: the object as it is now, so that the editor can merge. */
export function conflictSchema<T extends z.ZodType>(current: T) {
  return z.object({ detail: z.string(), current });
}

/** One line of the audit log: who changed which object of the company, and the fields before and after. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export const AUDIT_OBJECT_TYPES = [
  'category',
  'product',
  'availability',
  'order',
  'place',
  'city',
  'settings',
  'staff',
  'image',
  'member',
  'membership',
  'program',
  'promotion',
  'coupon',
  'gift_card',
  'raffle',
  'raffle_draw',
  'poll',
  'event',
  'ad',
  'app',
  'company',
  'landing_section',
  'site_content',
] as const;
export const auditEntrySchema = z.object({
  uid: z.string(),
  created_at: z.string(),
  user: adminUserSchema.nullable(),
  object_type: z.string(),
  object_uid: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The changed fields as they were (null on create) and as they became (null on delete). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET .../audit-log/?object_type=&object_uid=&user=&since=&until=` (owner only); newest first. */
export const auditLogQuerySchema = z.strictObject({
  page: adminListQuerySchema.shape.page,
  page_size: adminListQuerySchema.shape.page_size,
  object_type: z.enum(AUDIT_OBJECT_TYPES).optional(),
  /** A uid, or `{place_uid}.{product_uid}` for availability. */
  object_uid: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,130}$/)
    .optional(),
  user: z.uuid().optional(),
  /** ISO date-times (or dates): entries at or after `since`, before `until`. */
  since: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  until: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
