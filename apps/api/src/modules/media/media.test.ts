import { randomBytes } from 'node:crypto';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { imageFiles, images } from '@storefront/db/schema/media';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { type AdminTokens, adminTenantFile, adminTokens, as } from '../admin/admin.fixtures.ts';
import { multipartForm, picture, pngClaiming } from './image-test-files.ts';
import { IMMUTABLE_CACHE_CONTROL } from './media.routes.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

const upload = (
  token: string | null,
  bytes: Buffer,
  options: Parameters<typeof multipartForm>[1] & { company?: string; language?: string } = {},
) => {
  const { payload, contentType } = multipartForm(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/companies/${options.company ?? 'demo-main'}/images/`,
    headers: { ...as(token), 'content-type': contentType, 'accept-language': options.language ?? 'es' },
    payload,
  });
};

const stored = async () => {
  const [imageCount] = await t.db.select({ n: count() }).from(images);
  const [fileCount] = await t.db.select({ n: count() }).from(imageFiles);
  const [auditCount] = await t.db
    .select({ n: count() })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.objectType, 'image'));
  return { images: imageCount?.n, files: fileCount?.n, audit: auditCount?.n };
};

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

describe('uploading an image', () => {
  it('takes an owner’s JPEG: 201 with its widths, stored in the database, in the audit log', async () => {
    const response = await upload(tokens.owner, await picture('jpeg', 1600, 900));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      uid: expect.stringMatching(/^[\w-]{32}$/),
      urls: {
        '320': `/media/${body.uid}/320.webp`,
        '640': `/media/${body.uid}/640.webp`,
        '1280': `/media/${body.uid}/1280.webp`,
      },
      width: 1600,
      height: 900,
    });
    const [image] = await t.db.select().from(images).where(eq(images.uid, body.uid));
    expect(image).toMatchObject({ appUid: 'demo', companyUid: 'demo-main', width: 1600, height: 900 });
    const files = await t.db.select().from(imageFiles).where(eq(imageFiles.imageUid, body.uid));
    expect(files.map((file) => file.width).sort((a, b) => a - b)).toEqual([320, 640, 1280]);
    for (const file of files) expect((await sharp(file.bytes).metadata()).width).toBe(file.width);

    const log = await t.app.inject({
      url: '/api/admin/companies/demo-main/audit-log/?object_type=image',
      headers: as(tokens.owner),
    });
    expect(log.json().results).toEqual([
      expect.objectContaining({
        object_type: 'image',
        object_uid: body.uid,
        action: 'create',
        before: null,
        after: expect.objectContaining({ width: 1600, height: 900, urls: body.urls }),
        user: expect.objectContaining({ email: 'dueno@demo.pe' }),
      }),
    ]);
  });

  it('takes a manager’s, an operator’s and a photo-sized file over the 1 MB JSON limit', async () => {
    for (const token of [tokens.manager, tokens.operator])
      expect((await upload(token, await picture('png', 300, 200))).statusCode).toBe(201);
    // Noise does not compress: a 1800×1400 PNG of it weighs about 7 MB.
    const noise = await sharp(randomBytes(1800 * 1400 * 3), {
      raw: { width: 1800, height: 1400, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(10 * 1024 * 1024);
    const response = await upload(tokens.owner, noise, { filename: 'ruido.png', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    expect(response.json().width).toBe(1800);
  });

  it('refuses anyone without a role on the company, storing nothing', async () => {
    const bytes = await picture('png', 400, 400);
    const before = await stored();
    const refusals = [
      [null, 401],
      ['not-a-token', 401],
      [tokens.member, 403],
      [tokens.staff, 403],
      [tokens.rivalOwner, 404],
      [tokens.multiOwner, 404],
    ] as const;
    for (const [token, status] of refusals)
      expect((await upload(token, bytes)).statusCode, String(token)).toBe(status);
    expect((await upload(tokens.owner, bytes, { company: 'nope' })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses a bad file with a clear message in the reader’s language, storing nothing', async () => {
    const before = await stored();
    const gif = await picture('gif', 50, 50);
    const typeError = await upload(tokens.owner, gif, { filename: 'foto.png', type: 'image/png' });
    expect(typeError.statusCode).toBe(400);
    expect(typeError.json()).toEqual({ file: ['El archivo no es una imagen JPEG, PNG o WebP.'] });
    const english = await upload(tokens.owner, Buffer.from('#!/bin/sh\nrm -rf /'), { language: 'en' });
    expect(english.json()).toEqual({ file: ['The file is not a JPEG, PNG or WebP image.'] });

    const jpeg = await picture('jpeg', 800, 800);
    const cut = await upload(tokens.owner, jpeg.subarray(0, jpeg.length / 2));
    expect([cut.statusCode, cut.json()]).toEqual([
      400,
      { file: ['La imagen está dañada o incompleta y no se puede leer.'] },
    ]);
    const bomb = await upload(tokens.owner, await pngClaiming(10_000, 10_000), { type: 'image/png' });
    expect([bomb.statusCode, bomb.json()]).toEqual([
      400,
      { file: ['La imagen tiene demasiados píxeles (más de 50 megapíxeles).'] },
    ]);
    const tooLarge = await upload(tokens.owner, Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]));
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([
      413,
      { detail: 'La imagen pesa más de 10 MB. Sube una más liviana.' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('asks for the file when the form has none, or is no form', async () => {
    const before = await stored();
    const required = { file: ['Adjunta una imagen en el campo «file».'] };
    const otherField = await upload(tokens.owner, await picture('png', 50, 50), { field: 'image' });
    expect([otherField.statusCode, otherField.json()]).toEqual([400, required]);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies/demo-main/images/',
      headers: as(tokens.owner),
      payload: { file: 'aGVsbG8=' },
    });
    expect([json.statusCode, json.json()]).toEqual([400, required]);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies/demo-main/images/',
      headers: { ...as(tokens.owner), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect([broken.statusCode, broken.json()]).toEqual([400, required]);
    expect(await stored()).toEqual(before);
  });

  it('stores a file uploaded many times at once as one image, logged once', async () => {
    const bytes = await picture('png', 700, 700, 0.8);
    const before = await stored();
    const responses = await Promise.all(Array.from({ length: 8 }, () => upload(tokens.owner, bytes)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const bodies = new Set(responses.map((response) => response.body));
    expect(bodies.size).toBe(1);
    expect(await stored()).toEqual({
      images: (before.images ?? 0) + 1,
      files: (before.files ?? 0) + 3,
      audit: (before.audit ?? 0) + 1,
    });
    // Another company's upload of the same file is its own image.
    const rival = await upload(tokens.rivalOwner, bytes, { company: 'rival-main' });
    expect(rival.statusCode).toBe(201);
    expect(rival.json().uid).not.toBe(responses[0]?.json().uid);
  });
});

describe('serving an image', () => {
  let uid = '';
  let multi = '';
  beforeAll(async () => {
    uid = (await upload(tokens.owner, await picture('webp', 900, 600))).json().uid;
    multi = (
      await upload(tokens.multiOwner, await picture('png', 400, 400), { company: 'multi-main' })
    ).json().uid;
  });

  it('answers the WebP file with a year of immutable caching and an ETag', async () => {
    const response = await get(`/media/${uid}/640.webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(IMMUTABLE_CACHE_CONTROL).toBe(response.headers['cache-control']);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 640, 427]);

    const again = await get(`/media/${uid}/640.webp`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect((await get(`/media/${uid}/320.webp`)).headers.etag).not.toBe(etag);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/media/${uid}/900.webp`,
      headers: { host: 'localhost' },
    });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 for an unknown image, a width not stored, or a malformed address', async () => {
    for (const url of [
      '/media/nope/640.webp',
      `/media/${uid}/1280.webp`,
      `/media/${uid}/640.png`,
      `/media/${uid}/0640.webp`,
      `/media/${uid}/640.webp.webp`,
      `/media/${'x'.repeat(65)}/640.webp`,
      '/media/%00/640.webp',
      '/media//',
      `/media/${uid}/`,
      `/media/${uid}/640.webp/more`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'No encontrado.' });
      expect(response.headers['cache-control'], url).not.toBe(IMMUTABLE_CACHE_CONTROL);
    }
  });

  it("serves a company's image on its app's domains, not on another shop's domain", async () => {
    expect((await get(`/media/${uid}/640.webp`, { host: '127.0.0.1' })).statusCode).toBe(200);
    expect((await get(`/media/${uid}/640.webp`, { host: 'multi.localhost' })).statusCode).toBe(404);
    expect((await get(`/media/${uid}/640.webp`, { host: 'xss.localhost' })).statusCode).toBe(404);
    expect((await get(`/media/${multi}/320.webp`, { host: 'multi.localhost' })).statusCode).toBe(200);
    expect((await get(`/media/${multi}/320.webp`, { host: 'localhost' })).statusCode).toBe(404);
    // A host of no shop (the admin site's) shows every image, as its previews need.
    expect((await get(`/media/${uid}/640.webp`, { host: 'admin.localhost' })).statusCode).toBe(200);
    expect((await get(`/media/${multi}/320.webp`, { host: 'admin.localhost' })).statusCode).toBe(200);
  });
});
