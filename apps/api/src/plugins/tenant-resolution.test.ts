import { apps } from '@storefront/db/schema/tenancy';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

// The tenant plugin: the app of a request comes from its Host (a leading www. ignored) and its
// API-KEY; a key of another app than the host's is 403; only /api/ requests are resolved; the
// language comes from Accept-Language.

let t: Awaited<ReturnType<typeof createTestApp>>;
let demoKey: string;
let multiKey: string;

beforeAll(async () => {
  t = await createTestApp({ config: { TENANT_CACHE_SECONDS: 60 } });
  const rows = await t.db.select({ uid: apps.uid, apiKey: apps.apiKey }).from(apps);
  demoKey = rows.find((row) => row.uid === 'demo')?.apiKey ?? '';
  multiKey = rows.find((row) => row.uid === 'multi')?.apiKey ?? '';
});
afterAll(() => t.close());

/** GET v7/apps/{uid}: 200 with the record only when the request resolves to that app. */
const appOf = async (host: string, apiKey?: string, language?: string, uid = 'demo') => {
  const res = await t.app.inject({
    url: `/api/v7/apps/${uid}`,
    headers: {
      host,
      ...(apiKey === undefined ? {} : { 'api-key': apiKey }),
      ...(language ? { 'accept-language': language } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('tenant resolution', () => {
  it('finds the app by host, with or without www. and a port', async () => {
    expect(demoKey).not.toBe('');
    for (const host of ['localhost', 'www.localhost', 'localhost:8080', 'multi.localhost']) {
      const uid = host.startsWith('multi') ? 'multi' : 'demo';
      const { status, body } = await appOf(host, undefined, undefined, uid);
      expect({ host, status, uid: body.uid }).toEqual({ host, status: 200, uid });
    }
  });

  it('takes the host’s own key, and an app’s key on a host no app has', async () => {
    expect((await appOf('localhost', demoKey)).body.uid).toBe('demo');
    expect((await appOf('api.example.com', multiKey, undefined, 'multi')).body.uid).toBe('multi');
    expect((await appOf('multi.localhost', undefined, 'en')).body).toEqual({ detail: 'Not found.' });
    expect((await appOf('localhost', '')).body.uid).toBe('demo');
  });

  it('refuses another app’s key or an unknown key with 403, in the reader’s language', async () => {
    expect(await appOf('localhost', multiKey)).toEqual({
      status: 403,
      body: { detail: 'La clave de la aplicación no corresponde a este dominio.' },
    });
    expect(await appOf('api.example.com', 'not-a-key', 'en')).toEqual({
      status: 403,
      body: { detail: 'The app key does not belong to this domain.' },
    });
  });

  it('answers 404 for a host no app has, without a key', async () => {
    expect(await appOf('nobody.example.com', undefined, 'en')).toEqual({
      status: 404,
      body: { detail: 'There is no app for this domain.' },
    });
  });

  it('does not keep a refusal: a key that becomes valid is taken at once', async () => {
    expect((await appOf('localhost', 'rotated-key')).status).toBe(403);
    await t.db.update(apps).set({ apiKey: 'rotated-key' }).where(eq(apps.uid, 'demo'));
    try {
      expect((await appOf('localhost', 'rotated-key')).body.uid).toBe('demo');
    } finally {
      await t.db.update(apps).set({ apiKey: demoKey }).where(eq(apps.uid, 'demo'));
    }
  });

  it('resolves only API requests: a page request with a wrong key is not refused', async () => {
    const page = await t.app.inject({ url: '/carta', headers: { 'api-key': 'not-a-key' } });
    expect(page.statusCode).not.toBe(403);
  });
});
