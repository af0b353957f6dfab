import { z } from 'zod';
import { firebaseSettingsSchema } from './app.ts';
import {
  DOCUMENT_TYPES,
  GENDERS,
  HIDDEN_MODULES,
  LANDING_TYPES,
  LANGUAGES,
  SIGNIN_METHODS,
  STAFF_ROLES,
} from './constants.ts';
import { tenantContentSchema } from './content.ts';
import { COUNTRIES } from './countries.ts';
import { signinMethodComplete } from './signin.ts';
import {
  refineCompanyCatalogue,
  tenantAdSchema,
  tenantOpeningHoursSchema,
  tenantProductCategorySchema,
  tenantProductSchema,
  timeZoneSchema,
} from './tenant-file-catalogue.ts';
import { refineLoyalty, tenantLoyaltySchema } from './tenant-file-loyalty.ts';
import { refineOrders, tenantOrdersSchema } from './tenant-file-orders.ts';
import { isoDate, placePhoneSchema } from './validators.ts';

/**
 * The tenant file: one JSON document that creates or updates apps with everything they own
 * (docs/tenant-file.md). Objects are keyed by their `uid`, so importing the same file twice changes
 * nothing; a uid already owned by another app is refused.
 */
const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uid: letters, digits, _ and - (at most 64)');
const countryCode = z.enum(COUNTRIES.map((country) => country.code) as [string, ...string[]]);
const imageUrl = z.string().max(2000);

export const tenantPlaceSchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  address: z.string().max(500).default(''),
  phone: placePhoneSchema.default(''),
  area: uid,
  uses_country_delivery_service: z.boolean().default(false),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  opening_hours: z.array(tenantOpeningHoursSchema).default([]),
  pickup_lead_minutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(30),
  time_zone: timeZoneSchema.default('America/Lima'),
});

export const tenantCompanySchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  description: z.string().max(5000).default(''),
  logo: imageUrl.optional(),
  logo_rectangle: imageUrl.optional(),
  banner: imageUrl.optional(),
  cover: imageUrl.optional(),
  whatsapp_number: z.string().max(30).optional(),
  ecommerce_enabled: z.boolean().default(false),
  benefit_programs_enabled: z.boolean().default(false),
  subscription_enabled: z.boolean().default(false),
  delivery_service: z.boolean().default(false),
  submodules: z.array(z.strictObject({ sku: z.string().min(1).max(100) })).default([]),
  hidden_for_members: z.array(z.enum(HIDDEN_MODULES)).default([]),
  social_links: z.record(z.string(), z.string().max(2000)).default({}),
  category: uid.optional(),
  places: z.array(tenantPlaceSchema).default([]),
  product_categories: z.array(tenantProductCategorySchema).default([]),
  products: z.array(tenantProductSchema).default([]),
  ads: z.array(tenantAdSchema).default([]),
});

export const tenantAreaSchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  country_code: countryCode,
});

export const tenantCompanyCategorySchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  image: imageUrl.optional(),
  color: z.string().max(20).optional(),
});

export const tenantUserSchema = z.strictObject({
  uid: z.uuid().optional(),
  email: z.email().max(254),
  password: z.string().min(8).max(200),
  document_type: z.enum(DOCUMENT_TYPES).default('NATIONAL_ID'),
  document_number: z.string().max(20).optional(),
  first_name: z.string().max(100).default(''),
  last_name: z.string().max(100).default(''),
  mobile_number: z.string().max(20).optional(),
  country_code_number: z.string().max(6).optional(),
  birthdate: isoDate().optional(),
  gender: z.enum(GENDERS).optional(),
  area: uid.optional(),
  email_verified: z.boolean().default(true),
  /** Demo accounts are loaded only outside production. */
  demo: z.boolean().default(false),
  staff: z
    .strictObject({
      company: uid,
      role: z.enum(STAFF_ROLES),
      places: z.array(uid).min(1),
    })
    .optional(),
  /** An installation operator of the admin site (architecture §9). */
  operator: z.boolean().default(false),
});

export const tenantAppSchema = z.strictObject({
  uid,
  name: z.string().min(1).max(200),
  domains: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'domain: lowercase host name')).min(1),
  subdomain: z.string().max(100).optional(),
  api_key: z.string().min(16).max(128),
  favicon: imageUrl.optional(),
  logo: imageUrl.optional(),
  main_company: uid,
  allowed_companies: z.array(uid).default([]),
  allow_anonymous_navigation: z.boolean().default(true),
  allow_signup: z.boolean().default(true),
  landing_page: z.boolean().default(false),
  landing_page_type: z.enum(LANDING_TYPES).default('MODEL_2'),
  empty_page: z.boolean().default(false),
  marketplace: z.boolean().default(false),
  signin_methods: z
    .array(
      z
        .strictObject({
          type: z.enum(SIGNIN_METHODS),
          settings: z.record(z.string(), z.unknown()).default({}),
        })
        .refine(signinMethodComplete, {
          path: ['settings'],
          message: 'GOOGLE and IOS need settings.client_id, FACEBOOK settings.app_id',
        }),
    )
    .default([{ type: 'EMAIL', settings: {} }]),
  recaptcha_settings: z.strictObject({ site_key: z.string(), secret_key: z.string() }).optional(),
  site_firebase_settings: firebaseSettingsSchema.partial().strict().optional(),
  firebase_settings: firebaseSettingsSchema.partial().strict().optional(),
  validate_document: z.boolean().default(false),
  validate_mobile_number: z.boolean().default(false),
  site: z
    .strictObject({
      faqs: z.string().max(200_000).optional(),
      privacy_policies: z.string().max(200_000).optional(),
      terms_and_conditions: z.string().max(200_000).optional(),
      cookies: z.string().max(200_000).optional(),
    })
    .default({}),
  deletion_path_prefix: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  events_enabled: z.boolean().default(false),
  maintenance: z.boolean().default(false),
  colors: z
    .strictObject({ main_color: z.string().max(20).optional(), menu_color: z.string().max(20).optional() })
    .default({}),
  currency_symbol: z.string().min(1).max(5).default('S/'),
  language: z.enum(LANGUAGES).default('es'),
  areas: z.array(tenantAreaSchema).default([]),
  company_categories: z.array(tenantCompanyCategorySchema).default([]),
  companies: z.array(tenantCompanySchema).min(1),
  users: z.array(tenantUserSchema).default([]),
  ...tenantLoyaltySchema,
  ...tenantOrdersSchema,
  ...tenantContentSchema,
});

export const tenantFileSchema = z
  .strictObject({
    /** The day the file's schedule is written from: on import its dates move to today (decision 017). */
    dates_relative_to: z.iso.date().optional(),
    apps: z.array(tenantAppSchema).min(1),
  })
  .superRefine((file, ctx) => {
    file.apps.forEach((app, appIndex) => {
      const at = (...path: (string | number)[]) => ['apps', appIndex, ...path];
      refineLoyalty(app, ctx, at);
      refineOrders(app, ctx, at);
      const companies = new Set(app.companies.map((company) => company.uid));
      const areas = new Set(app.areas.map((area) => area.uid));
      const categories = new Set(app.company_categories.map((category) => category.uid));
      const places = new Map(
        app.companies.flatMap((company) => company.places.map((p) => [p.uid, company.uid])),
      );
      if (!companies.has(app.main_company)) {
        ctx.addIssue({
          code: 'custom',
          path: at('main_company'),
          message: `unknown company ${app.main_company}`,
        });
      }
      app.allowed_companies.forEach((company, i) => {
        if (!companies.has(company)) {
          ctx.addIssue({
            code: 'custom',
            path: at('allowed_companies', i),
            message: `unknown company ${company}`,
          });
        }
      });
      app.companies.forEach((company, c) => {
        refineCompanyCatalogue(company, ctx, at('companies', c));
        if (company.category && !categories.has(company.category)) {
          ctx.addIssue({
            code: 'custom',
            path: at('companies', c, 'category'),
            message: `unknown category ${company.category}`,
          });
        }
        company.places.forEach((place, p) => {
          if (!areas.has(place.area)) {
            ctx.addIssue({
              code: 'custom',
              path: at('companies', c, 'places', p, 'area'),
              message: `unknown area ${place.area}`,
            });
          }
        });
      });
      app.users.forEach((user, u) => {
        if (user.area && !areas.has(user.area)) {
          ctx.addIssue({
            code: 'custom',
            path: at('users', u, 'area'),
            message: `unknown area ${user.area}`,
          });
        }
        if (user.staff && !companies.has(user.staff.company)) {
          ctx.addIssue({
            code: 'custom',
            path: at('users', u, 'staff', 'company'),
            message: `unknown company ${user.staff.company}`,
          });
        }
        user.staff?.places.forEach((place, p) => {
          if (places.get(place) !== user.staff?.company) {
            ctx.addIssue({
              code: 'custom',
              path: at('users', u, 'staff', 'places', p),
              message: `place ${place} is not a place of company ${user.staff?.company}`,
            });
          }
        });
      });
    });
  });

export type TenantFile = z.infer<typeof tenantFileSchema>;
export type TenantApp = TenantFile['apps'][number];
