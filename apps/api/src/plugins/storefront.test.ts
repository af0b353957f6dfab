import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

// A tiny build of the storefront, as Vite and scripts/precompress.mjs leave it.
const dist = mkdtempSync(join(tmpdir(), 'dist-'));
const script = 'console.log("storefront");';
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>Tienda</title><!--app-record--></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'assets/index-abc123.js'), script);
writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));

describe('serving the storefront', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it("inlines the tenant's app record into index.html, which is never cached stale", async () => {
    const res = await t.app.inject({ url: '/carta', headers: { host: 'www.localhost:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Demo</title>');
    const record = res.body.match(/<script type="application\/json" id="app-record">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(record ?? 'null')).toMatchObject({ uid: 'demo', api_key: 'demo-public-api-key-0001' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // Installable (issue 30): the shop's manifest and its colour.
    expect(res.body).toContain(
      '<link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="#c2410c">',
    );
  });

  it('inlines each tenant its own record, and an unknown host none', async () => {
    const multi = await t.app.inject({ url: '/', headers: { host: 'multi.localhost' } });
    expect(multi.body).toContain('"uid":"multi"');
    expect(multi.body).not.toContain('"uid":"demo"');
    const unknown = await t.app.inject({ url: '/', headers: { host: 'nobody.example' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('id="app-record"');
  });

  it('escapes the record so tenant text cannot close the script element', async () => {
    const res = await t.app.inject({ url: '/', headers: { host: 'localhost' } });
    const record = res.body.match(/id="app-record">(.*?)<\/script>/s)?.[1] ?? '';
    expect(record).not.toMatch(/<\/?[a-z]/i);
  });

  it('serves hashed assets precompressed, cached for ever', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject('/assets/index-abc123.js');
    expect(plain.body).toBe(script);
  });

  it('compresses index.html and answers a missing asset or API path with a 404, not the page', async () => {
    const page = await t.app.inject({ url: '/', headers: { host: 'localhost', 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('app-record');
    const asset = await t.app.inject('/assets/missing-000.js');
    expect(asset.statusCode).toBe(404);
    const api = await t.app.inject('/api/v7/missing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'No encontrado.' });
  });
});

describe('the status of a storefront page', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('is 404 for a path outside the route table, still with the app that shows its not-found page', async () => {
    for (const url of [
      '/no-such-page',
      '/program/demo-club/extra',
      '/c/no-such-company/',
      '/c/multi-cafe/nope',
    ]) {
      const res = await t.app.inject({ url, headers: { host: 'multi.localhost' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('id="app-record"');
    }
  });

  it('is 200 for the routes of the table, with their parameters and a query', async () => {
    for (const url of [
      '/',
      '/carta',
      '/register/',
      '/program/demo-club#x',
      '/c/multi-cafe/',
      '/retail?tab=orders',
    ]) {
      const res = await t.app.inject({ url, headers: { host: 'multi.localhost' } });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('tenant text with replacement patterns (issue 15 item 7)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it("renders the XSS fixture's $' and $` as text: one document, its title and record as stored", async () => {
    const res = await t.app.inject({ url: '/faqs', headers: { host: 'xss.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain("<title>XSS test fixture: Shop $' and $` test</title>");
    const inlined = res.body.match(/id="app-record">(.*?)<\/script>/s)?.[1] ?? 'null';
    const served = await t.app.inject({ url: '/api/v7/apps/xss', headers: { host: 'xss.localhost' } });
    expect(JSON.parse(inlined)).toEqual(served.json());
    expect(JSON.parse(inlined).site.faqs).toContain("Shop $' and $` test $& $$ $<x>");
  });
});
