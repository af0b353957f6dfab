import { mailOutbox } from '@storefront/db/schema/accounts';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { staffRoles, users } from '@storefront/db/schema/users';
import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOrderStream } from '../../../test/order-stream-client.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { issueToken } from '../../sessions/sessions.service.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  COMPANY,
  MANAGER_UID,
  MEMBER_UID,
  MULTI_OWNER_UID,
  OWNER_UID,
  RIVAL_OWNER_UID,
  STAFF_UID,
} from '../admin.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let address: string;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const n = async (table: typeof staffRoles | typeof users | typeof adminAuditLog | typeof mailOutbox) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
const snapshot = async () => ({
  roles: await t.db.select().from(staffRoles).orderBy(staffRoles.userUid, staffRoles.companyUid),
  users: await n(users),
  audit: await n(adminAuditLog),
  mail: await n(mailOutbox),
});
const ownersOf = async (company = COMPANY) =>
  (
    await t.db
      .select({ n: count() })
      .from(staffRoles)
      .where(and(eq(staffRoles.companyUid, company), eq(staffRoles.role, 'OWNER')))
  )[0]?.n ?? 0;
const setRole = (userUid: string, role: string) =>
  t.db
    .update(staffRoles)
    .set({ role })
    .where(and(eq(staffRoles.userUid, userUid), eq(staffRoles.companyUid, COMPANY)));

// Each test has an app of its own: they change the same people (a revoked role, a demoted owner), and
// one failing must not fail the next nor depend on the order they run in.
beforeEach(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => t.close());

describe('admin staff', () => {
  it("lists the company's people with their role and places, searched and filtered by role", async () => {
    const res = await call(tokens.owner, 'GET', 'staff/?ordering=email');
    expect(res.statusCode, res.body).toBe(200);
    const people = res.json().results as { uid: string; email: string; role: string; places: string[] }[];
    expect(people.map((p) => [p.email, p.role])).toEqual([
      ['dueno@demo.pe', 'owner'],
      ['gerente@demo.pe', 'manager'],
      ['tienda@demo.pe', 'staff'],
    ]);
    expect(people.find((p) => p.uid === STAFF_UID)?.places).toContain('place-miraflores');
    const managers = (await call(tokens.owner, 'GET', 'staff/?role=manager')).json();
    expect(managers.results.map((p: { uid: string }) => p.uid)).toEqual([MANAGER_UID]);
    const searched = (await call(tokens.owner, 'GET', 'staff/?search=tienda')).json();
    expect(searched.count).toBe(1);
    // Another company's people are not listed: the rival's owner is not here.
    expect(people.some((p) => p.uid === RIVAL_OWNER_UID)).toBe(false);
  });

  it('gives an existing user of the app a role, without a mail, audited', async () => {
    const before = await snapshot();
    const res = await call(tokens.owner, 'POST', 'staff/', {
      email: 'SOCIO@demo.pe',
      role: 'staff',
      places: ['place-cayma', 'place-cayma'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ uid: MEMBER_UID, role: 'staff', places: ['place-cayma'], version: 1 });
    expect(await n(users)).toBe(before.users);
    expect(await n(mailOutbox)).toBe(before.mail);
    const [line] = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.objectType, 'staff'), eq(adminAuditLog.objectUid, MEMBER_UID)));
    expect(line).toMatchObject({ action: 'create', userUid: OWNER_UID, after: { role: 'staff' } });
    // The member now uses the retail tools at that place.
    const member = await issueToken(t.db, { uid: MEMBER_UID, appUid: 'demo' });
    const places = await t.app.inject({
      url: '/api/v5/retail/places/',
      headers: { host: 'localhost', authorization: `Token ${member}` },
    });
    expect(places.statusCode, places.body).toBe(200);
  });

  it('creates an account for an unknown e-mail and sends it the welcome mail to set its password', async () => {
    const res = await call(
      tokens.owner,
      'POST',
      'staff/',
      { email: 'nueva@demo.pe', role: 'manager', places: ['place-miraflores'], first_name: 'Nora' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: 'nueva@demo.pe', first_name: 'Nora', role: 'manager' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'nueva@demo.pe'));
    expect(user).toMatchObject({ appUid: 'demo', passwordHash: null, uid: res.json().uid });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nueva@demo.pe'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(new RegExp(`/reset-password/${user?.uid}/[\\w-]+\\?welcome`));
  });

  it('creates the account with the names given, and empty ones for names not given', async () => {
    const invite = async (email: string, names: Record<string, string>) => {
      const res = await call(tokens.owner, 'POST', 'staff/', {
        email,
        role: 'manager',
        places: ['place-miraflores'],
        ...names,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    expect(await invite('apellido@demo.pe', { last_name: 'Ruiz' })).toMatchObject({
      first_name: '',
      last_name: 'Ruiz',
    });
    expect(await invite('sin-nombre@demo.pe', {})).toMatchObject({ first_name: '', last_name: '' });
  });

  it('keeps the version and writes nothing for a change that changes nothing; the last owner may move places', async () => {
    const current = (await call(tokens.owner, 'GET', `staff/${STAFF_UID}/`)).json();
    const before = await snapshot();
    const same = await call(tokens.owner, 'PATCH', `staff/${STAFF_UID}/`, { places: current.places });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(current);
    expect(await snapshot()).toEqual(before);
    // The only owner changes places without naming the role: no "last owner" refusal.
    const moved = await call(tokens.owner, 'PATCH', `staff/${OWNER_UID}/`, { places: ['place-cayma'] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ role: 'owner', places: ['place-cayma'] });
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await snapshot();
    const bad: [string, InjectOptions['method'], unknown, string][] = [
      ['staff/', 'POST', { email: 'no-es-correo', role: 'staff' }, 'email'],
      ['staff/', 'POST', { email: 'x@demo.pe', role: 'cashier' }, 'role'],
      ['staff/', 'POST', { email: 'x@demo.pe', role: 'staff', places: ['place-rival'] }, 'places'],
      ['staff/', 'POST', { email: 'x@demo.pe', role: 'staff', salary: 1 }, 'salary'],
      ['staff/', 'POST', { email: 'tienda@demo.pe', role: 'manager' }, 'email'],
      [`staff/${STAFF_UID}/`, 'PATCH', { role: 'boss' }, 'role'],
      [`staff/${STAFF_UID}/`, 'PATCH', { places: ['no-such-place'] }, 'places'],
      [`staff/${STAFF_UID}/`, 'PATCH', { places: 'place-cayma' }, 'places'],
    ];
    for (const [path, method, body, field] of bad) {
      const res = await call(tokens.owner, method, path, body);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    expect((await call(tokens.owner, 'GET', 'staff/not-a-uuid/')).statusCode).toBe(400);
    const english = await call(
      tokens.owner,
      'POST',
      'staff/',
      { email: 'x@demo.pe', role: 'staff', places: ['place-rival'] },
      { 'accept-language': 'en' },
    );
    expect(english.json()).toEqual({ places: ['It does not exist in this company.'] });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another company's or another app's person, and changes nothing", async () => {
    const before = await snapshot();
    for (const uid of [RIVAL_OWNER_UID, MULTI_OWNER_UID, '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9fffff']) {
      expect((await call(tokens.owner, 'GET', `staff/${uid}/`)).statusCode).toBe(404);
      expect((await call(tokens.owner, 'PATCH', `staff/${uid}/`, { role: 'staff' })).statusCode).toBe(404);
      expect((await call(tokens.owner, 'DELETE', `staff/${uid}/`)).statusCode).toBe(404);
    }
    // The rival's owner cannot reach this company's people.
    expect((await call(tokens.rivalOwner, 'GET', `staff/${STAFF_UID}/`)).statusCode).toBe(404);
    // Nor give a role in it to a person of the other app: the e-mail names a user of this company's app.
    expect(await snapshot()).toEqual(before);
  });

  it('changes role and places with If-Match: a stale version answers 409 with the current person', async () => {
    const current = (await call(tokens.owner, 'GET', `staff/${STAFF_UID}/`)).json();
    const stale = await call(
      tokens.owner,
      'PATCH',
      `staff/${STAFF_UID}/`,
      { places: ['place-cayma'] },
      {
        'if-match': `"${current.version + 5}"`,
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual(current);
    const ok = await call(
      tokens.owner,
      'PATCH',
      `staff/${STAFF_UID}/`,
      { places: ['place-miraflores'] },
      {
        'if-match': `"${current.version}"`,
      },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ places: ['place-miraflores'], version: current.version + 1 });
    expect(ok.headers.etag).toBe(`"${current.version + 1}"`);
    const lines = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.objectUid, STAFF_UID), eq(adminAuditLog.action, 'update')));
    expect(lines.at(-1)?.after).toEqual({ places: ['place-miraflores'] });
  });

  it('never revokes or demotes the last owner (409), in Spanish and English', async () => {
    expect(await ownersOf()).toBe(1);
    const before = await snapshot();
    const revoke = await call(tokens.owner, 'DELETE', `staff/${OWNER_UID}/`);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().detail).toMatch(/al menos un dueño/);
    const demote = await call(
      tokens.owner,
      'PATCH',
      `staff/${OWNER_UID}/`,
      { role: 'manager' },
      {
        'accept-language': 'en',
      },
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toMatch(/at least one owner/);
    // Changing the last owner's places is fine, and so is keeping the role.
    const places = await call(tokens.owner, 'PATCH', `staff/${OWNER_UID}/`, { role: 'owner' });
    expect(places.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('never leaves the company without an owner when two owners demote and revoke each other at once', async () => {
    for (const round of [0, 1, 2]) {
      await setRole(MANAGER_UID, 'OWNER');
      expect(await ownersOf()).toBe(2);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const [token, target] = i % 2 ? [tokens.owner, MANAGER_UID] : [tokens.manager, OWNER_UID];
          return round === 1
            ? call(token, 'DELETE', `staff/${target}/`)
            : call(token, 'PATCH', `staff/${target}/`, { role: round ? 'staff' : 'manager' });
        }),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(
        statuses.every((s) => [200, 204, 403, 404, 409].includes(s)),
        statuses.join(),
      ).toBe(true);
      // One write wins; the loser is refused (403 once demoted, 409 for the last owner) or finds nothing.
      expect(statuses.filter((s) => s === 200 || s === 204).length).toBeGreaterThanOrEqual(1);
      expect(await ownersOf()).toBe(1);
      // Put both back as they were.
      for (const [uid, role] of [
        [OWNER_UID, 'OWNER'],
        [MANAGER_UID, 'MANAGER'],
      ] as const) {
        const [row] = await t.db
          .select()
          .from(staffRoles)
          .where(and(eq(staffRoles.userUid, uid), eq(staffRoles.companyUid, COMPANY)));
        if (row) await setRole(uid, role);
        else await t.db.insert(staffRoles).values({ userUid: uid, companyUid: COMPANY, role, placeUids: [] });
      }
    }
  });

  it("revokes at once: the person's admin calls and open order board stream end", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { host: 'localhost' },
      payload: { email: 'tienda@demo.pe', password: 'Demo1234!' },
    });
    const token = login.json().token as string;
    const stream = await openOrderStream(`${address}/api`, token, 'place-miraflores');
    stream.since();
    const revoked = await call(tokens.owner, 'DELETE', `staff/${STAFF_UID}/`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    await stream.ended;
    const again = await fetch(`${address}/api/v5/retail/orders/stream?place=place-miraflores`, {
      headers: { authorization: `Token ${token}`, host: 'localhost' },
    });
    expect(again.status).toBe(403);
    expect((await call(tokens.owner, 'GET', `staff/${STAFF_UID}/`)).statusCode).toBe(404);
    const [line] = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.objectUid, STAFF_UID), eq(adminAuditLog.action, 'delete')));
    expect(line?.before).toMatchObject({ email: 'tienda@demo.pe', role: 'staff' });
    // A revoked manager is out of the admin site on the next call.
    expect((await call(tokens.manager, 'GET', 'places/')).statusCode).toBe(200);
    expect((await call(tokens.owner, 'DELETE', `staff/${MANAGER_UID}/`)).statusCode).toBe(204);
    expect((await call(tokens.manager, 'GET', 'places/')).statusCode).toBe(403);
  });
});

describe('admin places', () => {
  it("lists the company's places with address and city, searched and ordered", async () => {
    const res = await call(tokens.owner, 'GET', 'places/?ordering=name');
    expect(res.statusCode, res.body).toBe(200);
    const places = res.json().results as { uid: string; name: string; address: string; city: string }[];
    expect(places.length).toBeGreaterThanOrEqual(4);
    expect(places.map((p) => p.name)).toEqual(
      [...places.map((p) => p.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(places.some((p) => p.uid === 'place-rival')).toBe(false);
    const miraflores = places.find((p) => p.uid === 'place-miraflores');
    expect(miraflores?.address).not.toBe('');
    expect(miraflores?.city).not.toBe('');
    const searched = (await call(tokens.owner, 'GET', 'places/?search=cayma')).json();
    expect(searched.results.map((p: { uid: string }) => p.uid)).toEqual(['place-cayma']);
    expect((await call(tokens.owner, 'GET', 'places/?ordering=address')).statusCode).toBe(400);
    expect((await call(tokens.owner, 'GET', 'places/place-cayma/')).json()).toEqual(searched.results[0]);
    expect((await call(tokens.owner, 'GET', 'places/place-rival/')).statusCode).toBe(404);
  });
});
