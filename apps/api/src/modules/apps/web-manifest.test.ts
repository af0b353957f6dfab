import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// Issue 30 item 4: each shop is an installable app, with its own name, colours and icons from its logo.

const PUBLIC_DIR = fileURLToPath(new URL('../../../../web/public', import.meta.url));
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  // The demo logos are files of the storefront's build (apps/web/public is copied into it).
  t = await createTestApp({ config: { WEB_DIST: PUBLIC_DIR } });
});
afterAll(() => t.close());

const get = (host: string, url: string) => t.app.inject({ url, headers: { host } });

describe('web manifest', () => {
  it("names each shop's app, its colours and its icons", async () => {
    const demo = await get('localhost', '/manifest.webmanifest');
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = demo.json();
    expect(manifest).toMatchObject({
      name: 'Demo',
      short_name: 'Demo',
      lang: 'es',
      start_url: '/',
      display: 'standalone',
      theme_color: '#c2410c',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512']);
    const multi = (await get('multi.localhost', '/manifest.webmanifest')).json();
    expect(multi).toMatchObject({
      name: 'Mercado Multi',
      short_name: 'Mercado Mul…',
      theme_color: '#0f766e',
    });
    // The icons' address changes with the logo, so that an installed app fetches the new ones.
    expect(multi.icons[0].src).not.toBe(manifest.icons[0].src);
    expect((await get('nobody.example', '/manifest.webmanifest')).statusCode).toBe(404);
  });

  it('draws the icons from the logo, on the shop colour', async () => {
    const manifest = (await get('localhost', '/manifest.webmanifest')).json();
    for (const [index, size] of [192, 512].entries()) {
      const res = await get('localhost', manifest.icons[index].src);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const image = sharp(res.rawPayload);
      expect(await image.metadata()).toMatchObject({ format: 'png', width: size, height: size });
      const { channels } = await image.stats();
      // The demo logo's white name is there: the icon is not the bare orange ground.
      expect(channels.map((channel) => channel.max)).toEqual([255, 255, 255, 255]);
    }
    // The corner is the shop colour #c2410c.
    const corner = await sharp((await get('localhost', manifest.icons[0].src)).rawPayload)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...corner]).toEqual([0xc2, 0x41, 0x0c, 255]);
    expect((await get('localhost', '/app-icons/100.png')).statusCode).toBe(404);
  });
});
