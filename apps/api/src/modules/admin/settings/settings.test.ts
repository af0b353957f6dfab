import { adminAuditLog } from '@storefront/db/schema/admin';
import { apps, companies } from '@storefront/db/schema/tenancy';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { multipartForm, picture } from '../../media/image-test-files.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  as,
} from '../admin.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const rows = async () => ({
  company: (await t.db.select().from(companies).where(eq(companies.uid, 'demo-main')))[0],
  app: (await t.db.select().from(apps).where(eq(apps.uid, 'demo')))[0],
  audit: (await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n,
});
/** The app record the storefront reads (on the demo's domain), from one process. */
const appRecord = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/v7/apps/demo', headers: { host: 'localhost' } })).json();

beforeAll(async () => {
  // Tenant look-ups and pages kept a minute: a change must not wait for them.
  t = await createTestApp({
    tenantFile: adminTenantFile(),
    config: { TENANT_CACHE_SECONDS: 60, MENU_CACHE_SECONDS: 60 },
  });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('admin company settings', () => {
  it("answers the company's settings and, for the main company, the app's, with a version", async () => {
    const res = await call(tokens.owner, 'GET', 'settings/');
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json();
    expect(settings).toMatchObject({
      company_uid: 'demo-main',
      hidden_for_members: [],
      app: {
        uid: 'demo',
        allow_signup: true,
        language: 'es',
        languages: ['es', 'en'],
        signin_methods: ['EMAIL', 'DOCUMENT', 'MOBILE_NUMBER'],
      },
      version: 1,
    });
    expect(res.headers.etag).toBe('"1"');
  });

  it('changes branding, contact and app settings, audited, and the storefront shows them at once on every process', async () => {
    // A second API process on the same database, with its own tenant and page caches.
    const other = await buildApp({ config: t.app.config, db: t.db });
    await other.ready();
    try {
      expect((await appRecord(t.app)).allow_signup).toBe(true);
      expect((await appRecord(other)).allow_signup).toBe(true);
      const form = multipartForm(await picture('png', 400, 200));
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/admin/companies/demo-main/images/',
        headers: { ...as(tokens.owner), 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const logo = upload.json().uid as string;
      const before = await rows();
      const res = await call(
        tokens.owner,
        'PATCH',
        'settings/',
        {
          logo_uid: logo,
          main_color: '#AA3300',
          allow_signup: false,
          whatsapp_number: '+51 987 654 321',
          social_links: { instagram: 'https://instagram.com/demo', facebook: '', x: null },
          hidden_for_members: ['program'],
          languages: ['es'],
        },
        { 'if-match': '"1"' },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        logo_uid: logo,
        logo: `/media/${logo}/400.webp`,
        whatsapp_number: '+51987654321',
        social_links: { instagram: 'https://instagram.com/demo' },
        hidden_for_members: ['program'],
        app: { main_color: '#AA3300', allow_signup: false, languages: ['es'] },
        version: 2,
      });
      expect(res.headers.etag).toBe('"2"');
      const after = await rows();
      expect(after.audit).toBe((before.audit ?? 0) + 1);
      const [line] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectType, 'settings'));
      expect(line?.before).toMatchObject({ allow_signup: true, main_color: '#c2410c' });
      expect(line?.after).toMatchObject({ allow_signup: false, main_color: '#AA3300' });
      // This process answers the new record at once; the other within moments (NOTIFY), not in 60 s.
      const mine = await appRecord(t.app);
      expect(mine).toMatchObject({
        allow_signup: false,
        colors: { main_color: '#AA3300' },
        language: 'es',
        languages: ['es'],
      });
      expect(mine.company.logo).toBe(`/media/${logo}/400.webp`);
      await until(async () => (await appRecord(other)).allow_signup === false);
      expect(await appRecord(other)).toMatchObject({
        allow_signup: false,
        colors: { main_color: '#AA3300' },
      });
      // The signup itself is refused on the other process.
      const signup = await other.inject({
        method: 'POST',
        url: '/api/v5/register/',
        headers: { host: 'localhost' },
        payload: {
          first_name: 'Nuevo',
          last_name: 'Socio',
          email: 'nuevo@test.pe',
          document_number: '71234567',
          mobile_number: '987000111',
          password: 'una-clave-larga',
          accepted_terms_cond: true,
        },
      });
      expect(signup.statusCode, signup.body).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('refuses bad input with a message per field, in the caller language, and changes nothing', async () => {
    const before = await rows();
    const res = await call(
      tokens.owner,
      'PATCH',
      'settings/',
      {
        main_color: 'red',
        menu_color: '#12345',
        whatsapp_number: '987654321',
        social_links: { myspace: 'https://myspace.com/x', instagram: 'http://instagram.com/demo' },
        hidden_for_members: ['cart', 'casino'],
        signin_methods: [],
        language: 'en',
        languages: ['es'],
        logo_uid: 'no-such-image',
      },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      main_color: ['Enter a colour such as #1A2B3C.'],
      menu_color: ['Enter a colour such as #1A2B3C.'],
      whatsapp_number: [expect.stringContaining("Add your country's numeric code")],
      'social_links.myspace': [
        'Not a valid option. Options: facebook, instagram, tiktok, x, youtube, linkedin',
      ],
      'social_links.instagram': ['Enter an address starting with https://'],
      hidden_for_members: ['Not a valid option. Options: cart, store, program'],
      signin_methods: ['Choose at least one.'],
      language: ['The default language must be one of those offered.'],
      logo_uid: ['It does not exist in this company.'],
    });
    const onlyDocument = await call(tokens.owner, 'PATCH', 'settings/', {
      signin_methods: ['ONLY_DOCUMENT', 'EMAIL', 'GOOGLE'],
    });
    expect(onlyDocument.statusCode).toBe(400);
    expect(onlyDocument.json().signin_methods).toEqual([
      'Opción no válida. Opciones: EMAIL, DOCUMENT, MOBILE_NUMBER, ONLY_DOCUMENT',
      'Solo documento no se combina con otros métodos de ingreso.',
    ]);
    const typed = await call(tokens.owner, 'PATCH', 'settings/', { allow_signup: 'no', colour: '#fff' });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json()).sort()).toEqual(['allow_signup', 'colour']);
    expect(await rows()).toEqual(before);
  });

  it('refuses to keep a social sign-in method that has no client id, and keeps one that has', async () => {
    const [{ signinMethods } = { signinMethods: [] }] = await t.db
      .select({ signinMethods: apps.signinMethods })
      .from(apps)
      .where(eq(apps.uid, 'demo'));
    // Saved before imports required the client id.
    await t.db
      .update(apps)
      .set({
        signinMethods: [
          ...signinMethods,
          { type: 'GOOGLE', settings: {} },
          { type: 'FACEBOOK', settings: { app_id: 'fb-demo' } },
        ],
      })
      .where(eq(apps.uid, 'demo'));
    try {
      const before = await rows();
      const google = await call(tokens.owner, 'PATCH', 'settings/', {
        signin_methods: ['EMAIL', 'GOOGLE', 'FACEBOOK'],
      });
      expect(google.statusCode).toBe(400);
      expect(google.json()).toEqual({
        signin_methods: ['Necesita su client id, que se configura en el archivo del tenant: GOOGLE'],
      });
      expect(await rows()).toEqual(before);
      const facebook = await call(tokens.owner, 'PATCH', 'settings/', {
        signin_methods: ['EMAIL', 'FACEBOOK'],
      });
      expect(facebook.statusCode, facebook.body).toBe(200);
      expect(facebook.json().app.signin_methods).toEqual(['EMAIL', 'FACEBOOK']);
    } finally {
      await t.db.update(apps).set({ signinMethods }).where(eq(apps.uid, 'demo'));
    }
  });

  it('answers 409 with the current settings to a stale If-Match, and changes nothing', async () => {
    const current = (await call(tokens.owner, 'GET', 'settings/')).json();
    const before = await rows();
    const res = await call(
      tokens.owner,
      'PATCH',
      'settings/',
      { menu_color: '#000000' },
      { 'if-match': `"${current.version - 1}"` },
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().current).toEqual(current);
    expect(await rows()).toEqual(before);
  });

  it('gives concurrent writes from one version one 200 and 409s', async () => {
    const { version } = (await call(tokens.owner, 'GET', 'settings/')).json();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(tokens.owner, 'PATCH', 'settings/', { name: `Demo ${i}` }, { 'if-match': `"${version}"` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await call(tokens.owner, 'GET', 'settings/')).json().version).toBe(version + 1);
  });

  it("refuses a manager (403) and another company's owner (404); the app's settings only from its main company", async () => {
    expect((await call(tokens.manager, 'GET', 'settings/')).statusCode).toBe(403);
    expect((await call(tokens.manager, 'PATCH', 'settings/', { name: 'X' })).statusCode).toBe(403);
    expect((await call(tokens.rivalOwner, 'GET', 'settings/')).statusCode).toBe(404);
    expect((await call(tokens.multiOwner, 'PATCH', 'settings/', { name: 'X' })).statusCode).toBe(404);
    // The rival company is not its app's main one: its settings have no app part, and asking 403.
    const rival = (token: string, method: 'GET' | 'PATCH', payload?: object) =>
      t.app.inject({
        method,
        url: '/api/admin/companies/rival-main/settings/',
        headers: as(token),
        ...(payload ? { payload } : {}),
      });
    const own = await rival(tokens.rivalOwner, 'GET');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().app).toBeNull();
    const before = await rows();
    const refused = await rival(tokens.rivalOwner, 'PATCH', { allow_signup: false, name: 'Rival 2' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('empresa principal');
    expect(await rows()).toEqual(before);
    const named = await rival(tokens.rivalOwner, 'PATCH', { whatsapp_number: '+51911222333' });
    expect(named.statusCode, named.body).toBe(200);
  });
});
