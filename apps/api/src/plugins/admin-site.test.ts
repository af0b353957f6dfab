import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

// Tiny builds of the storefront and of the admin site, as Vite and scripts/precompress.mjs leave them.
function fakeBuild(title: string, script: string) {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  const html = `<!doctype html><html><head><title>${title}</title><!--app-record--></head><body><div id="root"></div></body></html>`;
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dist, 'favicon.svg'), `<svg><title>${title}</title></svg>`);
  writeFileSync(join(dist, `assets/${title}-abc123.js`), script);
  writeFileSync(join(dist, `assets/${title}-abc123.js.br`), brotliCompressSync(script));
  return dist;
}

describe('the admin site on ADMIN_HOST', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        WEB_DIST: fakeBuild('storefront', 'console.log("storefront")'),
        ADMIN_DIST: fakeBuild('admin', 'console.log("admin")'),
        ADMIN_HOST: 'admin.localhost',
      },
    });
  });
  afterAll(() => t.close());

  it("answers every page path with the admin site's index.html, never a storefront or an unknown shop", async () => {
    for (const url of ['/', '/products', '/products/p-1/show', '/login?next=%2F']) {
      const res = await t.app.inject({ url, headers: { host: 'admin.localhost:8080' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>admin</title>');
      expect(res.body).not.toContain('app-record"');
    }
    const upper = await t.app.inject({ url: '/', headers: { host: 'ADMIN.localhost' } });
    expect(upper.body).toContain('<title>admin</title>');
  });

  it('sends index.html precompressed', async () => {
    const res = await t.app.inject({
      url: '/',
      headers: { host: 'admin.localhost', 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>admin</title>');
  });

  it('serves its hashed assets precompressed and cached for ever; a missing file is a 404', async () => {
    const res = await t.app.inject({
      url: '/assets/admin-abc123.js',
      headers: { host: 'admin.localhost:8080', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("admin")');
    const favicon = await t.app.inject({ url: '/favicon.svg', headers: { host: 'admin.localhost' } });
    expect(favicon.body).toContain('admin');
    const missing = await t.app.inject({
      url: '/assets/missing-000.js',
      headers: { host: 'admin.localhost' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No encontrado.' });
  });

  it('answers the API on the admin host, and an unknown API path with a JSON 404', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: { host: 'admin.localhost' } });
    expect(health.statusCode).toBe(200);
    const missing = await t.app.inject({
      url: '/api/admin/nothing-here/',
      headers: { host: 'admin.localhost' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it("leaves every other host to the storefront, which never serves the admin site's files", async () => {
    const shop = await t.app.inject({ url: '/', headers: { host: 'localhost:8080' } });
    expect(shop.body).toContain('<title>Demo</title>');
    expect(shop.body).toContain('id="app-record"');
    const favicon = await t.app.inject({ url: '/favicon.svg', headers: { host: 'localhost' } });
    expect(favicon.body).toContain('storefront');
    const asset = await t.app.inject({ url: '/assets/admin-abc123.js', headers: { host: 'localhost' } });
    expect(asset.statusCode).toBe(404);
    // A look-alike host is not the admin site.
    const lookAlike = await t.app.inject({ url: '/', headers: { host: 'admin.localhost.evil.example' } });
    expect(lookAlike.body).not.toContain('<title>admin</title>');
  });
});
