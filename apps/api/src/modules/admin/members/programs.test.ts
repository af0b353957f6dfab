import { adminAuditLog } from '@storefront/db/schema/admin';
import { ledgerEntries, programLevels, programs } from '@storefront/db/schema/loyalty';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { earnForDeliveredOrder } from '../../loyalty/ledger.service.ts';
import { HOST } from '../../orders/orders.fixtures.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  as,
  MEMBER_UID,
} from '../admin.fixtures.ts';

// Programs' rules in the admin API (issue 18): read and edit with If-Match, levels validated, audited;
// a change applies to what is earned from then on and never rewrites the ledger; the storefront's program
// answers the new rules at once.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
const PROGRAM = 'demo-club';
const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const program = () => call(tokens.manager, 'GET', `programs/${PROGRAM}/`);
const patch = (body: object, version?: number) =>
  call(tokens.manager, 'PATCH', `programs/${PROGRAM}/`, body, version ? { 'if-match': `"${version}"` } : {});
const snapshot = async () => ({
  program: await t.db.select().from(programs).where(eq(programs.uid, PROGRAM)),
  levels: await t.db.select().from(programLevels).orderBy(asc(programLevels.uid)),
  audit: (await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0,
});
const earn = (orderUid: string, paidCents: number) =>
  t.db.transaction((tx) =>
    earnForDeliveredOrder(
      tx,
      { appUid: 'demo', userUid: MEMBER_UID, programUid: PROGRAM },
      { uid: orderUid, paidCents },
    ),
  );

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('admin programs', () => {
  it("lists the company's programs with their rules and version", async () => {
    const res = await call(tokens.manager, 'GET', 'programs/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        uid: PROGRAM,
        name: 'Club Sabores',
        stamps_required: 6,
        stamp_reward: 'Un ceviche clásico gratis',
        coins_per_sol: 1,
        points_per_sol: 1,
        coin_expiry_days: 365,
        point_expiry_days: null,
        allows_manual_points: true,
        levels: [
          { uid: 'level-bronce', name: 'Bronce', min_points: 0 },
          { uid: 'level-plata', name: 'Plata', min_points: 200 },
          { uid: 'level-oro', name: 'Oro', min_points: 500 },
        ],
        version: 1,
      },
    ]);
    const one = await program();
    expect(one.headers.etag).toBe('"1"');
    // Another company's admin does not see it.
    const rival = await t.app.inject({
      method: 'GET',
      url: `/api/admin/companies/rival-main/programs/${PROGRAM}/`,
      headers: as(tokens.rivalOwner),
    });
    expect(rival.statusCode).toBe(404);
  });

  it('refuses levels out of order, repeated, or of another program, and bad values, changing nothing', async () => {
    const before = await snapshot();
    const levels = (list: [string, number][]) => list.map(([name, min_points]) => ({ name, min_points }));
    for (const body of [
      {
        levels: levels([
          ['Bronce', 0],
          ['Oro', 500],
          ['Plata', 200],
        ]),
      },
      {
        levels: levels([
          ['Bronce', 0],
          ['Plata', 0],
        ]),
      },
      {
        levels: levels([
          ['Bronce', 0],
          ['bronce', 100],
        ]),
      },
      { levels: [{ uid: 'multi-level-nope', name: 'X', min_points: 0 }] },
    ]) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['levels']);
    }
    const bad = await patch({ coins_per_sol: -1, coin_expiry_days: 0, stamps_required: 1.5, color: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 with the current program to a stale If-Match', async () => {
    const { version } = (await program()).json();
    const ok = await patch({ stamp_reward: 'Un postre gratis' }, version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ stamp_reward: 'Un postre gratis', version: version + 1 });
    expect(ok.headers.etag).toBe(`"${version + 1}"`);
    const stale = await patch({ stamp_reward: 'Otro' }, version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ stamp_reward: 'Un postre gratis', version: version + 1 });
    // The same values again change nothing: no new version, no audit line.
    const audit = (await snapshot()).audit;
    expect((await patch({ stamp_reward: 'Un postre gratis' })).json().version).toBe(version + 1);
    expect((await snapshot()).audit).toBe(audit);
  });

  it('applies a rule change to what is earned from then on; the ledger is never rewritten', async () => {
    await earn('order-before', 1000);
    const first = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, 'order-before'));
    expect(first.map((e) => [e.kind, e.amount])).toEqual([
      ['coins', 10],
      ['points', 10],
    ]);
    const res = await patch({ coins_per_sol: 3, points_per_sol: 2, point_expiry_days: 30 });
    expect(res.statusCode, res.body).toBe(200);
    await earn('order-after', 1000);
    const second = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, 'order-after'));
    expect(second.map((e) => [e.kind, e.amount])).toEqual([
      ['coins', 30],
      ['points', 20],
    ]);
    expect(second.find((e) => e.kind === 'points')?.expiresAt).not.toBeNull();
    expect(
      await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.referenceId, 'order-before')),
    ).toEqual(first);
    const [line] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectType, 'program'))
      .orderBy(asc(adminAuditLog.createdAt));
    expect(line?.objectUid).toBe(PROGRAM);
  });

  it('edits levels keeping their uids, and the storefront answers the new rules at once', async () => {
    const res = await patch({
      allows_manual_points: false,
      levels: [
        { uid: 'level-bronce', name: 'Bronce', min_points: 0 },
        { uid: 'level-plata', name: 'Plata', min_points: 150 },
        { name: 'Diamante', min_points: 1000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const levels = res.json().levels as { uid: string; name: string; min_points: number }[];
    expect(levels.map((l) => [l.name, l.min_points])).toEqual([
      ['Bronce', 0],
      ['Plata', 150],
      ['Diamante', 1000],
    ]);
    expect(levels[1]?.uid).toBe('level-plata');
    const storefront = await t.app.inject({
      method: 'GET',
      url: `/api/v5/programs/${PROGRAM}/`,
      headers: { host: HOST },
    });
    // Adding points at the counter is off now: the staff get the spec's message.
    const points = await t.app.inject({
      method: 'POST',
      url: '/api/v5/retail/points/',
      headers: { host: HOST, authorization: `Token ${tokens.staff}` },
      payload: {
        place: 'place-miraflores',
        member: MEMBER_UID,
        program: PROGRAM,
        amount: 5,
        description: 'Visita',
      },
    });
    expect(points.statusCode).toBe(400);
    expect(JSON.stringify(points.json())).toContain(
      'El programa de beneficios no tiene habilitada esta funcionalidad',
    );
    expect(storefront.json()).toMatchObject({
      allows_manual_points: false,
      coins_per_sol: 3,
      levels: levels.map((l) => ({ uid: l.uid, name: l.name, min_points: l.min_points })),
    });
  });

  it('drops the kept storefront pages of every process when the rules change', async () => {
    const version = t.app.menuCache.version('demo');
    expect((await patch({ stamps_required: 8 })).statusCode).toBe(200);
    expect(t.app.menuCache.version('demo')).toBeGreaterThan(version);
  });
});
