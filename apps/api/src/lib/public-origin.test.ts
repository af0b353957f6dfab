import { mailOutbox, rateLimitHits } from '@storefront/db/schema/accounts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../app.ts';
import { createTestApp } from '../test/test-app.ts';

// Issue 15 item 1 and issue 14 item 15: every absolute link (mailed links, `next`/`previous`) comes from
// the tenant's registered domain or PUBLIC_URL, never from the request's Host or X-Forwarded-* headers.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const API_KEY = 'demo-public-api-key-0001';
const MEMBER = 'socio@demo.pe';

/** Asks for a reset link with these headers; answers the status and the link mailed (if any). */
async function resetLink(t: TestApp, headers: Record<string, string>) {
  // Each call starts afresh: the reset limits (5 an hour per address) are not what is tested here.
  await t.db.delete(mailOutbox).where(eq(mailOutbox.to, MEMBER));
  await t.db.delete(rateLimitHits);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/me/reset_password/',
    headers,
    payload: { email: MEMBER },
  });
  const [mail] = await t.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, MEMBER))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return {
    status: res.statusCode,
    body: res.json(),
    link: mail?.text.match(/\S+\/reset-password\/\S+/)?.[0],
  };
}

async function withApp(config: Partial<AppConfig>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ config });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('the link builder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('mails the link of the site the member uses, with its port, API-KEY or not', async () => {
    const withKey: Record<string, string>[] = [
      { host: 'localhost:8080' },
      { host: 'localhost:8080', 'api-key': API_KEY },
    ];
    for (const headers of withKey) {
      const { status, link } = await resetLink(t, headers);
      expect(status).toBe(200);
      expect(link).toMatch(/^http:\/\/localhost:8080\/reset-password\/[0-9a-f-]{36}\/\S+$/);
    }
    // A registered domain that the member used (www. dropped), and the default port left out.
    expect((await resetLink(t, { host: 'WWW.LocalHost.:8080' })).link).toMatch(
      /^http:\/\/localhost:8080\/reset-password\//,
    );
    expect((await resetLink(t, { host: '127.0.0.1:80' })).link).toMatch(
      /^http:\/\/127\.0\.0\.1\/reset-password\//,
    );
    // A key from an unregistered host: the app's own canonical domain, not the caller's host.
    const elsewhere = await resetLink(t, { host: 'other.example:3000', 'api-key': API_KEY });
    expect(elsewhere.link).toMatch(/^http:\/\/localhost\/reset-password\//);
  });

  it('refuses a Host with userinfo or a bad port (400) before any mail, in the spec shape', async () => {
    for (const host of ['localhost:@evil.example', 'localhost:8080@evil.example', 'evil.example@localhost']) {
      const { status, body, link } = await resetLink(t, { host });
      expect(status, host).toBe(400);
      expect(body).toEqual({ non_field_errors: ['La dirección del sitio (Host) no es válida.'] });
      expect(link, host).toBeUndefined();
    }
  });

  it('ignores X-Forwarded-Host and refuses an X-Forwarded-Proto other than http(s)', async () => {
    const forwarded = await resetLink(t, {
      host: 'localhost:8080',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forwarded.link).toMatch(/^http:\/\/localhost:8080\/reset-password\//);
    for (const proto of ['javascript', 'a b', 'https, javascript']) {
      const { status, link } = await resetLink(t, { host: 'localhost:8080', 'x-forwarded-proto': proto });
      expect(status, proto).toBe(400);
      expect(link).toBeUndefined();
    }
  });

  it('builds next and previous from the tenant domain, never from X-Forwarded-*', async () => {
    const res = await t.app.inject({
      url: '/api/v7/places/place-miraflores/products/?page=2&page_size=2',
      headers: { host: 'localhost:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).toBe(
      'http://localhost:8080/api/v7/places/place-miraflores/products/?page=3&page_size=2',
    );
    expect(res.json().previous).toBe(
      'http://localhost:8080/api/v7/places/place-miraflores/products/?page_size=2',
    );
  });

  it('a trusted proxy picks the tenant by X-Forwarded-Host, which must then be one of its domains', async () => {
    await withApp({ TRUST_PROXY: ['127.0.0.1'] }, async (proxied) => {
      const evil = await resetLink(proxied, { host: 'localhost:8080', 'x-forwarded-host': 'evil.example' });
      expect(evil.status).toBe(404);
      expect(evil.link).toBeUndefined();
      const keyed = await resetLink(proxied, {
        host: 'localhost:8080',
        'x-forwarded-host': 'evil.example',
        'api-key': API_KEY,
      });
      expect(keyed.link).toMatch(/^http:\/\/localhost\/reset-password\//);
      const served = await resetLink(proxied, { host: 'app:8080', 'x-forwarded-host': 'localhost:8443' });
      expect(served.link).toMatch(/^http:\/\/localhost:8443\/reset-password\//);
    });
  });
});

describe('the link builder outside development', () => {
  it('uses https on the registered domain in production, with no port', async () => {
    await withApp({ production: true }, async (t) => {
      const { link } = await resetLink(t, { host: 'localhost:8080', 'x-forwarded-proto': 'http' });
      expect(link).toMatch(/^https:\/\/localhost\/reset-password\//);
    });
  });

  it('uses PUBLIC_URL when it is set, for mail and lists', async () => {
    await withApp({ PUBLIC_URL: 'https://shop.example:8443/' }, async (t) => {
      const { link } = await resetLink(t, { host: 'localhost:8080' });
      expect(link).toMatch(/^https:\/\/shop\.example:8443\/reset-password\//);
      const res = await t.app.inject({
        url: '/api/v7/places/place-miraflores/products/?page_size=2',
        headers: { host: 'localhost:8080' },
      });
      expect(res.json().next).toBe(
        'https://shop.example:8443/api/v7/places/place-miraflores/products/?page_size=2&page=2',
      );
    });
  });
});
