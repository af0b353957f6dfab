import { createHash } from 'node:crypto';
import { mailOutbox } from '@storefront/db/schema/accounts';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { programs, raffleDraws, raffleRegistrations, raffles } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { auth, createMembers, demoMemberToken } from '../../orders/orders.fixtures.ts';
import { userForToken } from '../../sessions/sessions.service.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  dayIn,
  inDays,
} from '../admin.fixtures.ts';

// The admin's raffles (issue 18): terms, fields asked, dates, program and number of winners; the
// storefront shows them; the draw picks the winners once, from a recorded seed and list that let
// anyone re-check it, and mails them.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let member: string;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const storefront = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...auth(token), ...options.headers } });
const register = (token: string, raffle: string, payload: object = { accepted_terms: true }) =>
  storefront(token, {
    method: 'POST',
    url: `/api/v5/me/programs/demo-club/raffles/${raffle}/register/`,
    headers: { 'idempotency-key': crypto.randomUUID() },
    payload,
  });
const n = async (table: typeof raffles | typeof raffleDraws | typeof adminAuditLog | typeof mailOutbox) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
const snapshot = async () => ({
  audit: await n(adminAuditLog),
  draws: await n(raffleDraws),
  mail: await n(mailOutbox),
  rows: await t.db.select().from(raffles).orderBy(raffles.uid),
});
const auditOf = (uid: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, uid)).orderBy(adminAuditLog.id);

/** A raffle open for registrations (until tomorrow), with `winners` winners. */
async function openRaffle(title: string, winners = 1) {
  const res = await call(tokens.manager, 'POST', 'raffles/', {
    program: 'demo-club',
    title,
    ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    winners_count: winners,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uid: string; version: number };
}

/** Closes a raffle's registrations (its end a minute ago), as the admin does before drawing. */
async function close(uid: string) {
  const res = await call(tokens.manager, 'PATCH', `raffles/${uid}/`, {
    ends_at: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Re-computes a draw from its record alone, as an outsider would (SHA-256 ranks, smallest first). */
function recompute(draw: { seed: string; registrations: string[] }, winners: number) {
  const rank = (uid: string) => createHash('sha256').update(`${draw.seed}:${uid}`).digest('hex');
  return [...draw.registrations].sort((a, b) => rank(a).localeCompare(rank(b))).slice(0, winners);
}

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  member = await demoMemberToken(t.db);
  await t.db
    .insert(programs)
    .values({ uid: 'rival-club', appUid: 'demo', companyUid: 'rival-main', name: 'R' });
  await t.db.insert(raffles).values({ uid: 'rival-raffle', programUid: 'rival-club', title: 'Rival' });
});
afterAll(() => t.close());

describe('admin raffles', () => {
  it('creates a raffle with terms, fields, dates and winners, audited; members see it and register with its fields', async () => {
    const starts = new Date(Date.now() - 3_600_000).toISOString();
    const ends = new Date(Date.now() + 86_400_000).toISOString();
    const res = await call(tokens.manager, 'POST', 'raffles/', {
      program: 'demo-club',
      title: 'Sorteo de verano',
      description: 'Una cena',
      terms: 'Mayores de 18 años.',
      prize: 'Cena para dos',
      starts_at: starts,
      ends_at: ends,
      draw_date: dayIn(2),
      fields: [{ name: 'dni', label: 'DNI', required: true }],
      winners_count: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const raffle = res.json();
    expect(res.headers.etag).toBe('"1"');
    expect(raffle).toMatchObject({
      program: 'demo-club',
      terms: 'Mayores de 18 años.',
      prize: 'Cena para dos',
      starts_at: starts,
      ends_at: ends,
      draw_date: dayIn(2),
      fields: [{ name: 'dni', label: 'DNI', required: true }],
      winners_count: 2,
      registrations: 0,
      draw: null,
      version: 1,
    });
    const [line] = await auditOf(raffle.uid);
    expect(line).toMatchObject({ objectType: 'raffle', action: 'create' });

    const shown = await storefront(member, { url: `/api/v5/me/programs/demo-club/raffles/${raffle.uid}/` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      title: 'Sorteo de verano',
      terms: 'Mayores de 18 años.',
      is_open: true,
    });
    expect((await register(member, raffle.uid)).json()).toEqual({ dni: ['Este campo es requerido'] });
    expect((await register(member, raffle.uid, { accepted_terms: true, dni: '44556677' })).statusCode).toBe(
      201,
    );

    const registrations = await call(tokens.manager, 'GET', `raffles/${raffle.uid}/registrations/`);
    expect(registrations.json()).toMatchObject({
      count: 1,
      results: [{ email: 'socio@demo.pe', data: { dni: '44556677' }, winner: false }],
    });
    expect((await call(tokens.manager, 'GET', `raffles/${raffle.uid}/`)).json().registrations).toBe(1);
  });

  it('changes a raffle with If-Match; a stale version is a 409; a save that changes nothing keeps the version', async () => {
    const raffle = await openRaffle('Sorteo editado');
    const changed = await call(
      tokens.manager,
      'PATCH',
      `raffles/${raffle.uid}/`,
      { prize: 'Un auto' },
      {
        'if-match': '"1"',
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ prize: 'Un auto', version: 2 });
    const before = await snapshot();
    const stale = await call(
      tokens.manager,
      'PATCH',
      `raffles/${raffle.uid}/`,
      { prize: 'Otro' },
      {
        'if-match': '"1"',
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { prize: 'Un auto', version: 2 } });
    const same = await call(tokens.manager, 'PATCH', `raffles/${raffle.uid}/`, { prize: 'Un auto' });
    expect(same.json().version).toBe(2);
    expect(await snapshot()).toEqual(before);
    const shown = await storefront(member, { url: `/api/v5/me/programs/demo-club/raffles/${raffle.uid}/` });
    expect(shown.json().prize).toBe('Un auto');
  });

  it('refuses bad input with field errors, in Spanish and English, and changes nothing', async () => {
    const raffle = await openRaffle('Sorteo intacto');
    const before = await snapshot();
    const bad: [string, string, object, Record<string, string[]>][] = [
      [
        'POST',
        'raffles/',
        {
          program: 'demo-club',
          title: 'X',
          starts_at: inDays(366),
          ends_at: inDays(365),
          fields: [
            { name: 'dni', label: 'DNI' },
            { name: 'dni', label: 'Otra vez' },
          ],
        },
        {
          ends_at: ['Debe ser posterior a la fecha de inicio.'],
          'fields.1.name': ['Este nombre se repite.'],
        },
      ],
      [
        'POST',
        'raffles/',
        { program: 'rival-club', title: 'X' },
        { program: ['No existe en esta empresa.'] },
      ],
      [
        'PATCH',
        `raffles/${raffle.uid}/`,
        { fields: [{ name: 'accepted_terms', label: 'X' }] },
        { 'fields.0.name': ['Este nombre se repite.'] },
      ],
      ['PATCH', `raffles/${raffle.uid}/`, { winners_count: 0 }, {}],
      ['PATCH', `raffles/${raffle.uid}/`, { color: 'red' }, {}],
      ['PATCH', `raffles/${raffle.uid}/`, { fields: [{ name: 'Con Espacio', label: 'X' }] }, {}],
    ];
    for (const [method, path, body, fields] of bad) {
      const res = await call(tokens.manager, method as 'POST', path, body);
      expect(res.statusCode, `${method} ${path} ${res.body}`).toBe(400);
      for (const [field, messages] of Object.entries(fields)) expect(res.json()[field]).toEqual(messages);
    }
    const english = await call(
      tokens.manager,
      'POST',
      'raffles/',
      {
        program: 'demo-club',
        title: 'X',
        starts_at: inDays(366),
        ends_at: inDays(365),
      },
      { 'accept-language': 'en' },
    );
    expect(english.json()).toEqual({ ends_at: ['It must be later than the start date.'] });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another company's raffle, and changes nothing", async () => {
    const before = await snapshot();
    for (const [method, path, body] of [
      ['GET', 'raffles/rival-raffle/', undefined],
      ['PATCH', 'raffles/rival-raffle/', { prize: 'X' }],
      ['GET', 'raffles/rival-raffle/registrations/', undefined],
      ['POST', 'raffles/rival-raffle/draw/', undefined],
    ] as const) {
      const res = await call(tokens.owner, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = await call(tokens.owner, 'GET', 'raffles/?page_size=100');
    expect(list.json().results.map((r: { uid: string }) => r.uid)).not.toContain('rival-raffle');
    expect(await snapshot()).toEqual(before);
  });

  it('draws once the registrations closed, from a recorded seed and list that re-compute the same winners; mails them in their language', async () => {
    const raffle = await openRaffle('Gran sorteo', 3);
    const before = await snapshot();
    // Before it closes, and with nobody registered: clear refusals, nothing recorded.
    const early = await call(tokens.manager, 'POST', `raffles/${raffle.uid}/draw/`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      non_field_errors: [
        'Las inscripciones de este sorteo siguen abiertas: se sortea después de su fecha de cierre.',
      ],
    });
    const empty = await openRaffle('Sorteo vacío');
    await close(empty.uid);
    const none = await call(tokens.manager, 'POST', `raffles/${empty.uid}/draw/`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      non_field_errors: ['Nadie se inscribió en este sorteo: no hay a quién sortear.'],
    });
    expect((await snapshot()).draws).toBe(before.draws);

    const entrants = await createMembers(t.db, 12, 'sorteo');
    for (const token of entrants) expect((await register(token, raffle.uid)).statusCode).toBe(201);
    // One member dismissed it: not drawn from.
    const dismissed = (await createMembers(t.db, 1, 'descarta'))[0] as string;
    await storefront(dismissed, {
      method: 'POST',
      url: `/api/v5/me/programs/demo-club/raffles/${raffle.uid}/dismiss/`,
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    const english = await userForToken(t.db, null, entrants[0] as string);
    await t.db
      .update(users)
      .set({ language: 'en' })
      .where(eq(users.uid, english?.uid as string));
    await close(raffle.uid);
    const mailBefore = await n(mailOutbox);

    const drawn = await call(tokens.manager, 'POST', `raffles/${raffle.uid}/draw/`);
    expect(drawn.statusCode, drawn.body).toBe(201);
    const draw = drawn.json();
    expect(draw.algorithm).toBe('sha256-rank-v1');
    expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
    // The list it drew from: every registered member (not the dismissal), by registration uid.
    const rows = await t.db
      .select({ uid: raffleRegistrations.uid, status: raffleRegistrations.status })
      .from(raffleRegistrations)
      .where(eq(raffleRegistrations.raffleUid, raffle.uid))
      .orderBy(asc(raffleRegistrations.uid));
    expect(rows).toHaveLength(13);
    expect(draw.registrations).toEqual(
      rows.filter((row) => row.status === 'REGISTERED').map((row) => row.uid),
    );
    expect(draw.registrations).toHaveLength(12);
    // Anyone re-computes the winners from the record alone.
    const winners = draw.winners.map((w: { registration: string }) => w.registration);
    expect(winners).toHaveLength(3);
    expect(winners).toEqual(recompute(draw, 3));
    const [record] = await t.db.select().from(raffleDraws).where(eq(raffleDraws.raffleUid, raffle.uid));
    expect(record).toMatchObject({
      seed: draw.seed,
      registrationUids: draw.registrations,
      winnerUids: winners,
    });

    // Each winner gets one mail, in their language; nobody else does.
    const winnerRows = await t.db
      .select({ email: users.email, language: users.language })
      .from(raffleRegistrations)
      .innerJoin(users, eq(users.uid, raffleRegistrations.userUid))
      .where(inArray(raffleRegistrations.uid, winners));
    const mails = (await t.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt)).slice(mailBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual(winnerRows.map((row) => row.email).sort());
    for (const mail of mails) {
      const language = winnerRows.find((row) => row.email === mail.to)?.language;
      expect(mail.subject).toBe(
        language === 'en' ? 'Demo: you won the raffle Gran sorteo!' : 'Demo: ¡ganaste el sorteo Gran sorteo!',
      );
      expect(mail.text).toContain(draw.uid);
    }

    // The admin sees the winners, in the raffle and its registrations; the draw is audited.
    const shown = (await call(tokens.manager, 'GET', `raffles/${raffle.uid}/`)).json();
    expect(shown.draw).toEqual(draw);
    const list = (
      await call(tokens.manager, 'GET', `raffles/${raffle.uid}/registrations/?page_size=100`)
    ).json();
    expect(
      list.results
        .filter((r: { winner: boolean }) => r.winner)
        .map((r: { uid: string }) => r.uid)
        .sort(),
    ).toEqual([...winners].sort());
    const [line] = await auditOf(draw.uid);
    expect(line).toMatchObject({ objectType: 'raffle_draw', action: 'create', after: { seed: draw.seed } });

    // Drawn: never again, and its dates, fields and winners stay; its texts may still be corrected.
    expect((await call(tokens.manager, 'POST', `raffles/${raffle.uid}/draw/`)).statusCode).toBe(409);
    const fixed = await call(tokens.manager, 'PATCH', `raffles/${raffle.uid}/`, { winners_count: 5 });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json()).toEqual({
      winners_count: ['El sorteo ya se realizó: esto ya no se puede cambiar.'],
    });
    expect(
      (await call(tokens.manager, 'PATCH', `raffles/${raffle.uid}/`, { prize: 'Dos cenas' })).statusCode,
    ).toBe(200);
  });

  it('draws once when many admins draw at once: one 201, the others 409, one record and one mail per winner', async () => {
    const raffle = await openRaffle('Sorteo disputado', 2);
    for (const token of await createMembers(t.db, 5, 'disputa')) await register(token, raffle.uid);
    await close(raffle.uid);
    const mailBefore = await n(mailOutbox);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 ? tokens.owner : tokens.manager, 'POST', `raffles/${raffle.uid}/draw/`),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toEqual({ detail: 'Este sorteo ya se realizó: sus ganadores no cambian.' });
    expect(await t.db.select().from(raffleDraws).where(eq(raffleDraws.raffleUid, raffle.uid))).toHaveLength(
      1,
    );
    expect((await n(mailOutbox)) - mailBefore).toBe(2);
  });
});
