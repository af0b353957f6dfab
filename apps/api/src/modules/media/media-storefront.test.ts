import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { mediaSrcSet } from '@storefront/contracts/media';
import { products } from '@storefront/db/schema/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import type { AdminContext } from '../admin/access/admin-guard.ts';
import { OWNER_UID } from '../admin/admin.fixtures.ts';
import { picture } from './image-test-files.ts';
import { uploadImage } from './media.service.ts';

// The built storefront (npm run build) renders an uploaded catalogue picture with all its widths.
const dist = resolve('apps/web/dist');

describe('an uploaded picture on the server-rendered menu', () => {
  it('runs on the built renderer (npm run build)', () =>
    expect(existsSync(resolve('apps/web/dist-ssr/entry-server.js'))).toBe(true));
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('/carta offers every width of a product picture in srcset, and each one is served', async () => {
    const uploaded = await uploadImage(
      {
        db: t.db,
        language: 'es',
        user: { uid: OWNER_UID } as AdminContext['user'],
        company: { uid: 'demo-main', appUid: 'demo', name: 'Demo' },
        role: 'owner',
      },
      await picture('jpeg', 1500, 1000),
    );
    const widest = uploaded.urls['1280'] ?? '';
    await t.db.update(products).set({ image: widest }).where(eq(products.companyUid, 'demo-main'));

    const res = await t.app.inject({ url: '/carta', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('id="page-state"'));
    const cards = root.match(/<img[^>]*class="product-card-image"[^>]*>/g) ?? [];
    expect(cards.length).toBeGreaterThan(3);
    const srcset = mediaSrcSet(widest) ?? '';
    expect(srcset.split(', ')).toHaveLength(3);
    for (const card of cards) {
      expect(card).toContain(`src="${widest}"`);
      // React writes the attribute as srcSet; HTML attribute names are case-insensitive.
      expect(card.replace(' srcSet=', ' srcset=')).toContain(` srcset="${srcset}"`);
      expect(card).toContain('sizes="(max-width: 599px) 100vw, 320px"');
    }
    for (const url of Object.values(uploaded.urls)) {
      const file = await t.app.inject({ url, headers: { host: 'localhost' } });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
  });
});
