import { adminAuditLog } from '@storefront/db/schema/admin';
import { products } from '@storefront/db/schema/catalogue';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { PgChannel } from '../../../lib/pg-channel.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import type { CatalogueNotice } from '../../catalogue/catalogue-events.ts';
import { multipartForm } from '../../media/image-test-files.ts';
import { type AdminTokens, adminCall, adminTenantFile, adminTokens } from '../admin.fixtures.ts';
import { announceCatalogueChange } from './catalogue.repository.ts';

/**
 * An admin API on the admin tenant file for the products-file tests (the quick ones and the long
 * batches, apart so that mutation testing runs the quick ones alone), with what they read and send.
 */
export function productsFileApp() {
  const ctx = {} as { t: Awaited<ReturnType<typeof createTestApp>>; tokens: AdminTokens };
  beforeAll(async () => {
    // Menu pages kept long, so that a menu that follows an import shows its pages were dropped.
    ctx.t = await createTestApp({ tenantFile: adminTenantFile(), config: { MENU_CACHE_SECONDS: 60 } });
    ctx.tokens = await adminTokens(ctx.t.db);
  });
  afterAll(() => ctx.t.close());

  const auditCount = async () => (await ctx.t.db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0;
  const productCount = async () => (await ctx.t.db.select({ n: count() }).from(products))[0]?.n ?? 0;
  const companyProducts = async () =>
    (await ctx.t.db.select({ n: count() }).from(products).where(eq(products.companyUid, 'demo-main')))[0]
      ?.n ?? 0;
  /** Every product's stored row, to compare before and after an import. */
  const snapshot = () =>
    ctx.t.db.select().from(products).where(eq(products.companyUid, 'demo-main')).orderBy(products.uid);
  const exported = async (format: 'csv' | 'xlsx') => {
    const res = await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', `products/export/?format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  const upload = (bytes: Buffer, language = 'es', filename = 'productos.csv') => {
    const form = multipartForm(bytes, { filename, type: 'application/octet-stream' });
    return adminCall(ctx.t.app, ctx.tokens.manager, 'POST', 'products/import/', form.payload, {
      'content-type': form.contentType,
      'accept-language': language,
    });
  };
  /** A place's menu as a visitor reads it, kept by the page cache. */
  const menu = async (host: string, place: string, search: string) => {
    const res = await ctx.t.app.inject({
      url: `/api/v7/places/${place}/products/?search=${encodeURIComponent(search)}`,
      headers: { host },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as { title: string; unit_price: string }[];
  };
  /** Counts the notices of the demo company's menu changes, as another process hears them, until asked. */
  const noticesHeard = async () => {
    const notices: CatalogueNotice[] = [];
    const channel = new PgChannel<CatalogueNotice>(ctx.t.db, 'catalogue_events');
    await channel.subscribe((notice) => notices.push(notice));
    return async () => {
      // Notices arrive in commit order: once this one is heard, every one before it has been.
      await announceCatalogueChange(ctx.t.db, 'end', 'end');
      await until(() => notices.some((notice) => notice.app === 'end'));
      await channel.close();
      return notices.filter((notice) => notice.app === 'demo' && notice.company === 'demo-main').length;
    };
  };
  return { ctx, auditCount, productCount, companyProducts, snapshot, exported, upload, menu, noticesHeard };
}

export const csv = (text: string) => Buffer.from(text, 'utf8');
