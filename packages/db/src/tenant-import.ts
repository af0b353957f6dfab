import { type TenantApp, type TenantFile, tenantFileSchema } from '@storefront/contracts/tenant-file';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';
import { hashPassword } from './passwords.ts';
import { installationOperators } from './schema/admin.ts';
import {
  appCompanies,
  appDomains,
  apps,
  areas,
  companies,
  companyCategories,
  places,
} from './schema/tenancy.ts';
import { staffRoles, users } from './schema/users.ts';
import { datesFromToday } from './tenant-dates.ts';
import { importCatalogue } from './tenant-import-catalogue.ts';
import { importContent } from './tenant-import-content.ts';
import { importLoyalty } from './tenant-import-loyalty.ts';
import { importOrders } from './tenant-import-orders.ts';

export interface TenantFileIssue {
  path: string;
  message: string;
}

export class TenantFileError extends Error {
  constructor(readonly issues: TenantFileIssue[]) {
    super(
      `The tenant file has ${issues.length} error(s):\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`,
    );
    this.name = 'TenantFileError';
  }
}

export interface ImportOptions {
  /** Demo accounts are loaded only outside production (architecture §7). */
  includeDemoUsers: boolean;
  /** The import day, from which a file with `dates_relative_to` counts its dates (now by default). */
  today?: Date;
}

export interface ImportSummary {
  apps: string[];
  users: number;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}${out ? '.' : ''}${String(key)}`),
    '',
  );
}

export function parseTenantFile(input: unknown): TenantFile {
  const parsed = tenantFileSchema.safeParse(input);
  if (!parsed.success) {
    throw new TenantFileError(
      parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
    );
  }
  return parsed.data;
}

/** Creates or updates every app of the file in one transaction: all of it, or nothing. */
export async function importTenantFile(
  db: Database,
  input: unknown,
  options: ImportOptions,
): Promise<ImportSummary> {
  const file = datesFromToday(parseTenantFile(input), options.today ?? new Date());
  // Passwords are hashed before the transaction so that it stays short.
  const passwordHashes = new Map<string, string>();
  for (const app of file.apps) {
    for (const user of app.users)
      passwordHashes.set(`${app.uid}:${user.email}`, await hashPassword(user.password));
  }
  let userCount = 0;
  await db.transaction(async (tx) => {
    for (const [index, app] of file.apps.entries()) {
      await checkOwnership(tx, app, index);
      await importApp(tx, app);
      await importCatalogue(tx, app, index);
      userCount += await importUsers(tx, app, passwordHashes, options);
      await importLoyalty(tx, app, index, options);
      await importOrders(tx, app, index);
      await importContent(tx, app, index);
    }
  });
  return { apps: file.apps.map((app) => app.uid), users: userCount };
}

/** A uid, domain or key already owned by another app is refused: one tenant never overwrites another. */
async function checkOwnership(tx: Transaction, app: TenantApp, appIndex: number): Promise<void> {
  const issues: TenantFileIssue[] = [];
  const at = `apps[${appIndex}]`;
  const ownedElsewhere = [
    { table: companies, uids: app.companies.map((c) => c.uid), path: `${at}.companies` },
    { table: areas, uids: app.areas.map((a) => a.uid), path: `${at}.areas` },
    {
      table: companyCategories,
      uids: app.company_categories.map((c) => c.uid),
      path: `${at}.company_categories`,
    },
    {
      table: places,
      uids: app.companies.flatMap((c) => c.places.map((p) => p.uid)),
      path: `${at}.companies.places`,
    },
  ];
  for (const { table, uids, path } of ownedElsewhere) {
    if (uids.length === 0) continue;
    const rows = await tx.execute<{ uid: string }>(
      sql`select ${table.uid} as uid from ${table} where ${inArray(table.uid, uids)} and ${ne(table.appUid, app.uid)}`,
    );
    for (const row of rows.rows) issues.push({ path, message: `uid ${row.uid} belongs to another app` });
  }
  const domainRows = await tx
    .select({ domain: appDomains.domain })
    .from(appDomains)
    .where(and(inArray(appDomains.domain, app.domains), ne(appDomains.appUid, app.uid)));
  for (const row of domainRows)
    issues.push({ path: `${at}.domains`, message: `domain ${row.domain} belongs to another app` });
  const keyRows = await tx
    .select({ uid: apps.uid })
    .from(apps)
    .where(and(eq(apps.apiKey, app.api_key), ne(apps.uid, app.uid)));
  if (keyRows.length > 0) issues.push({ path: `${at}.api_key`, message: 'api_key belongs to another app' });
  if (issues.length > 0) throw new TenantFileError(issues);
}

async function importApp(tx: Transaction, app: TenantApp): Promise<void> {
  const appRow = {
    uid: app.uid,
    name: app.name,
    subdomain: app.subdomain ?? null,
    apiKey: app.api_key,
    favicon: app.favicon ?? null,
    logo: app.logo ?? null,
    mainCompanyUid: app.main_company,
    allowAnonymousNavigation: app.allow_anonymous_navigation,
    allowSignup: app.allow_signup,
    landingPage: app.landing_page,
    landingPageType: app.landing_page_type,
    emptyPage: app.empty_page,
    marketplace: app.marketplace,
    signinMethods: app.signin_methods,
    recaptchaSettings: app.recaptcha_settings ?? null,
    siteFirebaseSettings: app.site_firebase_settings ?? null,
    firebaseSettings: app.firebase_settings ?? null,
    validateDocument: app.validate_document,
    validateMobileNumber: app.validate_mobile_number,
    site: app.site,
    deletionPathPrefix: app.deletion_path_prefix ?? null,
    eventsEnabled: app.events_enabled,
    maintenance: app.maintenance,
    colors: app.colors,
    currencySymbol: app.currency_symbol,
    language: app.language,
  };
  const { uid: _uid, ...appUpdate } = appRow;
  await tx
    .insert(apps)
    .values(appRow)
    .onConflictDoUpdate({ target: apps.uid, set: { ...appUpdate, updatedAt: sql`now()` } });

  await tx.delete(appDomains).where(eq(appDomains.appUid, app.uid));
  await tx
    .insert(appDomains)
    .values(app.domains.map((domain, position) => ({ domain, appUid: app.uid, position })));

  for (const area of app.areas) {
    const row = { uid: area.uid, appUid: app.uid, name: area.name, countryCode: area.country_code };
    await tx
      .insert(areas)
      .values(row)
      .onConflictDoUpdate({ target: areas.uid, set: { name: row.name, countryCode: row.countryCode } });
  }

  for (const category of app.company_categories) {
    const row = {
      uid: category.uid,
      appUid: app.uid,
      name: category.name,
      image: category.image ?? null,
      color: category.color ?? null,
    };
    await tx
      .insert(companyCategories)
      .values(row)
      .onConflictDoUpdate({
        target: companyCategories.uid,
        set: { name: row.name, image: row.image, color: row.color },
      });
  }

  for (const company of app.companies) {
    const row = {
      uid: company.uid,
      appUid: app.uid,
      name: company.name,
      description: company.description,
      logo: company.logo ?? null,
      logoRectangle: company.logo_rectangle ?? null,
      banner: company.banner ?? null,
      cover: company.cover ?? null,
      whatsappNumber: company.whatsapp_number ?? null,
      ecommerceEnabled: company.ecommerce_enabled,
      benefitProgramsEnabled: company.benefit_programs_enabled,
      subscriptionEnabled: company.subscription_enabled,
      deliveryService: company.delivery_service,
      submodules: company.submodules,
      hiddenForMembers: company.hidden_for_members,
      socialLinks: company.social_links,
      categoryUid: company.category ?? null,
    };
    const { uid: _c, appUid: _a, ...companyUpdate } = row;
    await tx.insert(companies).values(row).onConflictDoUpdate({ target: companies.uid, set: companyUpdate });
    for (const place of company.places) {
      const placeRow = {
        uid: place.uid,
        appUid: app.uid,
        companyUid: company.uid,
        areaUid: place.area,
        name: place.name,
        address: place.address,
        phone: place.phone,
        usesCountryDeliveryService: place.uses_country_delivery_service,
        latitude: place.latitude ?? null,
        longitude: place.longitude ?? null,
      };
      const { uid: _p, appUid: _pa, ...placeUpdate } = placeRow;
      await tx.insert(places).values(placeRow).onConflictDoUpdate({ target: places.uid, set: placeUpdate });
    }
  }

  // The main company is always allowed, first.
  const allowed = [app.main_company, ...app.allowed_companies.filter((uid) => uid !== app.main_company)];
  await tx.delete(appCompanies).where(eq(appCompanies.appUid, app.uid));
  await tx
    .insert(appCompanies)
    .values(allowed.map((companyUid, position) => ({ appUid: app.uid, companyUid, position })));
}

async function importUsers(
  tx: Transaction,
  app: TenantApp,
  passwordHashes: Map<string, string>,
  options: ImportOptions,
): Promise<number> {
  let count = 0;
  for (const user of app.users) {
    if (user.demo && !options.includeDemoUsers) continue;
    const email = user.email.toLowerCase();
    const profile = {
      documentType: user.document_type,
      documentNumber: user.document_number?.toUpperCase() ?? null,
      firstName: user.first_name,
      lastName: user.last_name,
      mobileNumber: user.mobile_number ?? null,
      countryCodeNumber: user.country_code_number ?? null,
      birthdate: user.birthdate ?? null,
      gender: user.gender ?? null,
      areaUid: user.area ?? null,
      isDemo: user.demo,
    };
    const [existing] = await tx
      .select({ uid: users.uid })
      .from(users)
      .where(
        and(
          eq(users.appUid, app.uid),
          sql`lower(${users.email}) = ${email}`,
          sql`${users.deletedAt} is null`,
        ),
      );
    let userUid: string;
    if (existing) {
      // The file sets the first password only: a member's own change is never overwritten.
      await tx.update(users).set(profile).where(eq(users.uid, existing.uid));
      userUid = existing.uid;
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          ...(user.uid ? { uid: user.uid } : {}),
          appUid: app.uid,
          email,
          passwordHash: passwordHashes.get(`${app.uid}:${user.email}`) ?? null,
          emailVerifiedAt: user.email_verified ? new Date() : null,
          language: app.language,
          ...profile,
        })
        .returning({ uid: users.uid });
      userUid = (created as { uid: string }).uid;
    }
    await tx.delete(staffRoles).where(eq(staffRoles.userUid, userUid));
    if (user.staff) {
      await tx.insert(staffRoles).values({
        userUid,
        companyUid: user.staff.company,
        role: user.staff.role,
        placeUids: user.staff.places,
      });
    }
    if (user.operator) await tx.insert(installationOperators).values({ userUid }).onConflictDoNothing();
    count++;
  }
  return count;
}
