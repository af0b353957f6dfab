import type { AppError } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { DEMO_MEMBER_UID } from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { type CouponRow, checkCoupon, discountOf, toCouponDto } from './coupons.service.ts';

// The coupon rules of spec §8 at their edges, and the coupon as validate-code answers it.

const NOW = new Date('2027-06-15T12:00:00Z');
const coupon = (change: Partial<CouponRow> = {}): CouponRow => ({
  uid: 'c1',
  appUid: 'demo',
  companyUid: 'demo-main',
  code: 'PRUEBA',
  discountType: 'PERCENT',
  discountValue: 10,
  minimumOrder: 3000,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  perMemberLimit: null,
  usesCount: 0,
  isActive: true,
  influencer: null,
  version: 1,
  ...change,
});
/** No database: these checks never ask for a member's uses. */
const noDb = null as unknown as Executor;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: AppError) => ({
      code: error.code,
      coupon: (error.data?.coupon as { code: string } | undefined)?.code,
    }),
  );

describe('coupon rules', () => {
  it('takes a percent (rounded) or an amount off, never more than the subtotal', () => {
    expect(discountOf(coupon(), 4555)).toBe(456);
    expect(discountOf(coupon(), 4545)).toBe(455);
    expect(discountOf(coupon({ discountType: 'AMOUNT', discountValue: 500 }), 2000)).toBe(500);
    expect(discountOf(coupon({ discountType: 'AMOUNT', discountValue: 500 }), 300)).toBe(300);
    expect(discountOf(coupon({ discountValue: 100 }), 2500)).toBe(2500);
  });

  it('answers percent and amount coupons in the spec’s shape', () => {
    expect(toCouponDto(coupon({ maxUses: 5, usesCount: 4 }), 4555)).toEqual({
      uid: 'c1',
      code: 'PRUEBA',
      company: 'demo-main',
      discount_type: 'PERCENT',
      discount_value: '10',
      minimum_order: '30.00',
      valid_from: null,
      valid_until: null,
      remaining_uses: 1,
      discount: '4.56',
    });
    const amount = toCouponDto(
      coupon({
        discountType: 'AMOUNT',
        discountValue: 550,
        validFrom: new Date('2027-01-01T05:00:00Z'),
        validUntil: new Date('2027-12-31T05:00:00Z'),
        maxUses: 2,
        usesCount: 5,
      }),
    );
    expect(amount).toMatchObject({
      discount_value: '5.50',
      valid_from: '2027-01-01T05:00:00.000Z',
      valid_until: '2027-12-31T05:00:00.000Z',
      remaining_uses: 0,
      discount: null,
    });
  });

  it('refuses unknown, inactive, not started, ended, used up and below-minimum coupons, in that order', async () => {
    const check = (row: CouponRow | null, subtotal?: number) =>
      refusal(checkCoupon(noDb, row, { subtotal, now: NOW }));
    expect(await check(null)).toEqual({ code: 'CODE_NOT_FOUND', coupon: undefined });
    expect(await check(coupon({ isActive: false }))).toEqual({ code: 'CODE_NOT_FOUND', coupon: undefined });
    const later = new Date(NOW.getTime() + 1);
    const earlier = new Date(NOW.getTime() - 1);
    expect(await check(coupon({ validFrom: later }))).toEqual({
      code: 'COUPON_NOT_STARTED',
      coupon: 'PRUEBA',
    });
    expect(await check(coupon({ validUntil: earlier }))).toEqual({
      code: 'COUPON_EXPIRED',
      coupon: 'PRUEBA',
    });
    expect(await check(coupon({ maxUses: 3, usesCount: 3 }))).toEqual({
      code: 'COUPON_EXHAUSTED',
      coupon: 'PRUEBA',
    });
    expect(await check(coupon(), 2999)).toEqual({ code: 'COUPON_MINIMUM_NOT_MET', coupon: 'PRUEBA' });
    expect(await check(coupon({ validFrom: later, validUntil: earlier }))).toEqual({
      code: 'COUPON_NOT_STARTED',
      coupon: 'PRUEBA',
    });
  });

  it('accepts a coupon exactly at its edges: first and last instant, last use, the minimum itself', async () => {
    const row = coupon({ validFrom: NOW, validUntil: NOW, maxUses: 3, usesCount: 2 });
    expect(await checkCoupon(noDb, row, { subtotal: 3000, now: NOW })).toBe(row);
    expect(await checkCoupon(noDb, coupon({ maxUses: null, usesCount: 99 }), { now: NOW })).toBeTruthy();
    // Without an amount the minimum is not checked.
    expect(await checkCoupon(noDb, coupon({ minimumOrder: 999_999 }), { now: NOW })).toBeTruthy();
  });
});

describe('validate-code', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp();
    member = await issueToken(t.db, { uid: DEMO_MEMBER_UID, appUid: 'demo' });
  });
  afterAll(() => t.close());

  const validate = (path: string, token?: string) =>
    t.app.inject({
      url: `/api/v5/companies/${path}`,
      headers: token ? { authorization: `Token ${token}` } : {},
    });

  it('answers a coupon with its discount on the amount, by company or by one of its places', async () => {
    for (const uid of ['demo-main', 'place-miraflores']) {
      const res = await validate(`${uid}/validate-code/descuento5/?amount=45.00`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'DESCUENTO5', discount_value: '5.00', discount: '5.00' });
    }
    const percent = await validate('demo-main/validate-code/BIENVENIDA/?amount=45.55', member);
    expect(percent.json()).toMatchObject({
      discount_type: 'PERCENT',
      discount_value: '10',
      discount: '4.56',
    });
  });

  it('answers below the minimum with the coupon and the message', async () => {
    const res = await validate('demo-main/validate-code/DESCUENTO5/?amount=19.99');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      coupon: { code: 'DESCUENTO5', minimum_order: '20.00' },
      non_field_errors: ['Tu pedido no alcanza el monto mínimo de este código de descuento'],
    });
  });

  it('does not find another tenant’s company', async () => {
    const res = await t.app.inject({
      url: '/api/v5/companies/demo-main/validate-code/DESCUENTO5/',
      headers: { host: 'multi.localhost' },
    });
    expect(res.statusCode).toBe(404);
  });
});
