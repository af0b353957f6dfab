import { users } from '@storefront/db/schema/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { earnForDeliveredOrder } from './ledger.service.ts';

// Issue 30 item 6: "Mis canjes" lists every promotion the member bought with coins or redeemed, with
// its code, QR and state, newest first; a code merely shown (nothing bought) is not a canje.

const PROGRAM = 'demo-club';
const STAFF = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const host = 'localhost';
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newMember() {
  const [user] = await t.db
    .insert(users)
    .values({ appUid: 'demo', email: `canjes${Math.random().toString(36).slice(2)}@demo.pe` })
    .returning();
  if (!user) throw new Error('no user');
  return { user, token: await issueToken(t.db, { uid: user.uid, appUid: 'demo' }) };
}

const as = (token: string) => ({ host, authorization: `Token ${token}` });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: as(token), payload });
const promotion = (uid: string) => `/v5/me/programs/${PROGRAM}/promotions/${uid}`;

describe('Mis canjes', () => {
  it('lists bought and redeemed promotions across programs, newest first, with code, QR and state', async () => {
    const { user, token } = await newMember();
    await post('/v5/me/programs/', token, { program: PROGRAM });
    await t.db.transaction((tx) =>
      earnForDeliveredOrder(
        tx,
        { appUid: 'demo', userUid: user.uid, programUid: PROGRAM },
        { uid: 'order-canjes', paidCents: 20_000 },
      ),
    );
    const dessert = await post(`${promotion('promo-postre-monedas')}/purchase/`, token);
    expect(dessert.statusCode, dessert.body).toBe(201);
    const welcome = await post(`${promotion('promo-bienvenida')}/purchase/`, token);
    expect(welcome.statusCode, welcome.body).toBe(201);
    // Shown only: a code for the counter, nothing used up yet.
    const shown = await post(`${promotion('promo-postre-monedas')}/qrcode/`, token);
    expect(shown.statusCode).toBe(200);
    // The dessert is then consumed at the counter by its code.
    const staff = await issueToken(t.db, { uid: STAFF, appUid: 'demo' });
    const redeemed = await post('/v5/retail/redemptions/', staff, {
      place: 'place-miraflores',
      code: dessert.json().code,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);

    const res = await t.app.inject({ url: '/api/v5/me/redemptions/', headers: as(token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(
      body.results.map((r: Record<string, unknown>) => ({
        promotion: (r.promotion as { uid: string }).uid,
        program: r.program,
        code: r.code,
        qr: r.qr,
        status: r.status,
        coins_spent: r.coins_spent,
      })),
    ).toEqual([
      {
        promotion: 'promo-bienvenida',
        program: { uid: PROGRAM, name: 'Club Sabores' },
        code: welcome.json().code,
        qr: `PROMO:${welcome.json().code}`,
        status: 'ACQUIRED',
        coins_spent: 0,
      },
      {
        promotion: 'promo-postre-monedas',
        program: { uid: PROGRAM, name: 'Club Sabores' },
        code: dessert.json().code,
        qr: `PROMO:${dessert.json().code}`,
        status: 'REDEEMED',
        coins_spent: 100,
      },
    ]);

    const other = await newMember();
    const theirs = await t.app.inject({ url: '/api/v5/me/redemptions/', headers: as(other.token) });
    expect(theirs.json()).toMatchObject({ count: 0, results: [] });
  });
});
