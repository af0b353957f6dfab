import { users } from '@storefront/db/schema/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';

const MEMBER = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0001';
const PROGRAM = 'demo-club';
const host = 'localhost';
const me = `/api/v5/me/programs/${PROGRAM}`;

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The read-only lists of a program: sections, ads, related promotions, a promotion's places, redemptions. */
describe('loyalty lists', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  let stranger: Record<string, string>;
  const auth = (as = token) => ({ host, authorization: `Token ${as}` });
  const get = (url: string, headers: Record<string, string> = auth()) => t.app.inject({ url, headers });
  const page = async <T>(url: string, headers?: Record<string, string>) => {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<T>;
  };
  const post = (url: string, as: string) =>
    t.app.inject({ method: 'POST', url, payload: {}, headers: auth(as) });

  async function newMember(appUid = 'demo') {
    const [user] = await t.db
      .insert(users)
      .values({ appUid, email: `lists-${Math.random().toString(36).slice(2)}@demo.pe` })
      .returning();
    if (!user) throw new Error('no user');
    return issueToken(t.db, { uid: user.uid, appUid });
  }

  beforeAll(async () => {
    t = await createTestApp();
    token = await issueToken(t.db, { uid: MEMBER, appUid: 'demo' });
    stranger = { host: 'multi.localhost', authorization: `Token ${await newMember('multi')}` };
  });
  afterAll(() => t.close());

  it('every list answers 401 without a token, 404 for another tenant or an unknown uid, 400 for bad paging', async () => {
    const urls = [
      `${me}/sections/`,
      `${me}/ads/`,
      `${me}/promotions/promo-05/related/`,
      '/api/v5/me/promotions/promo-limitada/places/',
      `${me}/redemptions/`,
    ];
    for (const url of urls) {
      expect((await get(url, { host })).statusCode, url).toBe(401);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
      const bad = await get(`${url}?page_size=abc`);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toHaveProperty('page_size');
      expect((await get(`${url}?page=0`)).statusCode, url).toBe(400);
      expect((await get(`${url}?unknown=1`)).statusCode, url).toBe(400);
    }
    for (const url of [
      '/api/v5/me/programs/no-such-program/sections/',
      '/api/v5/me/programs/no-such-program/ads/',
      '/api/v5/me/programs/no-such-program/promotions/promo-05/related/',
      `${me}/promotions/no-such-promotion/related/`,
      '/api/v5/me/promotions/no-such-promotion/places/',
      '/api/v5/me/programs/no-such-program/redemptions/',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('lists the program sections by position, with paging', async () => {
    const all = await page<{ uid: string; type: string; title: string; position: number }>(`${me}/sections/`);
    expect(all.count).toBe(4);
    expect(all.results.map((s) => `${s.type}:${s.title}`)).toEqual([
      'STAMPS:Sellos',
      'PRODUCTS:Canjea productos',
      'PROMOTIONS:Promociones',
      'LEVELS:Niveles',
    ]);
    expect(all.results[0]).toMatchObject({
      uid: 'section-stamps',
      description: 'Junta 6 sellos y gana un ceviche.',
      image: null,
    });
    const first = await page<{ uid: string }>(`${me}/sections/?page_size=3`);
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('page=2');
    const second = await page<{ uid: string }>(first.next ?? '');
    expect(second.results.map((s) => s.uid)).toEqual(['section-levels']);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
  });

  it('lists the program ads by position, the link null where there is none', async () => {
    const ads = await page<Record<string, unknown>>(`${me}/ads/`);
    expect(ads.count).toBe(2);
    expect(ads.results).toEqual([
      {
        uid: 'ad-club-1',
        title: 'Doble de monedas los martes',
        description: 'Todos los martes ganas el doble.',
        image: '/demo/banner.svg',
        link: null,
        position: 0,
      },
      expect.objectContaining({ uid: 'ad-club-2', link: '/register', description: '', position: 1 }),
    ]);
  });

  it('relates promotions alike: never itself, the same tagging first, then the closest discount', async () => {
    type Promo = { uid: string; tagged: boolean; rate_discount: number };
    const all = await page<Promo>(`${me}/promotions/?page_size=100`);
    const first = await page<Promo>(`${me}/promotions/promo-05/related/`);
    // Six a page by default; every promotion but promo-05 is related.
    expect(first.results).toHaveLength(6);
    expect(first.count).toBe(all.count - 1);
    // promo-05 is tagged with 25 %: the other tagged ones at 25 % come first, then tagged ones at 5 %.
    expect(first.results.every((p) => p.tagged)).toBe(true);
    expect(new Set(first.results.slice(0, 2).map((p) => p.uid))).toEqual(new Set(['promo-13', 'promo-21']));
    expect(first.results.slice(2).every((p) => p.rate_discount === 5)).toBe(true);

    const seen: string[] = [];
    for (let next: string | null = first.next, p = first; ; ) {
      seen.push(...p.results.map((r) => r.uid));
      if (!next) break;
      p = await page<Promo>(next);
      next = p.next;
    }
    expect(seen).not.toContain('promo-05');
    expect(new Set(seen).size).toBe(all.count - 1);
    const tagged = all.results.filter((p) => p.tagged && p.uid !== 'promo-05').length;
    // Every tagged one before any untagged one.
    expect(seen.slice(0, tagged).every((uid) => all.results.find((p) => p.uid === uid)?.tagged)).toBe(true);
  });

  it("lists a promotion's places: its own places, or every place of the company", async () => {
    type Place = { uid: string; name: string; address: string; area: string };
    const limited = await page<Place>('/api/v5/me/promotions/promo-limitada/places/');
    expect(limited.results.map((p) => `${p.uid}:${p.area}`)).toEqual([
      'place-miraflores:area-lima',
      'place-san-isidro:area-lima',
    ]);
    expect(typeof limited.results[0]?.address).toBe('string');
    const everywhere = await page<Place>('/api/v5/me/promotions/promo-04/places/');
    expect(everywhere.results.map((p) => p.name)).toEqual(['Cayma', 'Miraflores', 'San Isidro', 'Yanahuara']);
    const paged = await page<Place>('/api/v5/me/promotions/promo-04/places/?page_size=3&page=2');
    expect(paged).toMatchObject({ count: 4, next: null });
    expect(paged.results.map((p) => p.name)).toEqual(['Yanahuara']);
  });

  it("lists only the member's own redemptions, newest first; pending codes only when asked", async () => {
    const member = await newMember();
    const other = await newMember();
    type Redemption = { uid: string; status: string; coins_spent: number; promotion: { uid: string } };

    // Not a member yet: an empty list, and looking does not join.
    expect(await page<Redemption>(`${me}/redemptions/`, auth(member))).toMatchObject({
      count: 0,
      results: [],
    });

    const code = await post(`${me}/promotions/promo-04/qrcode/`, member);
    expect(code.statusCode, code.body).toBe(200);
    for (const promotion of ['promo-bienvenida', 'promo-08']) {
      const res = await post(`${me}/promotions/${promotion}/purchase/`, member);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await post(`${me}/promotions/promo-18/purchase/`, other)).statusCode).toBe(201);

    const redeemed = await page<Redemption>(`${me}/redemptions/`, auth(member));
    expect(redeemed.count).toBe(2);
    expect(redeemed.results.map((r) => `${r.promotion.uid}:${r.status}:${r.coins_spent}`)).toEqual([
      'promo-08:ACQUIRED:0',
      'promo-bienvenida:ACQUIRED:0',
    ]);
    const pending = await page<Redemption>(`${me}/redemptions/?status=PENDING`, auth(member));
    expect(pending.results.map((r) => r.promotion.uid)).toEqual(['promo-04']);
    const paged = await page<Redemption>(`${me}/redemptions/?page_size=1&page=2`, auth(member));
    expect(paged.results.map((r) => r.promotion.uid)).toEqual(['promo-bienvenida']);
    expect(paged.previous).not.toBeNull();
    expect((await get(`${me}/redemptions/?status=USED`, auth(member))).statusCode).toBe(400);

    const theirs = await page<Redemption>(`${me}/redemptions/`, auth(other));
    expect(theirs.results.map((r) => r.promotion.uid)).toEqual(['promo-18']);
  });
});
