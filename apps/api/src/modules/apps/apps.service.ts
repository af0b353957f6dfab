import type { App, Company } from '@storefront/contracts/app';
import { LANGUAGES, type Language } from '@storefront/contracts/constants';
import { countryByCode } from '@storefront/contracts/countries';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { RequestContext } from '../../lib/request-context.ts';
import { listProgramUids } from '../loyalty/programs.repository.ts';
import {
  type CompanyRow,
  findAppByDomain,
  listAllowedCompanies,
  listAreas,
  type TenantApp,
} from './apps.repository.ts';

/** A leading www. is ignored when an app is chosen by its domain (spec §1). */
export function normaliseDomain(host: string): string {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return name.startsWith('www.') ? name.slice(4) : name;
}

export function toCompanyDto(company: CompanyRow, mainCompanyUid: string): Company {
  return {
    uid: company.uid,
    name: company.name,
    description: company.description,
    logo: company.logo,
    logo_rectangle: company.logoRectangle,
    banner: company.banner,
    cover: company.cover,
    whatsapp_number: company.whatsappNumber,
    ecommerce_enabled: company.ecommerceEnabled,
    benefit_programs_enabled: company.benefitProgramsEnabled,
    subscription_enabled: company.subscriptionEnabled,
    delivery_service: company.deliveryService,
    submodules: company.submodules,
    hidden_for_members: company.hiddenForMembers as Company['hidden_for_members'],
    social_links: company.socialLinks,
    is_main: company.uid === mainCompanyUid,
  };
}

/** The public app record of spec §3; the captcha secret and other server-side settings stay out. */
/** The app record of spec §3, with the admin site's address (`adminUrl`, the request's: lib/public-origin.ts). */
export async function buildAppRecord(
  db: Database,
  app: TenantApp,
  language: Language,
  adminUrl: string,
): Promise<App> {
  const [companyRows, areaRows, programUids] = await Promise.all([
    listAllowedCompanies(db, app.uid),
    listAreas(db, app.uid),
    listProgramUids(db, app.uid),
  ]);
  const allowed = companyRows.map((company) => toCompanyDto(company, app.mainCompanyUid));
  const main = allowed.find((company) => company.is_main);
  if (!main) throw new Error(`App ${app.uid} has no main company`);
  const countryCodes = [...new Set(areaRows.map((area) => area.countryCode))];
  return {
    uid: app.uid,
    name: app.name,
    domain: app.domain,
    subdomain: app.subdomain,
    favicon: app.favicon,
    logo: app.logo,
    api_key: app.apiKey,
    company: main,
    allowed_companies: allowed,
    allowed_programs: programUids.map((uid) => ({ uid })),
    allow_anonymous_navigation: app.allowAnonymousNavigation,
    allow_signup: app.allowSignup,
    landing_page: app.landingPage,
    landing_page_type: app.landingPageType as App['landing_page_type'],
    empty_page: app.emptyPage,
    marketplace: app.marketplace,
    admin_url: adminUrl,
    signin_methods: app.signinMethods as App['signin_methods'],
    recaptcha_settings: app.recaptchaSettings ? { site_key: app.recaptchaSettings.site_key } : null,
    site_firebase_settings: app.siteFirebaseSettings,
    firebase_settings: app.firebaseSettings,
    countries: countryCodes.map((code) => {
      const country = countryByCode(code);
      return {
        code,
        name: (language === 'en' ? country?.name_en : country?.name_es) ?? code,
        areas: areaRows
          .filter((area) => area.countryCode === code)
          .map((area) => ({ uid: area.uid, name: area.name, country_code: area.countryCode })),
      };
    }),
    validate_document: app.validateDocument,
    validate_mobile_number: app.validateMobileNumber,
    site: {
      faqs: app.site.faqs ?? null,
      privacy_policies: app.site.privacy_policies ?? null,
      terms_and_conditions: app.site.terms_and_conditions ?? null,
      cookies: app.site.cookies ?? null,
    },
    deletion_path_prefix: app.deletionPathPrefix,
    events_enabled: app.eventsEnabled,
    maintenance: app.maintenance,
    colors: { main_color: app.colors.main_color ?? null, menu_color: app.colors.menu_color ?? null },
    currency: { symbol: app.currencySymbol },
    language: app.language === 'en' ? 'en' : 'es',
    languages: LANGUAGES.filter((language) => app.languages.includes(language)),
  };
}

/**
 * The app served on a domain. A request already bound to another tenant (by its host or key) is
 * answered 404, so that one tenant cannot read another's record through this call.
 */
export async function getAppByDomain(
  db: Database,
  tenant: TenantApp | null,
  domain: string,
  language: Language,
  adminUrl: string,
): Promise<App> {
  const app = await findAppByDomain(db, normaliseDomain(domain));
  if (!app || (tenant && tenant.uid !== app.uid)) throw new AppError('APP_NOT_FOUND');
  return buildAppRecord(db, app, language, adminUrl);
}

export async function getAppByUid(ctx: RequestContext, uid: string, adminUrl: string): Promise<App> {
  if (ctx.app.uid !== uid) throw new AppError('NOT_FOUND');
  return buildAppRecord(ctx.db, ctx.app, ctx.language, adminUrl);
}
