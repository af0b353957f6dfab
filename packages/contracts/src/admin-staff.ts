import { z } from 'zod';
import { adminListQuerySchema, adminUid, orderingSchema } from './admin.ts';

// The company's people in the admin site (issue 17, owner only): who holds which role in which places,
// invited by e-mail, changed and revoked; and the company's places (managers too).

/** Roles as the admin API spells them; the database keeps `OWNER`, `MANAGER`, `STAFF`. */
export const STAFF_ROLES = ['owner', 'manager', 'staff'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];
export const DB_ROLE_OF = { owner: 'OWNER', manager: 'MANAGER', staff: 'STAFF' } as const;

/** One person of the company: `uid` is the user's. */
export const adminStaffSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(STAFF_ROLES),
  places: z.array(z.string()),
  version: z.number().int(),
});
export type AdminStaff = z.infer<typeof adminStaffSchema>;

const places = z.array(adminUid).max(200);

/**
 * Invites a person: a user of the app with this e-mail gets the role; an unknown e-mail gets an account
 * and the welcome mail that sets its password.
 */
export const adminStaffCreateSchema = z.strictObject({
  email: z.email().max(254),
  role: z.enum(STAFF_ROLES),
  places: places.default([]),
  first_name: z.string().trim().max(100).nullish(),
  last_name: z.string().trim().max(100).nullish(),
});
export type AdminStaffCreate = z.infer<typeof adminStaffCreateSchema>;

export const adminStaffPatchSchema = z.strictObject({
  role: z.enum(STAFF_ROLES).optional(),
  places: places.optional(),
});
export type AdminStaffPatch = z.infer<typeof adminStaffPatchSchema>;

export const STAFF_ORDERINGS = ['email', 'role'] as const;
export const adminStaffQuerySchema = adminListQuerySchema.extend({
  role: z.enum(STAFF_ROLES).optional(),
  ordering: orderingSchema(STAFF_ORDERINGS).optional(),
});
export type AdminStaffQuery = z.infer<typeof adminStaffQuerySchema>;

export const adminStaffParamsSchema = z.strictObject({ companyUid: adminUid, uid: z.uuid() });
