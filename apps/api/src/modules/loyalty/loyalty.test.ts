import { ledgerEntries, memberships, promotions } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';

const MEMBER = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0001';
const PROGRAM = 'demo-club';
const host = 'localhost';

describe('loyalty programs and benefits', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  const auth = () => ({ host, authorization: `Token ${token}` });
  const get = (url: string, headers: Record<string, string> = auth()) => t.app.inject({ url, headers });
  const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...auth(), ...headers } });

  /** A fresh member of the demo app with a token. */
  async function newMember(appUid = 'demo') {
    const [user] = await t.db
      .insert(users)
      .values({ appUid, email: `m${Math.random().toString(36).slice(2)}@demo.pe` })
      .returning();
    if (!user) throw new Error('no user');
    return { user, token: await issueToken(t.db, { uid: user.uid, appUid }) };
  }

  async function ledgerMatches(membershipUid: string) {
    const [m] = await t.db.select().from(memberships).where(eq(memberships.uid, membershipUid));
    const [sum] = await t.db
      .select({
        coins: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'coins'), 0)::int`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.membershipUid, membershipUid));
    return { cached: m?.coins, ledger: sum?.coins };
  }

  beforeAll(async () => {
    t = await createTestApp();
    token = await issueToken(t.db, { uid: MEMBER, appUid: 'demo' });
  });
  afterAll(() => t.close());

  it('lists the app programs and fills allowed_programs of the app record', async () => {
    const res = await get('/api/v5/programs/?company=demo-main', { host });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ uid: PROGRAM, company: 'demo-main', stamps_required: 6 });
    const app = await t.app.inject({ url: '/api/v7/apps/demo', headers: { host } });
    expect(app.json().allowed_programs).toEqual([{ uid: PROGRAM }]);
  });

  it('answers 401 without a token on member calls', async () => {
    for (const url of [`/api/v5/me/programs/${PROGRAM}/`, `/api/v5/me/programs/${PROGRAM}/promotions/`]) {
      const res = await get(url, { host });
      expect(res.statusCode).toBe(401);
    }
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/',
      payload: { program: PROGRAM },
      headers: { host },
    });
    expect(write.statusCode).toBe(401);
  });

  it("answers the member's QR code for a program: stable, and 404 for another tenant's program", async () => {
    const post = (url: string, headers: Record<string, string> = { host, authorization: `Token ${token}` }) =>
      t.app.inject({ method: 'POST', url, headers });
    const first = await post(`/api/v5/me/programs/${PROGRAM}/qr/`);
    expect(first.statusCode).toBe(200);
    expect(first.json().qrMember).toMatch(/^MEMBER:[0-9a-f-]{36}$/);
    expect((await post(`/api/v5/me/programs/${PROGRAM}/qr/`)).json()).toEqual(first.json());
    expect((await post('/api/v5/me/programs/no-such-program/qr/')).statusCode).toBe(404);
    expect((await post(`/api/v5/me/programs/${PROGRAM}/qr/`, { host })).statusCode).toBe(401);
  });

  it("shows the demo member's coins, points, level and stamps, equal to the ledger", async () => {
    const res = await get(`/api/v5/me/programs/${PROGRAM}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_member: true,
      coins: 500,
      total_points: 120,
      level: { uid: 'level-bronce' },
      next_level: { uid: 'level-plata', min_points: 200 },
      points_to_next_level: 80,
      percent: 60,
      stamps: { available: 2, required: 6 },
    });
  });

  it('joins once: joining twice changes nothing', async () => {
    const { token: other } = await newMember();
    const headers = { authorization: `Token ${other}` };
    const first = await post('/api/v5/me/programs/', { program: PROGRAM }, headers);
    expect(first.statusCode).toBe(201);
    const second = await post('/api/v5/me/programs/', { program: PROGRAM }, headers);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ is_member: true, coins: 0, joined_at: first.json().joined_at });
    const unknown = await post('/api/v5/me/programs/', { program: PROGRAM, extra: 1 }, headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('extra');
  });

  it('pages promotions by 24, highest discount first, with the tagged filter', async () => {
    const page1 = await get(`/api/v5/me/programs/${PROGRAM}/promotions/`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.count).toBeGreaterThanOrEqual(30);
    expect(body.results).toHaveLength(24);
    expect(body.next).toMatch(/^http:\/\/localhost\/api\/v5\/me\/programs\/demo-club\/promotions\/\?page=2$/);
    const rates = body.results.map((p: { rate_discount: number }) => p.rate_discount);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const page2 = await get(body.next.replace('http://localhost', ''));
    expect(page2.json().results).toHaveLength(body.count - 24);
    const tagged = await get(`/api/v5/me/programs/${PROGRAM}/promotions/?tagged=true`);
    expect(tagged.json().results.every((p: { tagged: boolean }) => p.tagged)).toBe(true);
    const bad = await get(`/api/v5/me/programs/${PROGRAM}/promotions/?ordering=evil`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a once-per-member promotion after its first use, even with 10 concurrent requests', async () => {
    const { token: other } = await newMember();
    const headers = { authorization: `Token ${other}` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/api/v5/me/programs/${PROGRAM}/promotions/promo-bienvenida/purchase/`, {}, headers),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(9);
    const refused = results.find((r) => r.statusCode === 400);
    expect(refused?.json()).toEqual({ non_field_errors: ['Esta promoción ya fue utilizada'] });
  });

  it('never takes coins below zero under 20 concurrent purchases; the balance equals the ledger', async () => {
    const { user, token: other } = await newMember();
    const headers = { authorization: `Token ${other}` };
    await post('/api/v5/me/programs/', { program: PROGRAM }, headers);
    // 350 coins through the ledger, by an order delivered (S/ 350.00).
    const { earnForDeliveredOrder } = await import('./ledger.service.ts');
    await t.db.transaction((tx) =>
      earnForDeliveredOrder(
        tx,
        { appUid: 'demo', userUid: user.uid, programUid: PROGRAM },
        { uid: 'order-1', paidCents: 35_000 },
      ),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`/api/v5/me/programs/${PROGRAM}/promotions/promo-postre-monedas/purchase/`, {}, headers),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(17);
    expect(refused[0]?.json()).toEqual({ non_field_errors: ['No tienes monedas suficientes'] });
    const [m] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userUid, user.uid), eq(memberships.programUid, PROGRAM)));
    expect(m?.coins).toBe(50);
    expect(await ledgerMatches(m?.uid ?? '')).toEqual({ cached: 50, ledger: 50 });
  });

  it('replays a write sent again with the same Idempotency-Key; another body with it is 422', async () => {
    const { user, token: other } = await newMember();
    const headers = { authorization: `Token ${other}`, 'idempotency-key': 'buy-1' };
    const { earnForDeliveredOrder } = await import('./ledger.service.ts');
    await t.db.transaction((tx) =>
      earnForDeliveredOrder(
        tx,
        { appUid: 'demo', userUid: user.uid, programUid: PROGRAM },
        { uid: 'o-2', paidCents: 30_000 },
      ),
    );
    const url = `/api/v5/me/programs/${PROGRAM}/promotions/promo-postre-monedas/purchase/`;
    const first = await post(url, {}, headers);
    expect(first.statusCode).toBe(201);
    const again = await Promise.all([post(url, {}, headers), post(url, {}, headers)]);
    for (const res of again) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(first.json());
    }
    expect(first.json().coins).toBe(200);
    const standing = await get(`/api/v5/me/programs/${PROGRAM}/`, { host, authorization: `Token ${other}` });
    expect(standing.json().coins).toBe(200);
    const otherBody = await post(
      '/api/v5/me/programs/',
      { program: PROGRAM },
      { authorization: `Token ${other}`, 'idempotency-key': 'buy-1' },
    );
    expect(otherBody.statusCode).toBe(422);
  });

  it('refuses an exhausted stock and a level not reached, with their messages', async () => {
    const { token: other } = await newMember();
    const headers = { authorization: `Token ${other}` };
    await t.db.update(promotions).set({ stock: 0, coinPrice: 0 }).where(eq(promotions.uid, 'promo-limitada'));
    const stock = await post(
      `/api/v5/me/programs/${PROGRAM}/promotions/promo-limitada/purchase/`,
      {},
      headers,
    );
    expect(stock.statusCode).toBe(400);
    expect(stock.json()).toEqual({ non_field_errors: ['Se agotó el stock de esta promoción'] });
    const level = await post(
      `/api/v5/me/programs/${PROGRAM}/promotions/promo-oro-ceviche/purchase/`,
      {},
      headers,
    );
    expect(level.statusCode).toBe(400);
    expect(level.json()).toEqual({ non_field_errors: ['Tu nivel aún no permite usar esta promoción'] });
    const en = await post(
      `/api/v5/me/programs/${PROGRAM}/promotions/promo-bienvenida/qrcode/`,
      {},
      {
        ...headers,
        'accept-language': 'en',
      },
    );
    expect(en.statusCode).toBe(200);
    expect(en.json().qr).toBe(`PROMO:${en.json().code}`);
  });

  it('hides another tenant: its member gets 404 for the demo program and promotion', async () => {
    const { token: stranger } = await newMember('multi');
    const headers = { host: 'multi.localhost', authorization: `Token ${stranger}` };
    expect((await get(`/api/v5/me/programs/${PROGRAM}/`, headers)).statusCode).toBe(404);
    expect(
      (await get(`/api/v5/me/programs/${PROGRAM}/promotions/promo-bienvenida/`, headers)).statusCode,
    ).toBe(404);
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/v5/redemption-by-user/',
      payload: { program_promotion: 'promo-bienvenida' },
      headers,
    });
    expect(buy.statusCode).toBe(404);
    expect((await get('/api/v5/me/promotions/promo-bienvenida/places/', headers)).statusCode).toBe(404);
  });

  it('takes a poll response once, with every question answered', async () => {
    const { token: other } = await newMember();
    const headers = { authorization: `Token ${other}` };
    const poll = await get(`/api/v5/me/programs/${PROGRAM}/polls/poll-satisfaccion/`, {
      host,
      authorization: `Token ${other}`,
    });
    expect(poll.json().questions).toHaveLength(3);
    const url = '/api/v5/me/polls/poll-satisfaccion/responses/';
    const partial = await post(
      url,
      { answers: [{ question: 'poll-q-atencion', option: 'poll-q-atencion-1' }] },
      headers,
    );
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({
      non_field_errors: ['Todas las preguntas de la encuesta deben ser respondidas'],
    });
    const wrongOption = await post(
      url,
      {
        answers: [
          { question: 'poll-q-atencion', option: 'poll-q-volveria-si' },
          { question: 'poll-q-volveria', option: 'poll-q-volveria-si' },
          { question: 'poll-q-comentario', text: 'Todo bien' },
        ],
      },
      headers,
    );
    expect(wrongOption.statusCode).toBe(400);
    const full = {
      answers: [
        { question: 'poll-q-atencion', option: 'poll-q-atencion-1' },
        { question: 'poll-q-volveria', option: 'poll-q-volveria-si' },
        { question: 'poll-q-comentario', text: 'Todo bien' },
      ],
    };
    const results = await Promise.all([
      post(url, full, headers),
      post(url, full, headers),
      post(url, full, headers),
    ]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)[0]?.json()).toEqual({
      non_field_errors: ['Ya respondiste esta encuesta'],
    });
    const resolved = await get(`/api/v5/me/programs/${PROGRAM}/polls/?is_resolved=true`, {
      host,
      authorization: `Token ${other}`,
    });
    expect(resolved.json().results.map((p: { uid: string }) => p.uid)).toEqual(['poll-satisfaccion']);
  });

  it('registers in a raffle once, with accepted terms, and dismisses', async () => {
    const { token: other } = await newMember();
    const headers = { authorization: `Token ${other}` };
    const url = `/api/v5/me/programs/${PROGRAM}/raffles/raffle-aniversario/register/`;
    const noTerms = await post(url, { accepted_terms: false }, headers);
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json()).toHaveProperty('accepted_terms');
    const unknown = await post(url, { accepted_terms: true, evil: 'x' }, headers);
    expect(unknown.json()).toHaveProperty('evil');
    const ok = await post(url, { accepted_terms: true, favorite_place: 'Miraflores' }, headers);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().status).toBe('REGISTERED');
    expect((await post(url, { accepted_terms: true }, headers)).statusCode).toBe(400);
    const other2 = await newMember();
    const dismiss = await post(
      `/api/v5/me/programs/${PROGRAM}/raffles/raffle-aniversario/dismiss/`,
      {},
      {
        authorization: `Token ${other2.token}`,
      },
    );
    expect(dismiss.json().status).toBe('DISMISSED');
    const list = await get(`/api/v5/me/programs/${PROGRAM}/raffles/`, {
      host,
      authorization: `Token ${other2.token}`,
    });
    expect(list.json().count).toBe(0);
  });

  it('lists events by start date where events are enabled, and 404 elsewhere', async () => {
    const res = await get('/api/v5/companies/demo-main/events/', { host });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((e: { uid: string }) => e.uid)).toEqual(['event-taller', 'event-feria']);
    expect((await get('/api/v5/events/event-feria/', { host })).json()).toMatchObject({
      start_time: '12:00:00',
    });
    const elsewhere = await get('/api/v5/companies/multi-main/events/', { host: 'multi.localhost' });
    expect(elsewhere.statusCode).toBe(404);
    expect((await get('/api/v5/events/event-feria/', { host: 'multi.localhost' })).statusCode).toBe(404);
  });

  it('loads a gift card once onto the member balance', async () => {
    const { token: other } = await newMember();
    const headers = { authorization: `Token ${other}` };
    const res = await post('/api/v5/me/gift-cards/redeem/', { code: 'regalo-20' }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'REGALO-20', program: PROGRAM, amount: '20.00', balance: '20.00' });
    expect((await post('/api/v5/me/gift-cards/redeem/', { code: 'REGALO-20' }, headers)).statusCode).toBe(
      400,
    );
    expect((await post('/api/v5/me/gift-cards/redeem/', { code: 'NOPE-0000' }, headers)).json()).toEqual({
      detail: 'Este código no existe',
    });
  });
});
