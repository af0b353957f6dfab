import { adminAuditLog } from '@storefront/db/schema/admin';
import { ledgerEntries, memberships } from '@storefront/db/schema/loyalty';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { ledgerSums } from '../../loyalty/ledger.repository.ts';
import { earnForDeliveredOrder } from '../../loyalty/ledger.service.ts';
import { auth } from '../../orders/orders.fixtures.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  as,
  MEMBER_UID,
  OWNER_UID,
  STAFF_UID,
} from '../admin.fixtures.ts';

// The company's members in the admin API (issue 18): search, balances and ledger, adjustments with a
// reason (a ledger entry, audited, idempotent, never below zero, also under concurrent requests), and
// block/unblock, which stops the member earning and redeeming at the counter and on the storefront.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
const PROGRAM = 'demo-club';
const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);

const membership = async () => {
  const [row] = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userUid, MEMBER_UID), eq(memberships.programUid, PROGRAM)));
  if (!row) throw new Error('the demo member has no membership');
  return row;
};
const counts = async () => ({
  ledger: (await t.db.select({ n: count() }).from(ledgerEntries))[0]?.n ?? 0,
  audit: (await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0,
  coins: (await membership()).coins,
});
const adjust = (payload: object, headers: Record<string, string> = {}) =>
  call(tokens.manager, 'POST', `members/${MEMBER_UID}/adjustments/`, payload, headers);

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('admin members', () => {
  it('finds a member by e-mail, document or phone (with or without the country code)', async () => {
    for (const search of ['socio@demo.pe', 'SOCIO@DEMO', '44556677', '987654321', '+51987654321', 'Quispe']) {
      const res = await call(tokens.manager, 'GET', `members/?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().results.map((m: { uid: string }) => m.uid),
        search,
      ).toEqual([MEMBER_UID]);
    }
    // Staff without a membership are not members; nobody matches a phone nobody has.
    expect((await call(tokens.manager, 'GET', 'members/?search=tienda@demo.pe')).json().count).toBe(0);
    expect((await call(tokens.manager, 'GET', 'members/?search=%2B52987654321')).json().count).toBe(0);
    const all = (await call(tokens.manager, 'GET', 'members/?page_size=1')).json();
    expect(all.count).toBeGreaterThanOrEqual(1);
    expect(all.results).toHaveLength(1);
  });

  it("shows a member's memberships with balances and level, and the paged ledger", async () => {
    const res = await call(tokens.manager, 'GET', `members/${MEMBER_UID}/`);
    expect(res.statusCode, res.body).toBe(200);
    const [club] = res.json().memberships;
    expect(club).toMatchObject({
      program: { uid: PROGRAM },
      coins: 500,
      points: 120,
      stamps: 2,
      blocked: false,
    });
    expect(club.level).toMatchObject({ name: 'Bronce' });
    const ledger = await call(tokens.manager, 'GET', `members/${MEMBER_UID}/ledger/?page_size=2`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json().count).toBe(3);
    expect(ledger.json().results).toHaveLength(2);
    expect(ledger.json().next).toContain('page=2');
    // Another company (it has no programs) does not know the member; nor does anyone for a non-member.
    const rival = await t.app.inject({
      method: 'GET',
      url: `/api/admin/companies/rival-main/members/${MEMBER_UID}/`,
      headers: as(tokens.rivalOwner),
    });
    expect(rival.statusCode).toBe(404);
    expect((await call(tokens.manager, 'GET', `members/${STAFF_UID}/`)).statusCode).toBe(404);
    expect((await call(tokens.manager, 'GET', `members/${STAFF_UID}/ledger/`)).statusCode).toBe(404);
  });

  it('adjusts a balance with a reason: a new ledger entry, audited in the same transaction, idempotent', async () => {
    const before = await counts();
    const key = { 'idempotency-key': 'adjust-1' };
    const body = { program: PROGRAM, kind: 'coins', amount: 50, reason: 'Compensación por demora' };
    const res = await adjust(body, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().memberships[0].coins).toBe(before.coins + 50);
    const again = await adjust(body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(res.json());
    expect(await counts()).toEqual({
      ledger: before.ledger + 1,
      audit: before.audit + 1,
      coins: before.coins + 50,
    });
    expect((await adjust({ ...body, amount: 51 }, key)).statusCode).toBe(422);

    const [entry] = (await call(tokens.manager, 'GET', `members/${MEMBER_UID}/ledger/?kind=coins`)).json()
      .results;
    expect(entry).toMatchObject({
      amount: 50,
      reason: 'ADMIN_ADJUSTMENT',
      note: body.reason,
      staff: 'gerente@demo.pe',
    });
    const [line] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectType, 'membership'))
      .orderBy(adminAuditLog.createdAt);
    expect(line).toMatchObject({
      objectUid: (await membership()).uid,
      before: { coins: before.coins, adjustment: null },
      after: { coins: before.coins + 50, adjustment: { amount: 50, reason: body.reason } },
    });
  });

  it('refuses bad input with field errors and a debit below zero with the spec message, changing nothing', async () => {
    const before = await counts();
    const bad = await adjust({ program: PROGRAM, kind: 'coins', amount: 0, reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['amount', 'reason']);
    const gift = await adjust({ program: PROGRAM, kind: 'balance', amount: 5, reason: 'Regalo' });
    expect(Object.keys(gift.json())).toEqual(['kind']);
    const foreign = await adjust({ program: 'multi-club', kind: 'coins', amount: 5, reason: 'Otra empresa' });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual(['program']);
    const short = await adjust({
      program: PROGRAM,
      kind: 'coins',
      amount: -(before.coins + 1),
      reason: 'Error',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ non_field_errors: ['No tienes monedas suficientes'] });
    expect(await counts()).toEqual(before);
  });

  it('keeps the balance equal to the ledger and never negative under many concurrent adjustments', async () => {
    const start = (await membership()).coins;
    const amounts = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 40 : -Math.ceil(start / 10)));
    const answers = await Promise.all(
      amounts.map((amount, i) =>
        adjust(
          { program: PROGRAM, kind: 'coins', amount, reason: `Carrera ${i}` },
          { 'idempotency-key': `race-${i}` },
        ),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 400),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(0);
    const applied = amounts.filter((_, i) => statuses[i] === 201).reduce((sum, amount) => sum + amount, 0);
    const after = await membership();
    expect(after.coins).toBe(start + applied);
    expect(after.coins).toBeGreaterThanOrEqual(0);
    expect((await ledgerSums(t.db, after.uid)).coins).toBe(after.coins);
  });

  it('blocks a member: no redemption at the counter or on the storefront, no stamps; unblocking restores them', async () => {
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/v5/retail/places/',
      headers: auth(tokens.staff),
    });
    expect(staff.statusCode).toBe(200);
    const before = await counts();
    const blocked = await call(tokens.manager, 'PATCH', `members/${MEMBER_UID}/`, { blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, memberships: [{ blocked: true }] });
    expect((await counts()).audit).toBe(before.audit + 1);
    const listed = await call(tokens.manager, 'GET', 'members/?blocked=true');
    expect(listed.json().results.map((m: { uid: string }) => m.uid)).toEqual([MEMBER_UID]);

    const counter = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v5/retail/${path}`,
        headers: auth(tokens.staff, { 'accept-language': 'en' }),
        payload,
      });
    const redeem = () =>
      counter('redemptions/', { place: 'place-miraflores', member: MEMBER_UID, promotion: 'promo-08' });
    const refused = await redeem();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: ['Your account is blocked in this benefits program. Please contact the business.'],
    });
    const stamp = await counter('stamps/', {
      place: 'place-miraflores',
      member: MEMBER_UID,
      program: PROGRAM,
    });
    expect(stamp.statusCode).toBe(400);
    const buy = await t.app.inject({
      method: 'POST',
      url: `/api/v5/me/programs/${PROGRAM}/promotions/promo-14/purchase/`,
      headers: auth(tokens.member),
      payload: {},
    });
    expect(buy.statusCode).toBe(400);
    expect(buy.json().non_field_errors).toEqual([
      'Tu cuenta está bloqueada en este programa de beneficios. Comunícate con el negocio.',
    ]);
    // An order delivered meanwhile earns nothing (and is still delivered: no error).
    const earned = await t.db.transaction((tx) =>
      earnForDeliveredOrder(
        tx,
        { appUid: 'demo', userUid: MEMBER_UID, programUid: PROGRAM },
        { uid: 'order-while-blocked', paidCents: 5000 },
      ),
    );
    expect([earned.coins, earned.points]).toEqual([0, 0]);
    expect((await counts()).ledger).toBe(before.ledger);
    // The company's own correction still applies (a blocked member's balance can be put right).
    expect(
      (await adjust({ program: PROGRAM, kind: 'coins', amount: 1, reason: 'Corrección' })).statusCode,
    ).toBe(201);
    expect((await counts()).ledger).toBe(before.ledger + 1);

    const unblocked = await call(tokens.owner, 'PATCH', `members/${MEMBER_UID}/`, { blocked: false });
    expect(unblocked.json().blocked).toBe(false);
    expect((await redeem()).statusCode).toBe(201);
    const lines = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectType, 'member'))
      .orderBy(adminAuditLog.id);
    expect(lines.map((line) => [line.userUid, line.after])).toEqual([
      [expect.any(String), { blocked: true }],
      [OWNER_UID, { blocked: false }],
    ]);
  });
});
