import { z } from 'zod';
import { adminListQuerySchema, adminUid } from './admin.ts';

// The installation operator's screens (issue 17): apps with their domains and main company, the
// companies of an app, and a company's first owner. Only installation operators call these.

export const adminOperatorAppSchema = z.object({
  uid: z.string(),
  name: z.string(),
  /** Host names the storefront answers on; the first is the canonical one. */
  domains: z.array(z.string()),
  main_company: z.object({ uid: z.string(), name: z.string() }),
  companies_count: z.number().int(),
});
export type AdminOperatorApp = z.infer<typeof adminOperatorAppSchema>;

/** A host name as typed (`tienda.pe`, `www.tienda.pe`, `tienda.localhost`); the service checks it. */
const domain = z.string().trim().min(1).max(253);

/** `POST .../operator/apps/`: the app and its main company (named like the app unless told). */
export const adminOperatorAppCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  domains: z.array(domain).min(1).max(10),
  main_company_name: z.string().trim().min(1).max(200).optional(),
});
export type AdminOperatorAppCreate = z.infer<typeof adminOperatorAppCreateSchema>;

export const adminOperatorCompanySchema = z.object({
  uid: z.string(),
  name: z.string(),
  app_uid: z.string(),
  is_main: z.boolean(),
  /** The e-mails of the company's owners. */
  owners: z.array(z.string()),
});
export type AdminOperatorCompany = z.infer<typeof adminOperatorCompanySchema>;

export const adminOperatorCompanyCreateSchema = z.strictObject({ name: z.string().trim().min(1).max(200) });

/** `POST .../operator/companies/{uid}/owners/`: the company's owner by e-mail (an account is made if needed). */
export const adminOperatorOwnerCreateSchema = z.strictObject({
  email: z.email().max(254),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
});
export type AdminOperatorOwnerCreate = z.infer<typeof adminOperatorOwnerCreateSchema>;

export const adminOperatorOwnerSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  company_uid: z.string(),
  role: z.literal('owner'),
});

export const adminOperatorListQuerySchema = adminListQuerySchema;
export const adminOperatorAppParamsSchema = z.strictObject({ appUid: adminUid });
export const adminOperatorCompanyParamsSchema = z.strictObject({ companyUid: adminUid });
