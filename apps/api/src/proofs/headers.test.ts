import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { apiRoutes, fillPath, routeName } from './route-table.ts';

// The security headers of every route of the route table and of the storefront's index.html, as one
// snapshot: a route that loses or changes one shows up as a new entry. And the password hashes that
// registration stores carry argon2id's parameters at OWASP's minimum or stronger.

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-powered-by',
];

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
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name] ?? null]));

describe('security headers', () => {
  it('are the same on every API route and on the storefront, and frame nobody in', async () => {
    const byHeaders = new Map<string, string[]>();
    const record = (name: string, headers: Record<string, unknown>) => {
      const key = JSON.stringify(securityHeaders(headers), null, 1);
      byHeaders.set(key, [...(byHeaders.get(key) ?? []), name]);
    };
    for (const route of apiRoutes(t.app)) {
      const url = fillPath(route.path, Object.fromEntries(route.pathParams.map((p) => [p, 'x'])));
      const res = await t.app.inject({ method: route.method, url, headers: { host: 'localhost' } });
      record(routeName(route), res.headers);
    }
    for (const url of ['/', '/carta', '/api/docs/openapi.json', '/api/nothing-here']) {
      const res = await t.app.inject({ url, headers: { host: 'localhost' } });
      record(`GET ${url}`, res.headers);
    }
    // One set of headers for everything: the snapshot holds it once.
    expect([...byHeaders.keys()].map((key) => JSON.parse(key))).toMatchSnapshot();
    const [only] = byHeaders.keys();
    const headers = JSON.parse(only as string);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-powered-by']).toBeNull();
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
