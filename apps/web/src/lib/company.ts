import type { App, Company } from '@storefront/contracts/app';
import type { HiddenModule } from '@storefront/contracts/constants';

// Which company a page is about, and what it shows: read by the routing rules (app/guards.ts) and by
// the features' links and screens alike.

export const isMultiCompany = (app: App) => app.allowed_companies.length > 1;

export const isHidden = (company: Company, module: HiddenModule) =>
  company.hidden_for_members.includes(module);

/** If all of cart, store and program are hidden, the shell shows only a logo. */
export const allModulesHidden = (company: Company) =>
  isHidden(company, 'cart') && isHidden(company, 'store') && isHidden(company, 'program');

export function companyByUid(app: App, companyUid: string | undefined): Company | null {
  if (!companyUid) return app.company;
  return app.allowed_companies.find((company) => company.uid === companyUid) ?? null;
}

/** Routes are prefixed /c/{companyUid} for a company other than the main one of a multisite app. */
export function companyPrefix(app: App, companyUid: string | undefined): string {
  return companyUid && companyUid !== app.company.uid && isMultiCompany(app) ? `/c/${companyUid}` : '';
}
