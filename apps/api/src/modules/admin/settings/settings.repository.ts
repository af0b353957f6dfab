import type { Executor } from '@storefront/db/client';
import { apps, companies } from '@storefront/db/schema/tenancy';
import { eq, sql } from 'drizzle-orm';

export type SettingsCompanyRow = typeof companies.$inferSelect;
export type SettingsAppRow = typeof apps.$inferSelect;
export type CompanyChanges = Partial<
  Pick<SettingsCompanyRow, 'name' | 'logo' | 'banner' | 'whatsappNumber' | 'socialLinks' | 'hiddenForMembers'>
>;
export type AppChanges = Partial<
  Pick<
    SettingsAppRow,
    'colors' | 'signinMethods' | 'allowSignup' | 'allowAnonymousNavigation' | 'language' | 'languages'
  >
>;

/**
 * The company and its app. With `lock`, the company's row is locked until the transaction ends
 * (`FOR NO KEY UPDATE`: rows that reference the company are not blocked), so that two writes of the
 * settings run one after the other and the second sees the first's version.
 */
export async function findCompanyAndApp(
  db: Executor,
  companyUid: string,
  lock = false,
): Promise<{ company: SettingsCompanyRow; app: SettingsAppRow } | null> {
  const query = db.select().from(companies).where(eq(companies.uid, companyUid));
  const [company] = lock ? await query.for('no key update') : await query;
  if (!company) return null;
  const [app] = await db.select().from(apps).where(eq(apps.uid, company.appUid));
  return app ? { company, app } : null;
}

/** Writes the company's changes and moves the settings to their next version. */
export async function updateCompanySettings(db: Executor, companyUid: string, changes: CompanyChanges) {
  await db
    .update(companies)
    .set({ ...changes, settingsVersion: sql`${companies.settingsVersion} + 1` })
    .where(eq(companies.uid, companyUid));
}

export async function updateAppSettings(db: Executor, appUid: string, changes: AppChanges) {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(apps)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(apps.uid, appUid));
}

/**
 * Tells every API process (LISTEN app_events, modules/apps/app-events.ts) at commit that this app's
 * record changed (its settings, a new domain), so that none keeps answering it from before.
 */
export async function announceAppChange(db: Executor, appUid: string) {
  await db.execute(sql`select pg_notify('app_events', ${JSON.stringify({ app: appUid })})`);
}
