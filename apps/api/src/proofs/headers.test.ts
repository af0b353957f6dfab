import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { apiRoutes, fillPath, routeName } from './route-table.ts';

// The security headers of every route of the route table and of the storefront's pages, against the two
// sets written down here: a JSON answer's (a CSP that loads nothing and frames nobody, no page-only
// headers) and every other answer's (the storefront's CSP and the whole set). A route that loses or changes
// one fails. And the password hashes that registration stores carry argon2id's parameters at OWASP's
// minimum or stronger.

const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob: https:;object-src 'none';script-src 'self' https://www.google.com https://www.gstatic.com https://accounts.google.com https://connect.facebook.net https://appleid.cdn-apple.com;script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' https://www.facebook.com;frame-src 'self' https:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': null,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-powered-by': null,
  'x-xss-protection': '0',
};

const JSON_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-opener-policy': null,
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': null,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': null,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': null,
  'x-download-options': null,
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': null,
  'x-powered-by': null,
  'x-xss-protection': null,
};

const dist = mkdtempSync(join(tmpdir(), 'dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>Tienda</title><!--app-record--></head><body><div id="root"></div></body></html>',
);

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ config: { WEB_DIST: dist } });
});
afterAll(() => t?.close());

const securityHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(PAGE_HEADERS).map((name) => [name, headers[name] ?? null]));

describe('security headers', () => {
  it('are the JSON set on every JSON answer and the whole set on every other, framing nobody in', async () => {
    const answers: { name: string; type: string; headers: Record<string, unknown> }[] = [];
    for (const route of apiRoutes(t.app)) {
      const url = fillPath(route.path, Object.fromEntries(route.pathParams.map((p) => [p, 'x'])));
      const res = await t.app.inject({ method: route.method, url, headers: { host: 'localhost' } });
      answers.push({
        name: routeName(route),
        type: String(res.headers['content-type']),
        headers: res.headers,
      });
    }
    for (const url of ['/', '/carta', '/api/docs/openapi.json', '/api/nothing-here']) {
      const res = await t.app.inject({ url, headers: { host: 'localhost' } });
      answers.push({ name: `GET ${url}`, type: String(res.headers['content-type']), headers: res.headers });
    }
    // JSON, and the web app manifest (application/manifest+json), against pages, icons and the rest.
    const isJson = (type: string) => /^application\/([\w.-]+\+)?json/.test(type);
    const json = answers.filter(({ type }) => isJson(type));
    const others = answers.filter(({ type }) => !isJson(type));
    expect(json.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'GET /api/docs/openapi.json',
        'GET /api/nothing-here',
        'GET /manifest.webmanifest',
      ]),
    );
    expect(others.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['GET /', 'GET /carta', 'GET /app-icons/192.png']),
    );
    const off = (expected: Record<string, unknown>, list: typeof answers) =>
      list
        .filter(({ headers }) => JSON.stringify(securityHeaders(headers)) !== JSON.stringify(expected))
        .map(({ name, headers }) => ({ name, headers: securityHeaders(headers) }));
    expect(off(JSON_HEADERS, json)).toEqual([]);
    expect(off(PAGE_HEADERS, others)).toEqual([]);
  });
});

describe('password hashes', () => {
  it('are argon2id v19 with m ≥ 19456, t ≥ 2, p ≥ 1 after registration', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/register/',
      headers: { host: 'localhost' },
      payload: {
        document_type: 'NATIONAL_ID',
        document_number: '70998877',
        first_name: 'Hash',
        last_name: 'Prueba',
        email: 'hash@proof.pe',
        mobile_number: '911998877',
        password: 'una-clave-larga',
        accepted_terms_cond: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'hash@proof.pe'));
    const match = row?.hash?.match(
      /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
    );
    expect(match, row?.hash ?? 'no hash').not.toBeNull();
    const [, m, time, p] = (match ?? []).map(Number);
    expect(m).toBeGreaterThanOrEqual(19_456);
    expect(time).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
    expect(row?.hash).not.toContain('una-clave-larga');
  });
});
