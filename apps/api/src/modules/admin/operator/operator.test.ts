import { mailOutbox } from '@storefront/db/schema/accounts';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { appDomains, apps, companies } from '@storefront/db/schema/tenancy';
import { staffRoles, users } from '@storefront/db/schema/users';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { issueToken } from '../../sessions/sessions.service.ts';
import { type AdminTokens, adminTenantFile, adminTokens, as, MEMBER_UID } from '../admin.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;

const operator = (method: 'GET' | 'POST', path: string, payload?: object, token = tokens.operator) =>
  t.app.inject({
    method,
    url: `/api/admin/operator/${path}`,
    headers: as(token),
    ...(payload ? { payload } : {}),
  });
const n = async (table: typeof apps | typeof appDomains | typeof companies | typeof adminAuditLog) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
const snapshot = async () => ({
  apps: await n(apps),
  domains: await n(appDomains),
  companies: await n(companies),
  audit: await n(adminAuditLog),
});

beforeAll(async () => {
  // Tenant look-ups kept a minute: a new app must not wait for them.
  t = await createTestApp({ tenantFile: adminTenantFile(), config: { TENANT_CACHE_SECONDS: 60 } });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('installation operator', () => {
  let appUid: string;
  let mainUid: string;

  it('creates an app on its domains with its main company, and the storefront answers on them at once', async () => {
    // The host is looked up (and kept as nobody's) before the app exists.
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v7/apps/x',
      headers: { host: 'nueva.localhost' },
    });
    expect(before.statusCode).toBe(404);
    const res = await operator('POST', 'apps/', {
      name: 'Nueva',
      domains: ['Nueva.localhost', 'www.nueva.localhost', 'tienda-nueva.pe'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const app = res.json();
    expect(app).toMatchObject({
      name: 'Nueva',
      domains: ['nueva.localhost', 'tienda-nueva.pe'],
      main_company: { name: 'Nueva' },
      companies_count: 1,
    });
    appUid = app.uid;
    mainUid = app.main_company.uid;
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/v7/apps/${appUid}`,
      headers: { host: 'nueva.localhost' },
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({
      name: 'Nueva',
      domain: 'nueva.localhost',
      company: { uid: mainUid },
    });
    const byDomain = await t.app.inject({
      method: 'GET',
      url: '/api/v7/apps/?domain=tienda-nueva.pe',
      headers: { host: 'tienda-nueva.pe' },
    });
    expect(byDomain.json().uid).toBe(appUid);
    const [line] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, appUid));
    expect(line).toMatchObject({ objectType: 'app', action: 'create', companyUid: mainUid });

    const listed = (await operator('GET', 'apps/?search=tienda-nueva')).json();
    expect(listed.results.map((a: { uid: string }) => a.uid)).toEqual([appUid]);
    expect((await operator('GET', 'apps/?page_size=100')).json().count).toBeGreaterThanOrEqual(3);
  });

  it('refuses a domain that an app answers on, a malformed one and the admin host, creating nothing', async () => {
    const before = await snapshot();
    for (const [domains, message] of [
      [['otra.pe', 'tienda-nueva.pe'], 'Ya existe.'],
      [['localhost'], 'Ya existe.'],
      [['www.Tienda-Nueva.pe'], 'Ya existe.'],
      [['no es un dominio'], 'Ingresar un dominio correcto, como tienda.pe'],
      [['admin.localhost'], 'Ingresar un dominio correcto, como tienda.pe'],
    ] as const) {
      const res = await operator('POST', 'apps/', { name: 'Otra', domains });
      expect(res.statusCode, JSON.stringify(domains)).toBe(400);
      expect(res.json()).toEqual({ domains: [message] });
    }
    const empty = await operator('POST', 'apps/', { name: '', domains: [] });
    expect(Object.keys(empty.json()).sort()).toEqual(['domains', 'name']);
    expect(await snapshot()).toEqual(before);
  });

  it('gives one of many concurrent creations on one domain its 201, the others a 400', async () => {
    const before = await snapshot();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        operator('POST', 'apps/', { name: `Carrera ${i}`, domains: ['carrera.pe'] }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, ...Array(9).fill(400)]);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect(refused.json()).toEqual({ domains: ['Ya existe.'] });
    const after = await snapshot();
    expect(after.apps).toBe(before.apps + 1);
    expect(after.domains).toBe(before.domains + 1);
    expect(after.companies).toBe(before.companies + 1);
  });

  it("creates a company in an app, which the app's storefront lists", async () => {
    const res = await operator('POST', `apps/${appUid}/companies/`, { name: 'Sucursal Norte' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Sucursal Norte', app_uid: appUid, is_main: false, owners: [] });
    const list = (await operator('GET', `apps/${appUid}/companies/`)).json();
    expect(list.results.map((c: { name: string; is_main: boolean }) => [c.name, c.is_main])).toEqual([
      ['Nueva', true],
      ['Sucursal Norte', false],
    ]);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/v7/apps/${appUid}`,
      headers: { host: 'nueva.localhost' },
    });
    expect(record.json().allowed_companies.map((c: { name: string }) => c.name)).toEqual([
      'Nueva',
      'Sucursal Norte',
    ]);
    expect((await operator('POST', 'apps/no-such-app/companies/', { name: 'X' })).statusCode).toBe(404);
    expect((await operator('GET', 'apps/no-such-app/companies/')).statusCode).toBe(404);
  });

  it("makes an unknown e-mail the company's first owner: an account, the welcome mail, and the admin site", async () => {
    // Asked on the admin site's host in development: the mailed link keeps the port it came through.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operator/companies/${mainUid}/owners/`,
      headers: { ...as(tokens.operator), host: 'admin.localhost:4660' },
      payload: { email: 'Duena@Nueva.pe', first_name: 'Dueña' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const owner = res.json();
    expect(owner).toMatchObject({
      email: 'duena@nueva.pe',
      first_name: 'Dueña',
      company_uid: mainUid,
      role: 'owner',
    });
    const [user] = await t.db.select().from(users).where(eq(users.uid, owner.uid));
    expect(user?.appUid).toBe(appUid);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'duena@nueva.pe'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(
      new RegExp(`http://nueva\\.localhost:4660/reset-password/${owner.uid}/[\\w-]+\\?welcome`),
    );
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me/',
      headers: as(await issueToken(t.db, { uid: owner.uid, appUid })),
    });
    expect(me.json().companies).toEqual([{ uid: mainUid, name: 'Nueva', app_uid: appUid, role: 'owner' }]);
    const listed = (await operator('GET', `apps/${appUid}/companies/`)).json();
    expect(listed.results[0].owners).toEqual(['duena@nueva.pe']);
    // Once more: the person already holds the role.
    const again = await operator('POST', `companies/${mainUid}/owners/`, { email: 'duena@nueva.pe' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['Ya existe.'] });
  });

  it("gives an existing user of the company's app the owner role, without a mail", async () => {
    const mails = await t.db.select({ n: count() }).from(mailOutbox);
    const res = await operator('POST', 'companies/rival-main/owners/', { email: 'socio@demo.pe' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().uid).toBe(MEMBER_UID);
    const [role] = await t.db
      .select()
      .from(staffRoles)
      .where(and(eq(staffRoles.userUid, MEMBER_UID), eq(staffRoles.companyUid, 'rival-main')));
    expect(role?.role).toBe('OWNER');
    expect(await t.db.select({ n: count() }).from(mailOutbox)).toEqual(mails);
    expect((await operator('POST', 'companies/no-such/owners/', { email: 'x@y.pe' })).statusCode).toBe(404);
    const bad = await operator('POST', 'companies/rival-main/owners/', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses owners and managers (403), who may not create apps', async () => {
    const before = await snapshot();
    for (const token of [tokens.owner, tokens.manager]) {
      const res = await operator('POST', 'apps/', { name: 'Mía', domains: ['mia.pe'] }, token);
      expect(res.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
