import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { auth, demoMemberToken, firstSlot, pickupBody } from './orders.fixtures.ts';

// Issue 15.8: input that was taken too loosely. A pickup date far beyond the schedule, an amount in
// hexadecimal, a quantity of the wrong type: each a 400 that says what is wrong, and nothing changes.

const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const ORDERS = '/api/v5/places/place-miraflores/orders/';
const causa = (quantity: unknown) => ({
  uid: 'p-causa-limena',
  quantity,
  option_groups: [],
  direct_purchase: false,
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let member: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await demoMemberToken(t.db);
  staff = await issueToken(t.db, { uid: STAFF_UID, appUid: 'demo' });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object, language = 'es') =>
  t.app.inject({ method: 'POST', url, headers: auth(token, { 'accept-language': language }), payload });
const myOrders = async () =>
  (await t.app.inject({ url: '/api/v5/me/orders/', headers: auth(member) })).json().count as number;

describe('strict input (issue 15.8)', () => {
  it('refuses a pickup date outside the pickup window (9999-12-31, next year, a week ahead)', async () => {
    const slot = await firstSlot(t.app);
    const before = await myOrders();
    const weekAhead = new Date(`${slot.pickup_date}T12:00:00Z`);
    weekAhead.setUTCDate(weekAhead.getUTCDate() + 7);
    for (const date of [
      '9999-12-31',
      `${Number(slot.pickup_date.slice(0, 4)) + 1}-01-15`,
      weekAhead.toISOString().slice(0, 10),
    ]) {
      const res = await post(ORDERS, member, pickupBody({ ...slot, pickup_date: date }, [causa(1)]));
      expect(res.statusCode, date).toBe(400);
      expect(res.json().pickup_date, date).toEqual(['Debe seleccionar un horario disponible']);
    }
    // The schedule offers nothing there either.
    const schedule = await t.app.inject({
      url: '/api/v7/places/place-miraflores/pickup-schedule/?date=9999-12-31',
      headers: { host: 'localhost' },
    });
    expect(schedule.json().slots).toEqual([]);
    expect(await myOrders()).toBe(before);
  });

  it('answers a quantity of the wrong type with a message about its type, in es and en', async () => {
    const slot = await firstSlot(t.app);
    const cases: [unknown, string, string][] = [
      [1.5, 'Ingresar un número entero', 'Enter a whole number'],
      ['1', 'Ingresar un número', 'Enter a number'],
      [true, 'Ingresar un número', 'Enter a number'],
    ];
    for (const [quantity, es, en] of cases) {
      const body = pickupBody(slot, [causa(quantity)]);
      const inSpanish = await post(ORDERS, member, body);
      expect(inSpanish.statusCode).toBe(400);
      expect(inSpanish.json()['products.0.quantity']).toEqual([es]);
      expect((await post(ORDERS, member, body, 'en')).json()['products.0.quantity']).toEqual([en]);
    }
    // A missing quantity is still "required".
    const { quantity: _, ...noQuantity } = causa(1);
    const missing = await post(ORDERS, member, pickupBody(slot, [noQuantity]));
    expect(missing.json()['products.0.quantity']).toEqual(['Este campo es requerido']);
  });

  it('takes retail points as a number or decimal digits only, never "0x10" or "1e1"', async () => {
    const body = {
      place: 'place-miraflores',
      member: '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0001',
      program: 'demo-club',
      description: 'Cumpleaños',
    };
    for (const amount of ['0x10', '1e1', '0b11', ' 12', '12.0', '']) {
      const res = await post('/api/v5/retail/points/', staff, { ...body, amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().amount, amount).toEqual(['Ingresar un número']);
    }
    const ok = await post('/api/v5/retail/points/', staff, { ...body, amount: '16' });
    expect(ok.statusCode).toBe(201);
    const again = await post('/api/v5/retail/points/', staff, { ...body, amount: 16 });
    // Only the two accepted calls counted: 16 each.
    expect(again.json().points - ok.json().points).toBe(16);
  });
});
