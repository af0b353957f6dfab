import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/test-app.ts';

describe('compressed API answers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const menu = (acceptEncoding?: string) =>
    t.app.inject({
      url: '/api/v7/places/place-miraflores/products/',
      headers: { host: 'localhost', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends a menu page in brotli or gzip to a client that accepts them, the same JSON once unpacked', async () => {
    const plain = await menu();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await menu('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await menu('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const health = await t.app.inject({
      url: '/api/health',
      headers: { host: 'localhost', 'accept-encoding': 'br, gzip' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('plugins', () => {
  // fastify-plugin names an anonymous plugin after its file, found in a stack trace, and in production
  // that trace makes Node decode the bundle's whole source map at start and keep it (16 MB of the idle
  // memory, decision 016). A plugin named by its function shows that function's name.
  it('are all named functions, none named after its file', async () => {
    const t = await createTestApp();
    try {
      const names = [...t.app.printPlugins().matchAll(/([^\s─┬├└│]+)-auto-\d+/g)].map((match) =>
        String(match[1]),
      );
      expect(names).toEqual(expect.arrayContaining(['operatorGuard', 'appEvents', 'securityHeaders']));
      expect(names.filter((name) => !/^[A-Za-z_$][\w$]*$/.test(name))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
