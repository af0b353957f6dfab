import { imageFiles, images } from '@storefront/db/schema/media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { picture } from './image-test-files.ts';
import { IMMUTABLE_CACHE_CONTROL } from './media.routes.ts';
import { uploadImage } from './media.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const demoMain = { uid: 'demo-main', appUid: 'demo' };
const multiCafe = { uid: 'multi-cafe', appUid: 'multi' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ctx = () => ({ db: t.db, language: 'es' as const });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

describe('storing an image', () => {
  it('keeps every width in the database and answers their addresses', async () => {
    const uploaded = await uploadImage(ctx(), demoMain, await picture('jpeg', 1600, 900));
    expect(uploaded).toEqual({
      uid: expect.stringMatching(/^[\w-]{32}$/),
      urls: {
        '320': `/media/${uploaded.uid}/320.webp`,
        '640': `/media/${uploaded.uid}/640.webp`,
        '1280': `/media/${uploaded.uid}/1280.webp`,
      },
      width: 1600,
      height: 900,
    });
    const [image] = await t.db.select().from(images).where(eq(images.uid, uploaded.uid));
    expect(image).toMatchObject({ appUid: 'demo', companyUid: 'demo-main', width: 1600, height: 900 });
    const files = await t.db.select().from(imageFiles).where(eq(imageFiles.imageUid, uploaded.uid));
    expect(files.map((file) => file.width).sort((a, b) => a - b)).toEqual([320, 640, 1280]);
    for (const file of files) {
      expect(Buffer.isBuffer(file.bytes)).toBe(true);
      expect((await sharp(file.bytes).metadata()).width).toBe(file.width);
    }
  });

  it('stores the same file once, even uploaded many times at once', async () => {
    const bytes = await picture('png', 700, 700, 0.8);
    const answers = await Promise.all(Array.from({ length: 8 }, () => uploadImage(ctx(), demoMain, bytes)));
    const uids = new Set(answers.map((answer) => answer.uid));
    expect(uids.size).toBe(1);
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(answers[0]))).toBe(true);
    const [uid = ''] = uids;
    expect(await t.db.select({ uid: images.uid }).from(images).where(eq(images.uid, uid))).toHaveLength(1);
    expect(await t.db.select().from(imageFiles).where(eq(imageFiles.imageUid, uid))).toHaveLength(3);
    // Another company's upload of the same file is its own image.
    const other = await uploadImage(ctx(), multiCafe, bytes);
    expect(other.uid).not.toBe(uid);
  });
});

describe('serving an image', () => {
  let uid = '';
  beforeAll(async () => {
    uid = (await uploadImage(ctx(), demoMain, await picture('webp', 900, 600))).uid;
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
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'No encontrado.' });
      expect(response.headers['cache-control'], url).not.toBe(IMMUTABLE_CACHE_CONTROL);
    }
  });

  it("serves a company's image on its app's domains, not on another shop's domain", async () => {
    const cafe = (await uploadImage(ctx(), multiCafe, await picture('png', 400, 400))).uid;
    expect((await get(`/media/${uid}/640.webp`, { host: '127.0.0.1' })).statusCode).toBe(200);
    expect((await get(`/media/${uid}/640.webp`, { host: 'multi.localhost' })).statusCode).toBe(404);
    expect((await get(`/media/${uid}/640.webp`, { host: 'xss.localhost' })).statusCode).toBe(404);
    expect((await get(`/media/${cafe}/320.webp`, { host: 'multi.localhost' })).statusCode).toBe(200);
    expect((await get(`/media/${cafe}/320.webp`, { host: 'localhost' })).statusCode).toBe(404);
    // A host of no shop (the admin site's) shows every image, as its previews need.
    expect((await get(`/media/${uid}/640.webp`, { host: 'admin.localhost' })).statusCode).toBe(200);
    expect((await get(`/media/${cafe}/320.webp`, { host: 'admin.localhost' })).statusCode).toBe(200);
  });
});
