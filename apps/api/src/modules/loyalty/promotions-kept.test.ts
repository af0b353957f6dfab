import { promotions } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';

// A visitor's list of a program's promotions is kept (MENU_CACHE_SECONDS 60, the embedded database's
// default) and shows the units left: a member's purchase moves them at once.

const PROMOTIONS = '/api/v5/programs/demo-club/promotions/?page_size=100';
const PROMOTION = 'promo-limitada';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ config: { MENU_CACHE_SECONDS: 60 } });
  await t.db.update(promotions).set({ stock: 3, coinPrice: 0 }).where(eq(promotions.uid, PROMOTION));
});
afterAll(() => t.close());

/** The units left of the promotion, as a visitor's kept list shows them. */
async function unitsShown() {
  const res = await t.app.inject({ url: PROMOTIONS, headers: { host: 'localhost' } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as { uid: string; stock: number | null }[]).find((p) => p.uid === PROMOTION)
    ?.stock;
}

describe("a promotion's units left, kept for visitors", () => {
  it('follow a purchase at once', async () => {
    expect(await unitsShown()).toBe(3);
    const [user] = await t.db
      .insert(users)
      .values({ appUid: 'demo', email: 'kept-promo@demo.pe' })
      .returning();
    const headers = {
      host: 'localhost',
      authorization: `Token ${await issueToken(t.db, { uid: user?.uid ?? '', appUid: 'demo' })}`,
    };
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/',
      headers,
      payload: { program: 'demo-club' },
    });
    expect(joined.statusCode, joined.body).toBe(201);

    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/v5/me/programs/demo-club/promotions/${PROMOTION}/purchase/`,
      headers,
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(201);
    // The notice arrives after the commit: the list is read until it moves, within the test's time.
    while ((await unitsShown()) !== 2) await new Promise((resolve) => setImmediate(resolve));
    expect(await unitsShown()).toBe(2);
  });
});
