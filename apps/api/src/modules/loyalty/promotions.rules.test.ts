import { ledgerEntries, memberships, programs, promotions, redemptions } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { ensureMembership, type MemberRef, openingBalance } from './ledger.service.ts';
import {
  acquirePromotion,
  cancelRedemption,
  type RedeemInput,
  redeemPromotion,
} from './promotions.service.ts';

const PROGRAM = 'demo-club';
const DAY = 24 * 60 * 60 * 1000;
// A fixed clock for the rules: the promotions below are valid from FROM until UNTIL (excluded).
const FROM = new Date(Date.UTC(2027, 5, 1));
const UNTIL = new Date(Date.UTC(2027, 6, 1));
const DURING = new Date(Date.UTC(2027, 5, 15));
const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/;

type Outcome = { uid: string; status: string; code: string; coins_spent: number; coins: number } & Record<
  string,
  unknown
>;

/**
 * Every rule of a promotion (issue 20, promotions' mutation score): validity dates to the instant,
 * level, stock, per-member limit and coin price, buying in the app and using at the counter (by member
 * or by code), cancelling, and the codes of qrcode/ and get-code/. Each refusal is checked to change
 * nothing; each success is read back from the redemption, the stock and the ledger.
 */
describe('promotion rules', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staffUid: string;
  let serial = 0;
  const host = 'localhost';

  beforeAll(async () => {
    t = await createTestApp();
    staffUid = (await newMember(0)).userUid;
  });
  afterAll(() => t.close());

  /** A new promotion of the demo program with only the rules given (no dates, stock or limit otherwise). */
  async function promotion(fields: Partial<typeof promotions.$inferInsert> = {}) {
    serial++;
    const uid = `rules-${serial}`;
    await t.db.insert(promotions).values({
      uid,
      programUid: PROGRAM,
      title: `Regla ${serial}`,
      image: `/img/${uid}.webp`,
      rateDiscount: 15,
      coinPrice: 0,
      ...fields,
    });
    return uid;
  }

  /** A new member of the demo program holding `coins` coins and `points` points. */
  async function newMember(coins: number, points = 0): Promise<MemberRef & { membershipUid: string }> {
    serial++;
    const [user] = await t.db
      .insert(users)
      .values({ appUid: 'demo', email: `promotion-rules-${serial}@demo.pe` })
      .returning({ uid: users.uid });
    const member = { appUid: 'demo', userUid: user?.uid ?? '', programUid: PROGRAM };
    const { membership } = await t.db.transaction((tx) => ensureMembership(tx, member));
    if (coins > 0) await t.db.transaction((tx) => openingBalance(tx, membership.uid, 'coins', coins));
    if (points > 0) await t.db.transaction((tx) => openingBalance(tx, membership.uid, 'points', points));
    return { ...member, membershipUid: membership.uid };
  }

  const input = (member: MemberRef, promotionUid: string, more: Partial<RedeemInput> = {}): RedeemInput => ({
    member,
    promotionUid,
    now: DURING,
    ...more,
  });

  /** The redemption, or the error code it was refused with. */
  const attempt = (run: () => Promise<unknown>) =>
    run().then(
      (redemption) => redemption as Outcome,
      (error: { code?: string; message: string }) => error.code ?? error.message,
    );
  const redeem = (member: MemberRef, promotionUid: string, more: Partial<RedeemInput> = {}) =>
    attempt(() => t.db.transaction((tx) => redeemPromotion(tx, input(member, promotionUid, more))));
  const acquire = (member: MemberRef, promotionUid: string, more: Partial<RedeemInput> = {}) =>
    attempt(() => t.db.transaction((tx) => acquirePromotion(tx, input(member, promotionUid, more))));
  const cancel = (redemptionUid: string, appUid = 'demo') =>
    t.db.transaction((tx) => cancelRedemption(tx, appUid, redemptionUid, DURING));

  const statusOf = (outcome: Outcome | string) => (typeof outcome === 'string' ? outcome : outcome.status);

  async function stockOf(uid: string) {
    const [row] = await t.db
      .select({ stock: promotions.stock })
      .from(promotions)
      .where(eq(promotions.uid, uid));
    return row?.stock;
  }
  async function coinsOf(member: { membershipUid: string }) {
    const [row] = await t.db.select().from(memberships).where(eq(memberships.uid, member.membershipUid));
    return row?.coins;
  }
  const redemptionsOf = (member: { membershipUid: string }) =>
    t.db.select().from(redemptions).where(eq(redemptions.membershipUid, member.membershipUid));

  it('is usable from its first instant until just before its end, and refused outside', async () => {
    const uid = await promotion({ validFrom: FROM, validUntil: UNTIL });
    const member = await newMember(0);
    const at = async (ms: number) => statusOf(await redeem(member, uid, { now: new Date(ms) }));
    expect(await at(FROM.getTime() - 1)).toBe('PROMOTION_NOT_USABLE');
    expect(await at(FROM.getTime())).toBe('REDEEMED');
    expect(await at(UNTIL.getTime() - 1)).toBe('REDEEMED');
    expect(await at(UNTIL.getTime())).toBe('PROMOTION_NOT_USABLE');
    expect((await redemptionsOf(member)).length).toBe(2);

    // Only a start, or only an end: the other side is open.
    const fromOnly = await promotion({ validFrom: FROM });
    expect(statusOf(await redeem(member, fromOnly, { now: new Date(UNTIL.getTime() + 900 * DAY) }))).toBe(
      'REDEEMED',
    );
    expect(statusOf(await redeem(member, fromOnly, { now: new Date(FROM.getTime() - DAY) }))).toBe(
      'PROMOTION_NOT_USABLE',
    );
    const untilOnly = await promotion({ validUntil: UNTIL });
    expect(statusOf(await redeem(member, untilOnly, { now: new Date(FROM.getTime() - 900 * DAY) }))).toBe(
      'REDEEMED',
    );
    expect(statusOf(await redeem(member, untilOnly, { now: new Date(UNTIL.getTime() + DAY) }))).toBe(
      'PROMOTION_NOT_USABLE',
    );
  });

  it("is refused below the promotion's levels and above them, and usable at them", async () => {
    const plata = await promotion({ levelUids: ['level-plata'] });
    expect(statusOf(await redeem(await newMember(0, 199), plata))).toBe('PROMOTION_LEVEL_REQUIRED');
    expect(statusOf(await redeem(await newMember(0, 200), plata))).toBe('REDEEMED');
    expect(statusOf(await redeem(await newMember(0, 500), plata))).toBe('PROMOTION_LEVEL_REQUIRED');
    const everyLevel = await promotion({ levelUids: [] });
    expect(statusOf(await redeem(await newMember(0, 0), everyLevel))).toBe('REDEEMED');
  });

  it('is used up to its per-member limit, and again after a use is cancelled', async () => {
    const once = await promotion({ perMemberLimit: 1 });
    const twice = await promotion({ perMemberLimit: 2 });
    const unlimited = await promotion();
    const member = await newMember(0);
    const first = (await redeem(member, once)) as Outcome;
    expect(first.status).toBe('REDEEMED');
    expect(await redeem(member, once)).toBe('PROMOTION_ALREADY_USED');
    // Another member has their own limit.
    expect(statusOf(await redeem(await newMember(0), once))).toBe('REDEEMED');

    expect(statusOf(await redeem(member, twice))).toBe('REDEEMED');
    expect(statusOf(await acquire(member, twice))).toBe('ACQUIRED');
    expect(await acquire(member, twice)).toBe('REDEMPTION_LIMIT_EXCEEDED');
    for (let n = 0; n < 3; n++) expect(statusOf(await redeem(member, unlimited))).toBe('REDEEMED');

    expect((await cancel(first.uid)).status).toBe('CANCELED');
    expect(statusOf(await redeem(member, once))).toBe('REDEEMED');
  });

  it('takes a unit of stock per use, refuses at zero and gives the unit back on cancelling', async () => {
    const uid = await promotion({ stock: 2 });
    const member = await newMember(0);
    const first = (await redeem(member, uid)) as Outcome;
    expect(await stockOf(uid)).toBe(1);
    // Bought by another member: the unit is taken now.
    expect(statusOf(await acquire(await newMember(0), uid))).toBe('ACQUIRED');
    expect(await stockOf(uid)).toBe(0);
    expect(await redeem(member, uid)).toBe('PROMOTION_STOCK_EXHAUSTED');
    expect(await stockOf(uid)).toBe(0);
    await cancel(first.uid);
    expect(await stockOf(uid)).toBe(1);
    expect(statusOf(await redeem(member, uid))).toBe('REDEEMED');
    expect(await stockOf(uid)).toBe(0);

    // No stock means unlimited, and stays so.
    const unlimited = await promotion({ stock: null });
    expect(statusOf(await redeem(member, unlimited))).toBe('REDEEMED');
    expect(await stockOf(unlimited)).toBeNull();
  });

  it('charges its coin price once, on the ledger, and refuses a member short of one coin', async () => {
    const uid = await promotion({ coinPrice: 30, stock: 5 });
    const short = await newMember(29);
    expect(await redeem(short, uid)).toBe('NOT_ENOUGH_COINS');
    expect({
      coins: await coinsOf(short),
      stock: await stockOf(uid),
      used: (await redemptionsOf(short)).length,
    }).toEqual({ coins: 29, stock: 5, used: 0 });

    const member = await newMember(30);
    const redeemed = (await redeem(member, uid, { placeUid: 'place-miraflores', staffUid })) as Outcome;
    expect(redeemed).toEqual({
      uid: expect.any(String),
      code: expect.stringMatching(CODE),
      status: 'REDEEMED',
      coins_spent: 30,
      place: 'place-miraflores',
      created_at: expect.any(String),
      redeemed_at: DURING.toISOString(),
      promotion: {
        uid,
        title: expect.stringMatching(/^Regla /),
        image: `/img/${uid}.webp`,
        rate_discount: 15,
        coin_price: 30,
      },
      coins: 0,
    });
    expect(await coinsOf(member)).toBe(0);
    const [row] = await t.db.select().from(redemptions).where(eq(redemptions.uid, redeemed.uid));
    expect(row).toMatchObject({
      status: 'REDEEMED',
      placeUid: 'place-miraflores',
      staffUserUid: staffUid,
      coinsSpent: 30,
    });
    const spent = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.membershipUid, member.membershipUid),
          eq(ledgerEntries.reason, 'SPEND_PURCHASE'),
        ),
      );
    expect(
      spent.map((e) => ({ amount: e.amount, kind: e.kind, ref: `${e.referenceType}:${e.referenceId}` })),
    ).toEqual([{ amount: -30, kind: 'coins', ref: `redemption:${redeemed.uid}` }]);

    // Cancelling gives the coins back, once.
    expect((await cancel(redeemed.uid)).status).toBe('CANCELED');
    expect((await cancel(redeemed.uid)).status).toBe('CANCELED');
    expect(await coinsOf(member)).toBe(30);
    expect(await stockOf(uid)).toBe(5);
    const refunds = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.membershipUid, member.membershipUid), eq(ledgerEntries.reason, 'REFUND')));
    expect(refunds.map((e) => `${e.amount}:${e.referenceType}:${e.referenceId}`)).toEqual([
      `30:redemption:${redeemed.uid}`,
    ]);
  });

  it('buys in the app (paid, no place yet) and uses the bought code at the counter without a second charge', async () => {
    const uid = await promotion({ coinPrice: 10, stock: 10, validFrom: FROM, validUntil: UNTIL });
    const member = await newMember(35);
    // Bought with a place and staff given: neither is recorded until it is used.
    const first = (await acquire(member, uid, { placeUid: 'place-miraflores', staffUid })) as Outcome;
    expect(first).toMatchObject({
      status: 'ACQUIRED',
      coins_spent: 10,
      place: null,
      redeemed_at: null,
      coins: 25,
    });
    const [bought] = await t.db.select().from(redemptions).where(eq(redemptions.uid, first.uid));
    expect(bought).toMatchObject({ placeUid: null, staffUserUid: null, redeemedAt: null });
    const second = (await acquire(member, uid)) as Outcome;
    expect({ coins: await coinsOf(member), stock: await stockOf(uid) }).toEqual({ coins: 15, stock: 8 });

    // At the counter, by member: the oldest bought code is used, nothing is charged, even after the end date.
    const later = new Date(UNTIL.getTime() + DAY);
    const used = (await redeem(member, uid, {
      placeUid: 'place-san-isidro',
      staffUid,
      now: later,
    })) as Outcome;
    expect(used).toMatchObject({
      uid: first.uid,
      code: first.code,
      status: 'REDEEMED',
      place: 'place-san-isidro',
      redeemed_at: later.toISOString(),
      coins: 15,
    });
    const [row] = await t.db.select().from(redemptions).where(eq(redemptions.uid, first.uid));
    expect(row).toMatchObject({ status: 'REDEEMED', staffUserUid: staffUid, placeUid: 'place-san-isidro' });
    expect({ coins: await coinsOf(member), stock: await stockOf(uid) }).toEqual({ coins: 15, stock: 8 });

    // By code: that one is used.
    const byCode = (await redeem(member, uid, { redemptionUid: second.uid, now: later })) as Outcome;
    expect(byCode).toMatchObject({ uid: second.uid, status: 'REDEEMED', place: null, coins: 15 });
    expect({ coins: await coinsOf(member), stock: await stockOf(uid) }).toEqual({ coins: 15, stock: 8 });
    // Nothing bought is left: at the counter it is paid now, by the rules of now.
    expect(await redeem(member, uid, { now: later })).toBe('PROMOTION_NOT_USABLE');
    const paid = (await redeem(member, uid)) as Outcome;
    expect(paid.uid).not.toBe(first.uid);
    expect(paid.uid).not.toBe(second.uid);
    expect({ coins: await coinsOf(member), stock: await stockOf(uid) }).toEqual({ coins: 5, stock: 7 });
  });

  it('refuses a code that is not the member’s, used or cancelled, and pays a pending one', async () => {
    const uid = await promotion({ coinPrice: 5, stock: 10 });
    const member = await newMember(20);
    const other = await newMember(20);
    const theirs = (await acquire(other, uid)) as Outcome;
    expect(await redeem(member, uid, { redemptionUid: theirs.uid })).toBe('CODE_NOT_FOUND');
    expect(await redeem(member, uid, { redemptionUid: '00000000-0000-4000-8000-000000000000' })).toBe(
      'CODE_NOT_FOUND',
    );
    const used = (await redeem(member, uid)) as Outcome;
    expect(await redeem(member, uid, { redemptionUid: used.uid })).toBe('PROMOTION_ALREADY_USED');
    const bought = (await acquire(member, uid)) as Outcome;
    await cancel(bought.uid);
    expect(await redeem(member, uid, { redemptionUid: bought.uid })).toBe('PROMOTION_ALREADY_USED');
    expect(await coinsOf(member)).toBe(15);

    // A pending code (qrcode/) is paid when used, keeping its code.
    const [pending] = await t.db
      .insert(redemptions)
      .values({
        promotionUid: uid,
        membershipUid: member.membershipUid,
        code: 'PENDING234',
        status: 'PENDING',
      })
      .returning();
    const paid = (await redeem(member, uid, {
      redemptionUid: pending?.uid,
      placeUid: 'place-cayma',
    })) as Outcome;
    expect(paid).toMatchObject({
      uid: pending?.uid,
      code: 'PENDING234',
      status: 'REDEEMED',
      coins_spent: 5,
      coins: 10,
    });
    // Cancelling a pending code gives nothing back: nothing was taken.
    const [another] = await t.db
      .insert(redemptions)
      .values({
        promotionUid: uid,
        membershipUid: member.membershipUid,
        code: 'PENDING567',
        status: 'PENDING',
      })
      .returning();
    const stock = await stockOf(uid);
    expect((await cancel(another?.uid ?? '')).status).toBe('CANCELED');
    expect({ coins: await coinsOf(member), stock: await stockOf(uid) }).toEqual({ coins: 10, stock });
    // Another app's redemption, or none, is not found.
    await expect(cancel(paid.uid, 'multi')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(cancel('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("refuses a blocked member, even a promotion they bought, and another program's promotion", async () => {
    const uid = await promotion();
    const member = await newMember(0);
    const bought = (await acquire(member, uid)) as Outcome;
    await t.db
      .update(memberships)
      .set({ blockedAt: DURING })
      .where(eq(memberships.uid, member.membershipUid));
    expect(await redeem(member, uid)).toBe('MEMBER_BLOCKED');
    expect(await redeem(member, uid, { redemptionUid: bought.uid })).toBe('MEMBER_BLOCKED');
    expect(await acquire(member, uid)).toBe('MEMBER_BLOCKED');
    const [row] = await t.db.select().from(redemptions).where(eq(redemptions.uid, bought.uid));
    expect(row?.status).toBe('ACQUIRED');

    const free = await newMember(0);
    expect(await redeem(free, 'no-such-promotion')).toBe('NOT_FOUND');
    expect(await redeem({ ...free, appUid: 'multi' }, uid)).toBe('NOT_FOUND');
    // A promotion of another program of the same app is not the member's program's.
    const elsewhere = await otherProgramPromotion();
    expect(await redeem(free, elsewhere)).toBe('NOT_FOUND');
    expect(await acquire(free, elsewhere)).toBe('NOT_FOUND');
    expect((await redemptionsOf(free)).length).toBe(0);
  });

  /** A promotion of a second program of the demo app. */
  async function otherProgramPromotion() {
    await t.db
      .insert(programs)
      .values({ uid: 'rules-other-club', appUid: 'demo', companyUid: 'demo-main', name: 'Otro club' })
      .onConflictDoNothing();
    return promotion({ programUid: 'rules-other-club' });
  }

  describe('over HTTP', () => {
    async function tokenOf(member: MemberRef) {
      return {
        host,
        authorization: `Token ${await issueToken(t.db, { uid: member.userUid, appUid: 'demo' })}`,
      };
    }
    const me = `/api/v5/me/programs/${PROGRAM}`;

    it('shows a promotion with every rule and how often the member used it', async () => {
      const from = new Date(Date.now() - DAY);
      const uid = await promotion({
        validFrom: from,
        validUntil: new Date(Date.now() + 400 * DAY),
        stock: 9,
        perMemberLimit: 3,
        levelUids: ['level-bronce'],
        tagged: true,
        placeUids: ['place-cayma'],
        description: 'Dos por uno',
      });
      const member = await newMember(0);
      const headers = await tokenOf(member);
      const shown = await t.app.inject({ url: `${me}/promotions/${uid}/`, headers });
      expect(shown.statusCode, shown.body).toBe(200);
      const dto = {
        uid,
        program: PROGRAM,
        title: expect.stringMatching(/^Regla /),
        description: 'Dos por uno',
        image: `/img/${uid}.webp`,
        rate_discount: 15,
        coin_price: 0,
        valid_from: from.toISOString(),
        valid_until: expect.any(String),
        stock: 9,
        per_member_limit: 3,
        levels: ['level-bronce'],
        tagged: true,
        places: ['place-cayma'],
        times_used: 0,
      };
      expect(shown.json()).toEqual(dto);
      for (let n = 0; n < 2; n++) {
        const bought = await t.app.inject({
          method: 'POST',
          url: `${me}/promotions/${uid}/purchase/`,
          payload: {},
          headers,
        });
        expect(bought.statusCode, bought.body).toBe(201);
      }
      expect((await t.app.inject({ url: `${me}/promotions/${uid}/`, headers })).json()).toMatchObject({
        times_used: 2,
        stock: 7,
      });
      // Someone who never joined has used it no times.
      const [stranger] = await t.db
        .insert(users)
        .values({ appUid: 'demo', email: 'promotion-rules-stranger@demo.pe' })
        .returning({ uid: users.uid });
      const visitor = await tokenOf({ ...member, userUid: stranger?.uid ?? '' });
      expect(
        (await t.app.inject({ url: `${me}/promotions/${uid}/`, headers: visitor })).json().times_used,
      ).toBe(0);
      expect((await t.app.inject({ url: `${me}/promotions/no-such-promotion/`, headers })).statusCode).toBe(
        404,
      );
      // Another program's promotion, asked under this program, is not found.
      const elsewhere = await otherProgramPromotion();
      expect((await t.app.inject({ url: `${me}/promotions/${elsewhere}/`, headers })).statusCode).toBe(404);
      const code = await t.app.inject({
        method: 'POST',
        url: `${me}/promotions/${elsewhere}/qrcode/`,
        payload: {},
        headers,
      });
      expect(code.statusCode).toBe(404);
    });

    it('gives one code to scan, the same each time, the bought one after buying, and none when refused', async () => {
      const uid = await promotion({ coinPrice: 4, perMemberLimit: 1 });
      const member = await newMember(10);
      const headers = await tokenOf(member);
      const ask = (url = `${me}/promotions/${uid}/qrcode/`) =>
        t.app.inject({ method: 'POST', url, payload: {}, headers });
      const first = await ask();
      expect(first.statusCode, first.body).toBe(200);
      const code = first.json();
      expect(code).toEqual({
        uid: expect.any(String),
        promotion: uid,
        code: expect.stringMatching(CODE),
        qr: `PROMO:${code.code}`,
        status: 'PENDING',
      });
      expect((await ask()).json()).toEqual(code);
      expect((await ask(`/api/v5/programs/${PROGRAM}/promotions/${uid}/coupon/get-code/`)).json()).toEqual(
        code,
      );
      // Asking for a code takes nothing.
      expect(await coinsOf(member)).toBe(10);

      // Buying pays that pending code; asking again shows it, bought, though the limit is now reached.
      const bought = await t.app.inject({
        method: 'POST',
        url: `${me}/promotions/${uid}/purchase/`,
        payload: {},
        headers,
      });
      expect(bought.statusCode, bought.body).toBe(201);
      expect(bought.json()).toMatchObject({ uid: code.uid, code: code.code, status: 'ACQUIRED', coins: 6 });
      expect((await ask()).json()).toEqual({ ...code, status: 'ACQUIRED' });

      // Once used, the limit refuses a new code, with its message.
      await redeem(member, uid, { now: new Date() });
      const refused = await t.app.inject({
        method: 'POST',
        url: `${me}/promotions/${uid}/qrcode/`,
        payload: {},
        headers: { ...headers, 'accept-language': 'en' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: ['This promotion has already been used'] });
      expect((await redemptionsOf(member)).map((r) => r.status)).toEqual(['REDEEMED']);
    });

    it('lists and relates promotions with how often the member used each; someone who never joined, none', async () => {
      type Listed = { uid: string; tagged: boolean; rate_discount: number; times_used: number };
      const uid = await promotion({ rateDiscount: 99, tagged: true });
      const member = await newMember(0);
      const headers = await tokenOf(member);
      const bought = await t.app.inject({
        method: 'POST',
        url: `${me}/promotions/${uid}/purchase/`,
        payload: {},
        headers,
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const [stranger] = await t.db
        .insert(users)
        .values({ appUid: 'demo', email: 'promotion-rules-lists@demo.pe' })
        .returning({ uid: users.uid });
      const visitor = await tokenOf({ ...member, userUid: stranger?.uid ?? '' });
      const list = async (url: string, as: Record<string, string>) => {
        const res = await t.app.inject({ url, headers: as });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().results as Listed[];
      };
      const usedIn = (rows: Listed[]) => rows.find((p) => p.uid === uid)?.times_used;
      // The highest discount comes first.
      expect(usedIn(await list(`${me}/promotions/`, headers))).toBe(1);
      expect(usedIn(await list(`${me}/promotions/`, visitor))).toBe(0);

      // Related to a tagged 25 % promotion: tagged ones first, each group by closeness to 25 %.
      const related = await list(`${me}/promotions/promo-05/related/?page_size=100`, headers);
      expect(usedIn(related)).toBe(1);
      expect(usedIn(await list(`${me}/promotions/promo-05/related/?page_size=100`, visitor))).toBe(0);
      const tagged = related.filter((p) => p.tagged);
      expect(related.slice(0, tagged.length)).toEqual(tagged);
      for (const group of [tagged, related.slice(tagged.length)]) {
        const distances = group.map((p) => Math.abs(p.rate_discount - 25));
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      }
    });
  });
});
