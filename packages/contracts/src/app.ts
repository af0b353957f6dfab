import { z } from 'zod';
import { HIDDEN_MODULES, LANDING_TYPES, LANGUAGES, SIGNIN_METHODS } from './constants.ts';

/** A company as the storefront sees it (spec §3). */
export const companySchema = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  logo_rectangle: z.string().nullable(),
  banner: z.string().nullable(),
  cover: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  ecommerce_enabled: z.boolean(),
  benefit_programs_enabled: z.boolean(),
  subscription_enabled: z.boolean(),
  delivery_service: z.boolean(),
  submodules: z.array(z.object({ sku: z.string() })),
  hidden_for_members: z.array(z.enum(HIDDEN_MODULES)),
  social_links: z.record(z.string(), z.string()),
  is_main: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

export const signinMethodSchema = z.object({
  type: z.enum(SIGNIN_METHODS),
  settings: z.record(z.string(), z.unknown()),
});

export const firebaseSettingsSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  databaseURL: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  messagingSenderId: z.string(),
  appId: z.string(),
  measurementId: z.string(),
});

export const areaSchema = z.object({ uid: z.string(), name: z.string(), country_code: z.string() });
export type Area = z.infer<typeof areaSchema>;

/** The public app record (spec §3). Server-side secrets never appear here. */
export const appSchema = z.object({
  uid: z.string(),
  name: z.string(),
  domain: z.string(),
  subdomain: z.string().nullable(),
  favicon: z.string().nullable(),
  logo: z.string().nullable(),
  api_key: z.string(),
  company: companySchema,
  allowed_companies: z.array(companySchema),
  allowed_programs: z.array(z.object({ uid: z.string() })),
  allow_anonymous_navigation: z.boolean(),
  allow_signup: z.boolean(),
  landing_page: z.boolean(),
  landing_page_type: z.enum(LANDING_TYPES),
  empty_page: z.boolean(),
  marketplace: z.boolean(),
  /** The installation's admin site (ADMIN_HOST, architecture §9), where the administrator links point. */
  admin_url: z.string(),
  signin_methods: z.array(signinMethodSchema),
  recaptcha_settings: z.object({ site_key: z.string() }).nullable(),
  site_firebase_settings: firebaseSettingsSchema.partial().nullable(),
  firebase_settings: firebaseSettingsSchema.partial().nullable(),
  countries: z.array(z.object({ name: z.string(), code: z.string(), areas: z.array(areaSchema) })),
  validate_document: z.boolean(),
  validate_mobile_number: z.boolean(),
  site: z.object({
    faqs: z.string().nullable(),
    privacy_policies: z.string().nullable(),
    terms_and_conditions: z.string().nullable(),
    /** The tenant's text above the cookie choices of /cookies/ (admin content). */
    cookies: z.string().nullable(),
  }),
  deletion_path_prefix: z.string().nullable(),
  events_enabled: z.boolean(),
  maintenance: z.boolean(),
  colors: z.object({ main_color: z.string().nullable(), menu_color: z.string().nullable() }),
  currency: z.object({ symbol: z.string() }),
  /** The default language; `languages` are the ones the selector offers (the admin settings). */
  language: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
});
export type App = z.infer<typeof appSchema>;
