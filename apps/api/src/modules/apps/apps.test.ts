import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

describe('apps and tenancy', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health once the database answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('finds the app by domain, ignoring a leading www. and the port', async () => {
    for (const domain of ['localhost', 'www.localhost', 'LOCALHOST:8080']) {
      const res = await t.app.inject({ url: '/api/v7/apps/', query: { domain } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        uid: 'demo',
        name: 'Demo',
        domain: 'localhost',
        currency: { symbol: 'S/' },
      });
    }
  });

  it("points the record's administrator link at the admin site (ADMIN_HOST), by the port the request came through", async () => {
    const local = await t.app.inject({
      url: '/api/v7/apps/',
      query: { domain: 'localhost' },
      headers: { host: 'localhost:8080' },
    });
    expect(local.json().admin_url).toBe('http://admin.localhost:8080/');
    const multi = await t.app.inject({ url: '/api/v7/apps/multi', headers: { host: 'multi.localhost' } });
    expect(multi.json().admin_url).toBe('http://admin.localhost/');
  });

  it('answers every App field of spec §3 and no secret', async () => {
    const res = await t.app.inject({ url: '/api/v7/apps/demo', headers: { host: 'localhost' } });
    const app = res.json();
    for (const field of [
      'uid',
      'name',
      'domain',
      'subdomain',
      'favicon',
      'logo',
      'api_key',
      'company',
      'allowed_companies',
      'allowed_programs',
      'allow_anonymous_navigation',
      'allow_signup',
      'landing_page',
      'landing_page_type',
      'empty_page',
      'marketplace',
      'signin_methods',
      'recaptcha_settings',
      'site_firebase_settings',
      'firebase_settings',
      'countries',
      'validate_document',
      'validate_mobile_number',
      'site',
    ]) {
      expect(app).toHaveProperty(field);
    }
    expect(app.company).toMatchObject({ uid: 'demo-main', ecommerce_enabled: true, is_main: true });
    expect(app.countries).toEqual([
      expect.objectContaining({
        code: 'PE',
        name: 'Perú',
        areas: expect.arrayContaining([expect.objectContaining({ uid: 'area-lima' })]),
      }),
    ]);
    expect(JSON.stringify(app)).not.toMatch(/secret|password/i);
  });

  it('answers 404 for an unknown domain, in Spanish or English', async () => {
    const es = await t.app.inject({ url: '/api/v7/apps/', query: { domain: 'unknown.example' } });
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ detail: 'No existe una aplicación para este dominio.' });
    const en = await t.app.inject({
      url: '/api/v7/apps/',
      query: { domain: 'unknown.example' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json()).toEqual({ detail: 'There is no app for this domain.' });
  });

  it('keeps tenants apart: a second tenant sees nothing of the first', async () => {
    const byUid = await t.app.inject({ url: '/api/v7/apps/demo', headers: { host: 'multi.localhost' } });
    expect(byUid.statusCode).toBe(404);
    const byDomain = await t.app.inject({
      url: '/api/v7/apps/',
      query: { domain: 'localhost' },
      headers: { host: 'multi.localhost' },
    });
    expect(byDomain.statusCode).toBe(404);
    const own = await t.app.inject({ url: '/api/v7/apps/multi', headers: { host: 'multi.localhost' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().allowed_companies.map((c: { uid: string }) => c.uid)).toEqual([
      'multi-main',
      'multi-cafe',
      'multi-grifo',
    ]);
  });

  it('resolves the tenant from API-KEY and refuses a key that does not match the host', async () => {
    const byKey = await t.app.inject({
      url: '/api/v7/apps/multi',
      headers: { host: 'api.elsewhere.example', 'api-key': 'multi-public-api-key-0001' },
    });
    expect(byKey.statusCode).toBe(200);
    const mismatch = await t.app.inject({
      url: '/api/v7/apps/demo',
      headers: { host: 'localhost', 'api-key': 'multi-public-api-key-0001' },
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toEqual({ detail: 'La clave de la aplicación no corresponde a este dominio.' });
    const unknownKey = await t.app.inject({
      url: '/api/v7/apps/demo',
      headers: { host: 'localhost', 'api-key': 'nope' },
    });
    expect(unknownKey.statusCode).toBe(403);
  });

  it('answers bad input with the DRF error shape, never a 5xx', async () => {
    const unknownParam = await t.app.inject({
      url: '/api/v7/apps/',
      query: { domain: 'localhost', evil: '1' },
    });
    expect(unknownParam.statusCode).toBe(400);
    expect(unknownParam.json()).toEqual({ evil: ['Campo no permitido.'] });
    const missing = await t.app.inject({ url: '/api/v7/apps/' });
    expect(missing.json()).toEqual({ domain: ['Este campo es requerido'] });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v7/apps/',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toHaveProperty('non_field_errors');
    const unknownRoute = await t.app.inject('/api/v9/nothing');
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json()).toEqual({ detail: 'No encontrado.' });
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const res = await t.app.inject(`/api/v7/apps/?domain=localhost&${key}=1`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [`${key}: Campo no permitido.`] });
    }
    const longParam = await t.app.inject(`/api/v7/apps/${'x'.repeat(400)}`);
    expect(longParam.statusCode).toBe(400);
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/v7/apps/', '/api/v7/apps/{uid_app}']),
    );
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
  });

  it('sends the security headers on API answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
