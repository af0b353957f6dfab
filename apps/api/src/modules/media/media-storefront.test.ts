import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { mediaSrcSet } from '@storefront/contracts/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { type AdminTokens, adminTenantFile, adminTokens, as } from '../admin/admin.fixtures.ts';
import { multipartForm, picture } from './image-test-files.ts';

// An owner uploads a picture, chooses it for a product in the admin API, and the built storefront
// (npm run build) renders it on the server with every width in srcset.
const dist = resolve('apps/web/dist');

describe('an uploaded picture chosen for a product', () => {
  it('runs on the built renderer (npm run build)', () =>
    expect(existsSync(resolve('apps/web/dist-ssr/entry-server.js'))).toBe(true));
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let tokens: AdminTokens;
  beforeAll(async () => {
    t = await createTestApp({ tenantFile: adminTenantFile(), config: { WEB_DIST: dist } });
    tokens = await adminTokens(t.db);
  });
  afterAll(() => t.close());

  const upload = async (token: string, company: string, bytes: Buffer) => {
    const { payload, contentType } = multipartForm(bytes);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${company}/images/`,
      headers: { ...as(token), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { uid: string; urls: Record<string, string> };
  };
  const patchProduct = (body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/admin/companies/demo-main/products/p-causa-limena/',
      headers: as(tokens.owner),
      payload: body,
    });
  const carta = () => t.app.inject({ url: '/carta', headers: { host: 'localhost' } });

  it('shows its widest file as the image, and /carta offers every width in srcset', async () => {
    const uploaded = await upload(tokens.owner, 'demo-main', await picture('jpeg', 1500, 1000));
    const widest = uploaded.urls['1280'] ?? '';
    const patched = await patchProduct({ image_uid: uploaded.uid });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ image_uid: uploaded.uid, image: widest });

    const res = await carta();
    expect(res.statusCode).toBe(200);
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('id="page-state"'));
    const card = root.match(new RegExp(`<img[^>]*src="${widest}"[^>]*>`))?.[0] ?? '';
    expect(card).toContain('class="product-card-image"');
    const srcset = mediaSrcSet(widest) ?? '';
    expect(srcset.split(', ')).toHaveLength(3);
    // React writes the attribute as srcSet; HTML attribute names are case-insensitive.
    expect(card.replace(' srcSet=', ' srcset=')).toContain(` srcset="${srcset}"`);
    expect(card).toContain('sizes="(max-width: 599px) 100vw, 320px"');
    for (const url of Object.values(uploaded.urls)) {
      const file = await t.app.inject({ url, headers: { host: 'localhost' } });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
  });

  it("refuses another company's image, and takes the picture away with the choice", async () => {
    const rivals = await upload(tokens.rivalOwner, 'rival-main', await picture('png', 800, 800));
    const refused = await patchProduct({ image_uid: rivals.uid });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { image_uid: ['No existe en esta empresa.'] },
    ]);
    const unknown = await patchProduct({ image_uid: 'no-such-image' });
    expect(unknown.statusCode).toBe(400);

    const cleared = await patchProduct({ image_uid: null });
    expect(cleared.json()).toMatchObject({ image_uid: null, image: null });
    const root = (await carta()).body;
    expect(root).not.toContain('/media/');
  });

  it('gives a category its chosen upload the same way', async () => {
    const uploaded = await upload(tokens.owner, 'demo-main', await picture('webp', 600, 300));
    const rivals = await upload(tokens.rivalOwner, 'rival-main', await picture('webp', 610, 300));
    const create = (image_uid: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/companies/demo-main/categories/',
        headers: as(tokens.owner),
        payload: { name: `Fotos ${image_uid.slice(0, 4)}`, image_uid },
      });
    const created = await create(uploaded.uid);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ image_uid: uploaded.uid, image: uploaded.urls['600'] });
    const refused = await create(rivals.uid);
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { image_uid: ['No existe en esta empresa.'] },
    ]);
  });
});
