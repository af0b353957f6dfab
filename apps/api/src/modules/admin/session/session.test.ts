import { staffRoles } from '@storefront/db/schema/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import {
  ADMIN_HOST,
  type AdminTokens,
  adminTenantFile,
  adminTokens,
  as,
  COMPANY,
  MANAGER_UID,
} from '../admin.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;

const signIn = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session/',
    headers: { host: ADMIN_HOST, ...headers },
    payload: payload as object,
  });
const me = (token: string | null) => t.app.inject({ url: '/api/admin/me/', headers: as(token) });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('admin sign-in', () => {
  it('signs in an owner, a manager and an operator on the admin host', async () => {
    for (const email of ['dueno@demo.pe', 'gerente@demo.pe', 'operador@demo.pe']) {
      const res = await signIn({ email, password: 'Demo1234!' });
      expect(res.statusCode, email).toBe(200);
      expect(res.json().user.email).toBe(email);
      const mine = await me(res.json().token);
      expect(mine.statusCode).toBe(200);
    }
  });

  it('picks the account whose password matches when two apps share an e-mail', async () => {
    const res = await signIn({ email: 'DUENO@demo.pe', password: 'Otra-clave-1' });
    expect(res.statusCode).toBe(200);
    const body = (await me(res.json().token)).json();
    expect(body.companies).toEqual([
      { uid: 'multi-main', name: expect.any(String), app_uid: 'multi', role: 'owner' },
    ]);
  });

  it('refuses a member, a staff user and a wrong password with the same message', async () => {
    const answers = await Promise.all([
      signIn({ email: 'socio@demo.pe', password: 'Demo1234!' }),
      signIn({ email: 'tienda@demo.pe', password: 'Demo1234!' }),
      signIn({ email: 'gerente@demo.pe', password: 'no-es-esta' }),
      signIn({ email: 'nadie@demo.pe', password: 'Demo1234!' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(answers[0]?.json());
    }
    expect(answers[0]?.json().non_field_errors).toHaveLength(1);
  });

  it('answers bad input with 400 in the field', async () => {
    for (const payload of [
      {},
      { email: 'x' },
      { email: 'a@b.pe', password: '' },
      { email: 'a@b.pe', password: 'x', extra: 1 },
      [],
    ]) {
      const res = await signIn(payload, { 'accept-language': 'en' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('limits wrong passwords per account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await signIn({ email: 'limit@demo.pe', password: 'nope' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[6]).toBe(429);
  });
});

describe('admin me and sign-out', () => {
  it('lists the companies and roles, and whether an operator', async () => {
    expect((await me(tokens.owner)).json()).toEqual({
      user: { uid: expect.any(String), email: 'dueno@demo.pe', first_name: 'Rosa', last_name: 'Huamán' },
      is_operator: false,
      companies: [{ uid: COMPANY, name: expect.any(String), app_uid: 'demo', role: 'owner' }],
    });
    expect((await me(tokens.manager)).json().companies).toEqual([
      expect.objectContaining({ uid: COMPANY, role: 'manager' }),
    ]);
    expect((await me(tokens.operator)).json()).toMatchObject({ is_operator: true, companies: [] });
  });

  it('resolves the token of another app whatever the host', async () => {
    for (const host of [ADMIN_HOST, 'localhost', 'multi.localhost']) {
      const res = await t.app.inject({
        url: '/api/admin/me/',
        headers: { host, authorization: `Token ${tokens.multiOwner}` },
      });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('answers 401 without a valid token, 403 to members and staff', async () => {
    expect((await me(null)).statusCode).toBe(401);
    expect((await me('not-a-token')).statusCode).toBe(401);
    expect((await me(tokens.member)).statusCode).toBe(403);
    expect((await me(tokens.staff)).statusCode).toBe(403);
  });

  it('a revoked role ends access on the next request', async () => {
    const url = `/api/admin/companies/${COMPANY}/audit-log/`;
    const { token } = (await signIn({ email: 'gerente@demo.pe', password: 'Demo1234!' })).json();
    await t.db.update(staffRoles).set({ role: 'OWNER' }).where(eq(staffRoles.userUid, MANAGER_UID));
    expect((await t.app.inject({ url, headers: as(token) })).statusCode).toBe(200);
    await t.db
      .update(staffRoles)
      .set({ role: 'STAFF' })
      .where(and(eq(staffRoles.userUid, MANAGER_UID), eq(staffRoles.companyUid, COMPANY)));
    expect((await t.app.inject({ url, headers: as(token) })).statusCode).toBe(403);
    expect((await me(token)).statusCode).toBe(403);
    await t.db.update(staffRoles).set({ role: 'MANAGER' }).where(eq(staffRoles.userUid, MANAGER_UID));
    expect((await me(token)).statusCode).toBe(200);
  });

  it('signing out revokes the token', async () => {
    const { token } = (await signIn({ email: 'dueno@demo.pe', password: 'Demo1234!' })).json();
    const out = await t.app.inject({ method: 'DELETE', url: '/api/admin/session/', headers: as(token) });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/session/', headers: as(null) })).statusCode,
    ).toBe(401);
  });
});
