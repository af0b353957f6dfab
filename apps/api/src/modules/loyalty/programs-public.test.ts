import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// A visitor sees a program's content (issue 14, item 9): the program with its levels and its promotions,
// without signing in, and only the program of the app the request belongs to.
describe('the public face of a program', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (url: string, host = 'localhost', language = 'es') =>
    t.app.inject({ url, headers: { host, 'accept-language': language } });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the program with its levels and how many raffles and polls it runs, without a token', async () => {
    const res = await get('/api/v5/programs/demo-club/');
    expect(res.statusCode).toBe(200);
    const program = res.json();
    expect(program).toMatchObject({ uid: 'demo-club', name: 'Club Sabores', stamps_required: 6 });
    expect(program.levels.map((level: { name: string }) => level.name)).toEqual(['Bronce', 'Plata', 'Oro']);
    expect(program.raffles).toBeGreaterThan(0);
    expect(program.polls).toBeGreaterThan(0);
    // Nothing of a member's standing.
    expect(program).not.toHaveProperty('coins');
    expect(program).not.toHaveProperty('is_member');
    // The list says the same.
    const list = await get('/api/v5/programs/?company=demo-main');
    expect(list.json().results[0]).toMatchObject({ raffles: program.raffles, polls: program.polls });
  });

  it('answers the promotions usable now, 24 a page, never used by a visitor', async () => {
    const first = await get('/api/v5/programs/demo-club/promotions/');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.count).toBeGreaterThanOrEqual(30);
    expect(page.results).toHaveLength(24);
    expect(page.next).toMatch(/page=2/);
    expect(page.results.every((promotion: { times_used: number }) => promotion.times_used === 0)).toBe(true);
    const discounts = page.results.map((promotion: { rate_discount: number }) => promotion.rate_discount);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    const second = await get('/api/v5/programs/demo-club/promotions/?page=2');
    expect(second.json().results).toHaveLength(page.count - 24);
  });

  it("keeps tenants apart: another app's program is not found", async () => {
    for (const url of ['/api/v5/programs/demo-club/', '/api/v5/programs/demo-club/promotions/']) {
      expect((await get(url)).statusCode, url).toBe(200);
      const res = await get(url, 'multi.localhost');
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    expect((await get('/api/v5/programs/no-such-program/')).statusCode).toBe(404);
  });

  it('refuses a bad query with a 400 in the error shape, in Spanish and English', async () => {
    const es = await get('/api/v5/programs/demo-club/promotions/?ordering=price&color=red');
    expect(es.statusCode).toBe(400);
    expect(Object.keys(es.json()).length).toBeGreaterThan(0);
    const en = await get('/api/v5/programs/demo-club/promotions/?page_size=1000', 'localhost', 'en');
    expect(en.statusCode).toBe(400);
    expect(JSON.stringify(en.json())).not.toEqual(JSON.stringify(es.json()));
  });
});
