import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantFile } from '../../test/test-app.ts';
import { auth, DEMO_MEMBER_UID, demoMemberToken } from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';

// The customer a counter finds: the promotions they can use now, and the ways a phone, a QR or a
// document may be typed or scanned. The program's promotions are this file's own, so that each rule
// (stock, per-member limit, level) has one promotion on each side of it.

const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const SILVER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0401';
const PLACE = 'place-miraflores';

function tenantFile() {
  const file = demoTenantFile() as { apps: Record<string, unknown>[] };
  const demo = file.apps[0] as {
    programs: { uid: string; promotions: object[] }[];
    users: Record<string, unknown>[];
    loyalty_members: Record<string, unknown>[];
  };
  const validUntil = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString();
  const promotion = (uid: string, rate: number, extra: object = {}) => ({
    uid,
    title: uid,
    description: uid,
    rate_discount: rate,
    coin_price: 0,
    valid_until: validUntil,
    ...extra,
  });
  const club = demo.programs.find((p) => p.uid === 'demo-club') as { promotions: object[] };
  club.promotions = [
    promotion('promo-compra', 5, { coin_price: 100 }),
    promotion('promo-libre', 10),
    promotion('promo-agotada', 20, { stock: 0 }),
    promotion('promo-ultima', 30, { stock: 1 }),
    promotion('promo-una-vez', 40, { per_member_limit: 1 }),
    promotion('promo-dos-veces', 50, { per_member_limit: 2 }),
    promotion('promo-plata', 60, { levels: ['level-plata'] }),
    promotion('promo-oro', 70, { levels: ['level-oro'] }),
  ];
  demo.users.push({
    uid: SILVER_UID,
    email: 'plata@test.pe',
    password: 'Demo1234!',
    document_type: 'PASSPORT',
    document_number: 'AB123456',
    mobile_number: '+51911222333',
  });
  // 250 points: level Plata (200), not Oro (500). The demo member's 120 are Bronce.
  demo.loyalty_members.push({ email: 'plata@test.pe', program: 'demo-club', points: 250 });
  return file;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;
let member: string;

const find = (query: string) =>
  t.app.inject({ url: `/api/v5/retail/customers/?${query}`, headers: auth(staff) });
const promotionsOf = async (query: string) => {
  const res = await find(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0].promotions.map((p: { uid: string; acquired: number }) => [p.uid, p.acquired]);
};

beforeAll(async () => {
  t = await createTestApp({ tenantFile: tenantFile() });
  staff = await issueToken(t.db, { uid: STAFF_UID, appUid: 'demo' });
  member = await demoMemberToken(t.db);
});
afterAll(() => t.close());

describe('a customer at the counter', () => {
  it('has the promotions they can use now: bought ones first, then in stock, under their limit and at their level, best discount first', async () => {
    for (const promotion of ['promo-una-vez', 'promo-dos-veces']) {
      const used = await t.app.inject({
        method: 'POST',
        url: '/api/v5/retail/redemptions/',
        headers: auth(staff),
        payload: { place: PLACE, member: DEMO_MEMBER_UID, promotion },
      });
      expect(used.statusCode, used.body).toBe(201);
    }
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/demo-club/promotions/promo-compra/purchase/',
      headers: auth(member),
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(201);

    // Bronce, one use of each limited promotion: the once-only one is gone, the twice one stays.
    expect(await promotionsOf('search_type=NATIONAL_ID&value=44556677')).toEqual([
      ['promo-compra', 1],
      ['promo-dos-veces', 0],
      ['promo-ultima', 0],
      ['promo-libre', 0],
    ]);
    // Plata sees the Plata promotion, not the Oro one, and has used nothing.
    expect(await promotionsOf('search_type=PASSPORT&value=AB123456')).toEqual([
      ['promo-plata', 0],
      ['promo-dos-veces', 0],
      ['promo-una-vez', 0],
      ['promo-ultima', 0],
      ['promo-libre', 0],
      ['promo-compra', 0],
    ]);
  });

  it('is found by a phone, QR or document however the counter types it, and by no pattern', async () => {
    const uidOf = async (query: string) => {
      const res = await find(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json().results[0].uid;
    };
    for (const phone of ['(911) 222-333', '911 222 333', '+51 911 222 333'])
      expect(await uidOf(`search_type=MOBILE_PHONE&value=${encodeURIComponent(phone)}`)).toBe(SILVER_UID);
    // A document is matched trimmed and in capitals.
    expect(await uidOf(`search_type=PASSPORT&value=${encodeURIComponent(' ab123456 ')}`)).toBe(SILVER_UID);
    const qr = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/demo-club/qr/',
      headers: auth(member),
    });
    const membership = (qr.json().qrMember as string).slice('MEMBER:'.length);
    for (const value of [` member:${membership.toUpperCase()} `, membership])
      expect(await uidOf(`search_type=QR&value=${encodeURIComponent(value)}`)).toBe(DEMO_MEMBER_UID);
    // Only digits (and a leading +) reach the phone look-up, which matches the number's end.
    for (const phone of ['%', '%911222333', '911222333%', '9112'])
      expect((await find(`search_type=MOBILE_PHONE&value=${encodeURIComponent(phone)}`)).statusCode).toBe(
        404,
      );
  });
});
