import {
  type AdminSiteContent,
  type AdminSiteContentPatch,
  POLICY_TEXTS,
} from '@storefront/contracts/admin-content';
import type { LANDING_TYPES } from '@storefront/contracts/constants';
import { tenantHtmlCleaner } from '../../../lib/tenant-html.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { checkVersion } from '../catalogue/versions.ts';
import { announceAppChange } from '../settings/settings.repository.ts';
import * as repo from './content.repository.ts';
import { contentApp } from './landing.service.ts';

const AUDIT = 'site_content';

function toSiteContent(app: repo.ContentAppRow, storefrontUrl: string): AdminSiteContent {
  return {
    app_uid: app.uid,
    landing_page: app.landingPage,
    landing_page_type: app.landingPageType as (typeof LANDING_TYPES)[number],
    terms_and_conditions: app.site.terms_and_conditions ?? '',
    privacy_policies: app.site.privacy_policies ?? '',
    faqs: app.site.faqs ?? '',
    cookies: app.site.cookies ?? '',
    storefront_url: storefrontUrl,
    version: app.siteVersion,
  };
}

const audited = ({ app_uid: _, version: __, storefront_url: ___, ...fields }: AdminSiteContent) => fields;

/** `storefront` gives the app's storefront origin (publicOrigin: the link builder's rule). */
type Storefront = () => Promise<string>;

export async function getSiteContent(ctx: AdminContext, storefront: Storefront): Promise<AdminSiteContent> {
  const app = await contentApp(ctx.db, ctx);
  return toSiteContent(app, await storefront());
}

/**
 * Changes the policy texts and the landing's switch. Each text is cleaned with the storefront
 * renderer's rules before it is stored (what is saved is what a member can be shown); audited; every
 * process forgets the app record at commit (app_events), so the storefront's pages show it at once.
 */
export async function updateSiteContent(
  ctx: AdminContext,
  body: AdminSiteContentPatch,
  ifMatch: number | undefined,
  storefront: Storefront,
): Promise<AdminSiteContent> {
  // Before the transaction: the embedded database has one connection, which the transaction holds.
  const storefrontUrl = await storefront();
  const cleanHtml = await tenantHtmlCleaner();
  return ctx.db.transaction(async (tx) => {
    const app = await contentApp(tx, ctx, true);
    const before = toSiteContent(app, storefrontUrl);
    checkVersion(ifMatch, before);
    const site = { ...app.site };
    for (const key of POLICY_TEXTS) {
      const text = body[key];
      if (text === undefined) continue;
      const clean = cleanHtml(text).trim();
      if (clean) site[key] = clean;
      else delete site[key];
    }
    const changes: repo.SiteChanges = {
      site,
      ...(body.landing_page === undefined ? {} : { landingPage: body.landing_page }),
      ...(body.landing_page_type === undefined ? {} : { landingPageType: body.landing_page_type }),
    };
    const after = toSiteContent({ ...app, ...changes }, before.storefront_url);
    // A save that changes nothing keeps the version (and writes no audit line).
    if (JSON.stringify(audited(before)) === JSON.stringify(audited(after))) return before;
    await repo.updateSite(tx, app.uid, changes);
    await announceAppChange(tx, app.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid: app.uid }, 'update', audited(before), audited(after));
    return { ...after, version: before.version + 1 };
  });
}
