import { z } from 'zod';
import { adminUid } from './admin.ts';
import { HIDDEN_MODULES, LANGUAGES, SIGNIN_METHODS } from './constants.ts';

export { ADMIN_SIGNIN_METHODS, SOCIAL_NETWORKS } from './constants.ts';

// A company's settings in the admin site (issue 17, owner only): branding, contact, and for the app's
// main company the app's own settings (colours, sign-in, signup, anonymous navigation, languages).

/** The settings that belong to the app: only its main company's owners (and operators) change them. */
export const APP_SETTINGS = [
  'main_color',
  'menu_color',
  'signin_methods',
  'allow_signup',
  'allow_anonymous_navigation',
  'language',
  'languages',
] as const;

/** An address of an upload of the company (POST images/) as the settings keep it. */
const imageUid = adminUid.nullable();

/**
 * `GET .../settings/`. `app` is null when the company is not its app's main company: the app's settings
 * are changed from that one.
 */
export const adminSettingsSchema = z.object({
  company_uid: z.string(),
  name: z.string(),
  logo_uid: z.string().nullable(),
  logo: z.string().nullable(),
  banner_uid: z.string().nullable(),
  banner: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  social_links: z.record(z.string(), z.string()),
  hidden_for_members: z.array(z.enum(HIDDEN_MODULES)),
  app: z
    .object({
      uid: z.string(),
      main_color: z.string().nullable(),
      menu_color: z.string().nullable(),
      signin_methods: z.array(z.enum(SIGNIN_METHODS)),
      allow_signup: z.boolean(),
      allow_anonymous_navigation: z.boolean(),
      language: z.enum(LANGUAGES),
      languages: z.array(z.enum(LANGUAGES)),
    })
    .nullable(),
  version: z.number().int(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * `PATCH .../settings/`: any of the fields. Colours, the WhatsApp number, links and languages are
 * checked by the service, which answers each with its own message in the caller's language.
 */
export const adminSettingsPatchSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  logo_uid: imageUid.optional(),
  banner_uid: imageUid.optional(),
  whatsapp_number: z.string().trim().max(30).nullable().optional(),
  /** A network left empty (or null) is taken away. */
  social_links: z.record(z.string().max(30), z.string().trim().max(500).nullable()).optional(),
  hidden_for_members: z.array(z.string().max(30)).max(10).optional(),
  main_color: z.string().max(30).nullable().optional(),
  menu_color: z.string().max(30).nullable().optional(),
  signin_methods: z.array(z.string().max(30)).max(10).optional(),
  allow_signup: z.boolean().optional(),
  allow_anonymous_navigation: z.boolean().optional(),
  language: z.string().max(10).optional(),
  languages: z.array(z.string().max(10)).max(5).optional(),
});
export type AdminSettingsPatch = z.infer<typeof adminSettingsPatchSchema>;
