import { errorMessage } from '@storefront/contracts/errors';
import { programs } from '@storefront/db/schema/loyalty';
import { staffAuditLog } from '@storefront/db/schema/retail';
import { and, eq } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantFile } from '../../test/test-app.ts';
import { localNow } from '../catalogue/pickup-schedule.ts';
import {
  auth,
  createMembers,
  DEMO_MEMBER_UID,
  demoMemberToken,
  firstSlot,
  lomoSaltadoLine,
  pickupBody,
} from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';

const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const RIVAL_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0201';
const CARO_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0301';
const PLACE = 'place-miraflores';

/** The demo tenant plus a second company (no benefits program) with its own staff member and place. */
function tenantFile() {
  const file = demoTenantFile() as { apps: Record<string, unknown>[] };
  const demo = file.apps[0] as {
    companies: Record<string, unknown>[];
    users: Record<string, unknown>[];
    loyalty_members: Record<string, unknown>[];
  };
  demo.companies.push({
    uid: 'rival-main',
    name: 'Rival',
    places: [{ uid: 'place-rival', name: 'Rival Centro', address: 'Jr. Rival 1', area: 'area-lima' }],
  });
  demo.users.push(
    {
      uid: RIVAL_UID,
      email: 'rival@demo.pe',
      password: 'Demo1234!',
      document_number: '99887766',
      staff: { company: 'rival-main', role: 'STAFF', places: ['place-rival'] },
    },
    {
      email: 'ana@test.pe',
      password: 'Demo1234!',
      document_number: '70000001',
      mobile_number: '+51900111222',
    },
    {
      email: 'beto@test.pe',
      password: 'Demo1234!',
      document_number: '70000002',
      mobile_number: '+52900111222',
    },
    { uid: CARO_UID, email: 'caro@test.pe', password: 'Demo1234!', document_number: '70000003' },
  );
  demo.loyalty_members.push(
    { email: 'ana@test.pe', program: 'demo-club' },
    { email: 'beto@test.pe', program: 'demo-club' },
    { email: 'caro@test.pe', program: 'demo-club', coins: 500 },
  );
  return file;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;
let rival: string;
let member: string;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v5/retail/${url}`, headers: auth(token), payload });
const today = () => localNow(new Date(), 'America/Lima').date;

beforeAll(async () => {
  t = await createTestApp({ tenantFile: tenantFile() });
  staff = await issueToken(t.db, { uid: STAFF_UID, appUid: 'demo' });
  rival = await issueToken(t.db, { uid: RIVAL_UID, appUid: 'demo' });
  member = await demoMemberToken(t.db);
});
afterAll(() => t.close());

describe('who may call', () => {
  const calls: ['GET' | 'POST' | 'PATCH', string, object?][] = [
    ['GET', 'places/'],
    ['GET', 'customers/?search_type=NATIONAL_ID&value=44556677'],
    ['POST', 'redemptions/', { place: PLACE, code: 'X' }],
    ['POST', 'stamps/', { place: PLACE, member: DEMO_MEMBER_UID, program: 'demo-club' }],
    [
      'POST',
      'points/',
      { place: PLACE, member: DEMO_MEMBER_UID, program: 'demo-club', amount: 1, description: 'x' },
    ],
    ['GET', `redemptions/?place=${PLACE}&date=2026-01-01`],
    ['GET', `orders/?place=${PLACE}`],
    ['GET', `orders/stream?place=${PLACE}`],
    ['PATCH', 'orders/0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f9999/', { status: 'ACCEPTED' }],
  ];
  it.each(calls)('%s %s: a member gets 403 and nobody 401', async (method, url, payload) => {
    const refused = await call(member, method, url, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Usted no tiene permiso para realizar esta acción.');
    const anonymous = await t.app.inject({
      method,
      url: `/api/v5/retail/${url}`,
      headers: { host: 'localhost' },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('places and customers', () => {
  it('lists only the staff member’s places', async () => {
    const res = await call(staff, 'GET', 'places/');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((p: { uid: string }) => p.uid)
        .sort(),
    ).toEqual(['place-cayma', 'place-miraflores', 'place-san-isidro', 'place-yanahuara'].sort());
    expect(res.json()[0]).toMatchObject({
      company: { uid: 'demo-main' },
      role: 'STAFF',
      has_program: true,
    });
    const other = await call(rival, 'GET', 'places/');
    expect(other.json()).toEqual([expect.objectContaining({ uid: 'place-rival', has_program: false })]);
  });

  it('finds a member by document, phone and QR with memberships and usable promotions', async () => {
    const byDni = await call(staff, 'GET', 'customers/?search_type=NATIONAL_ID&value=44556677');
    expect(byDni.statusCode).toBe(200);
    const [customer] = byDni.json().results;
    expect(customer).toMatchObject({ uid: DEMO_MEMBER_UID, email: 'socio@demo.pe' });
    expect(customer.memberships[0]).toMatchObject({
      program: { uid: 'demo-club' },
      coins: 500,
      points: 120,
      stamps: 2,
    });
    expect(customer.promotions.map((p: { uid: string }) => p.uid)).toContain('promo-bienvenida');
    for (const value of ['987654321', '+51987654321']) {
      const byPhone = await call(
        staff,
        'GET',
        `customers/?search_type=MOBILE_PHONE&value=${encodeURIComponent(value)}`,
      );
      expect(byPhone.json().results[0].uid).toBe(DEMO_MEMBER_UID);
    }
    // The member's own QR (POST v5/me/programs/{uid}/qr/) is what staff scan.
    const qr = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/demo-club/qr/',
      headers: auth(member),
    });
    const byQr = await call(
      staff,
      'GET',
      `customers/?search_type=QR&value=${encodeURIComponent(qr.json().qrMember)}`,
    );
    expect(byQr.json().results[0].uid).toBe(DEMO_MEMBER_UID);
  });

  it('answers 404 with the spec message for nobody, and for another company’s staff', async () => {
    for (const [token, query] of [
      [staff, 'search_type=NATIONAL_ID&value=12345678'],
      [staff, 'search_type=QR&value=garbage'],
      [rival, 'search_type=NATIONAL_ID&value=44556677'],
    ] as const) {
      const res = await call(token, 'GET', `customers/?${query}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('El cliente no está registrado o no tiene promociones');
    }
  });

  it('asks for the document when several members share a phone', async () => {
    const res = await call(staff, 'GET', 'customers/?search_type=MOBILE_PHONE&value=900111222');
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors).toEqual([
      'Se encontraron varios usuarios con este teléfono, por favor ingrese el número de documento',
    ]);
    const exact = await call(
      staff,
      'GET',
      `customers/?search_type=MOBILE_PHONE&value=${encodeURIComponent('+52900111222')}`,
    );
    expect(exact.json().results[0].email).toBe('beto@test.pe');
  });

  it('refuses bad queries with 400', async () => {
    expect((await call(staff, 'GET', 'customers/?search_type=EMAIL&value=x')).statusCode).toBe(400);
    expect((await call(staff, 'GET', 'customers/?search_type=NATIONAL_ID')).statusCode).toBe(400);
  });
});

describe('redemptions, stamps and points', () => {
  it('redeems by member and promotion once, and by code', async () => {
    const body = { place: PLACE, member: DEMO_MEMBER_UID, promotion: 'promo-bienvenida' };
    const first = await call(staff, 'POST', 'redemptions/', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'REDEEMED', place: PLACE });
    const again = await call(staff, 'POST', 'redemptions/', body);
    expect(again.json().non_field_errors).toEqual(['Esta promoción ya fue utilizada']);

    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/demo-club/promotions/promo-01/qrcode/',
      headers: auth(member),
      payload: {},
    });
    const { qr } = issued.json();
    expect(qr).toMatch(/^PROMO:/);
    expect((await call(rival, 'POST', 'redemptions/', { place: 'place-rival', code: qr })).statusCode).toBe(
      404,
    );
    const byCode = await call(staff, 'POST', 'redemptions/', { place: PLACE, code: qr });
    expect(byCode.statusCode).toBe(201);
    expect(byCode.json().code).toBe(qr.slice('PROMO:'.length));
    expect((await call(staff, 'POST', 'redemptions/', { place: PLACE, code: qr })).statusCode).toBe(400);
    const unknown = await call(staff, 'POST', 'redemptions/', { place: PLACE, code: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Este código no existe');
  });

  it('consumes a promotion bought in the app without charging again, by member and by code', async () => {
    const token = await issueToken(t.db, { uid: CARO_UID, appUid: 'demo' });
    const found = async () =>
      (await call(staff, 'GET', 'customers/?search_type=NATIONAL_ID&value=70000003')).json().results[0];
    const buy = (promotion: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v5/me/programs/demo-club/promotions/${promotion}/purchase/`,
        headers: auth(token),
        payload: {},
      });
    const bought = await buy('promo-postre-monedas');
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({ status: 'ACQUIRED', coins: 400, place: null });
    const before = await found();
    expect(before.memberships[0].coins).toBe(400);
    expect(before.promotions[0]).toMatchObject({ uid: 'promo-postre-monedas', acquired: 1 });

    // At the counter by DNI: the bought code is consumed, no coins are taken.
    const body = { place: PLACE, member: before.uid, promotion: 'promo-postre-monedas' };
    const counter = await call(staff, 'POST', 'redemptions/', body);
    expect(counter.statusCode).toBe(201);
    expect(counter.json()).toMatchObject({ status: 'REDEEMED', code: bought.json().code, coins: 400 });
    expect((await found()).memberships[0].coins).toBe(400);
    // The paid code is now used; a second Canjear of a promotion not bought charges once.
    const paidCode = await call(staff, 'POST', 'redemptions/', { place: PLACE, code: bought.json().code });
    expect(paidCode.json().non_field_errors).toEqual(['Esta promoción ya fue utilizada']);
    const again = await call(staff, 'POST', 'redemptions/', body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ coins: 300 });
    expect(again.json().code).not.toBe(bought.json().code);

    // Bought again, then redeemed by its code (QR text): consumed, nothing charged.
    const second = await buy('promo-postre-monedas');
    expect(second.json().coins).toBe(200);
    const byQr = await call(staff, 'POST', 'redemptions/', {
      place: PLACE,
      code: `PROMO:${second.json().code}`,
    });
    expect(byQr.statusCode).toBe(201);
    expect(byQr.json()).toMatchObject({ status: 'REDEEMED', coins: 200 });
    expect((await found()).memberships[0].coins).toBe(200);
    // The member's QR for a bought promotion is the bought code.
    await buy('promo-postre-monedas');
    const qr = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/demo-club/promotions/promo-postre-monedas/qrcode/',
      headers: auth(token),
      payload: {},
    });
    expect(qr.json().status).toBe('ACQUIRED');
    const many = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(staff, 'POST', 'redemptions/', { place: PLACE, code: qr.json().qr }),
      ),
    );
    expect(many.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    expect((await found()).memberships[0].coins).toBe(100);
  });

  it('refuses a place the staff member does not work in, and a promotion of another place', async () => {
    const body = { place: 'place-rival', member: DEMO_MEMBER_UID, promotion: 'promo-01' };
    expect((await call(staff, 'POST', 'redemptions/', body)).statusCode).toBe(404);
    const elsewhere = await call(staff, 'POST', 'redemptions/', {
      place: 'place-cayma',
      member: DEMO_MEMBER_UID,
      promotion: 'promo-limitada',
    });
    expect(elsewhere.json().non_field_errors).toEqual(['Esta promoción ya no se puede usar']);
  });

  it('a once-per-member promotion redeemed by 10 concurrent staff requests succeeds exactly once', async () => {
    const [token] = await createMembers(t.db, 1, 'race');
    const me = await t.app.inject({ url: '/api/v5/me/', headers: auth(token as string) });
    const uid = me.json().uid as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/',
      headers: auth(token as string),
      payload: { program: 'demo-club' },
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(staff, 'POST', 'redemptions/', { place: PLACE, member: uid, promotion: 'promo-bienvenida' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
  });

  it('stamps the card', async () => {
    const res = await call(staff, 'POST', 'stamps/', {
      place: PLACE,
      member: DEMO_MEMBER_UID,
      program: 'demo-club',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ stamps: 3, reward_unlocked: false });
    expect(
      (await call(staff, 'POST', 'stamps/', { place: PLACE, member: DEMO_MEMBER_UID, program: 'nope' }))
        .statusCode,
    ).toBe(404);
  });

  it('adds points above 0 with a description, and refuses zero, negative and no description', async () => {
    const body = { place: PLACE, member: DEMO_MEMBER_UID, program: 'demo-club', description: 'Cumpleaños' };
    for (const amount of [0, -5]) {
      const res = await call(staff, 'POST', 'points/', { ...body, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().amount).toEqual(['El monto debe ser mayor a 0']);
    }
    const blank = await call(staff, 'POST', 'points/', { ...body, amount: 5, description: '  ' });
    expect(blank.json().description).toEqual(['Ingrese una descripción']);
    expect((await call(staff, 'POST', 'points/', { ...body, amount: 'diez' })).statusCode).toBe(400);
    const ok = await call(staff, 'POST', 'points/', { ...body, amount: 10 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().points).toBe(130);
  });

  it('counts a stamp and points sent again with the same Idempotency-Key once (a lost answer retried)', async () => {
    const send = (url: string, key: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v5/retail/${url}`,
        headers: auth(staff, { 'idempotency-key': key }),
        payload,
      });
    const target = { place: PLACE, member: DEMO_MEMBER_UID, program: 'demo-club' };
    const [stamp, again] = [
      await send('stamps/', 'stamp-1', target),
      await send('stamps/', 'stamp-1', target),
    ];
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(stamp.json());
    const points = { ...target, amount: 7, description: 'Visita' };
    const [first, replay] = [
      await send('points/', 'points-1', points),
      await send('points/', 'points-1', points),
    ];
    expect(replay.json().points).toBe(first.json().points);
    const next = await send('stamps/', 'stamp-2', target);
    expect(next.json().stamps).toBe(stamp.json().stamps + 1);
  });

  it('refuses points where the program does not allow them', async () => {
    await t.db.update(programs).set({ allowsManualPoints: false }).where(eq(programs.uid, 'demo-club'));
    try {
      const res = await call(staff, 'POST', 'points/', {
        place: PLACE,
        member: DEMO_MEMBER_UID,
        program: 'demo-club',
        amount: 5,
        description: 'x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors).toEqual([
        'El programa de beneficios no tiene habilitada esta funcionalidad',
      ]);
    } finally {
      await t.db.update(programs).set({ allowsManualPoints: true }).where(eq(programs.uid, 'demo-club'));
    }
  });

  it('writes who did what, where and when, for each counter action', async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/demo-club/promotions/promo-02/qrcode/',
      headers: auth(member),
      payload: {},
    });
    // Typed by hand: spaces and small letters, the prefix of the QR kept.
    const typed = ` ${issued.json().qr.toLowerCase()} `;
    const redeemed = await call(staff, 'POST', 'redemptions/', { place: PLACE, code: typed });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const body = { place: PLACE, member: DEMO_MEMBER_UID, program: 'demo-club' };
    const stamped = await call(staff, 'POST', 'stamps/', body);
    expect(stamped.statusCode).toBe(201);
    const pointed = await call(staff, 'POST', 'points/', { ...body, amount: 7, description: 'Visita' });
    expect(pointed.statusCode).toBe(201);

    const rows = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffUserUid, STAFF_UID), eq(staffAuditLog.memberUserUid, DEMO_MEMBER_UID)))
      .orderBy(staffAuditLog.id);
    const last = (action: string) => rows.filter((r) => r.action === action).at(-1);
    const place = { appUid: 'demo', companyUid: 'demo-main', placeUid: PLACE };
    expect(last('REDEEM')).toMatchObject({
      ...place,
      subjectType: 'redemption',
      subjectId: redeemed.json().uid,
      details: { promotion: 'promo-02', code: redeemed.json().code, by_code: true },
    });
    expect(last('STAMP')).toMatchObject({
      ...place,
      subjectType: 'program',
      subjectId: 'demo-club',
      details: { reward_unlocked: stamped.json().reward_unlocked },
    });
    expect(last('ADD_POINTS')).toMatchObject({
      ...place,
      subjectType: 'program',
      subjectId: 'demo-club',
      details: { amount: 7, description: 'Visita' },
    });
  });

  it('answers 404 for a customer outside the program and for an unknown promotion', async () => {
    const outside = await call(staff, 'POST', 'stamps/', {
      place: PLACE,
      member: RIVAL_UID,
      program: 'demo-club',
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().detail).toBe(errorMessage('CUSTOMER_NOT_FOUND', 'es'));
    const unknown = await call(staff, 'POST', 'redemptions/', {
      place: PLACE,
      member: DEMO_MEMBER_UID,
      promotion: 'promo-nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(errorMessage('NOT_FOUND', 'es'));
  });
});

describe('users', () => {
  const body = {
    place: PLACE,
    document_type: 'NATIONAL_ID',
    document_number: '41234567',
    first_name: 'Rosa',
    last_name: 'Huamán',
    email: 'Rosa@Test.pe',
    mobile_number: '912345678',
  };
  it('creates a member enrolled in the program, and refuses a taken e-mail', async () => {
    const res = await call(staff, 'POST', 'users/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'rosa@test.pe', mobile_number: '+51912345678' });
    expect(res.json().memberships[0].program.uid).toBe('demo-club');
    const again = await call(staff, 'POST', 'users/', {
      ...body,
      document_number: '41234568',
      mobile_number: undefined,
    });
    expect(again.json().email).toEqual(['Ya existe un usuario registrado con este correo.']);
    const badDni = await call(staff, 'POST', 'users/', {
      ...body,
      email: 'x@test.pe',
      document_number: '12',
    });
    expect(badDni.json().document_number).toEqual(['Ingresar un dni correcto.']);
  });

  it('mails the new member a welcome link that sets their password (es/en), spent once (issue 14)', async () => {
    const mailbox = async (to: string) =>
      (
        (await t.app.inject('/api/dev/mailbox/')).json() as { to: string; subject: string; text: string }[]
      ).find((mail) => mail.to === to);
    const created = await call(staff, 'POST', 'users/', {
      ...body,
      document_number: '41230001',
      email: 'lucia@test.pe',
      mobile_number: undefined,
    });
    expect(created.statusCode).toBe(201);
    const mail = await mailbox('lucia@test.pe');
    expect(mail?.subject).toBe('Demo: te damos la bienvenida, crea tu contraseña');
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://none/');
    const [route, uid, token] = link.pathname.split('/').filter(Boolean);
    expect([route, uid]).toEqual(['reset-password', created.json().uid]);
    expect(link.search).toBe('?welcome');

    const set = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v5/me/reset_password/${uid}/${token}/`,
        payload: { password, password_confirmation: password },
      });
    expect((await set('Bienvenida1!')).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/',
      payload: { email: 'lucia@test.pe', password: 'Bienvenida1!' },
    });
    expect(login.statusCode).toBe(200);
    expect((await set('Otra1234!')).statusCode).toBe(404);

    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v5/retail/users/',
      headers: { ...auth(staff), 'accept-language': 'en' },
      payload: { ...body, document_number: '41230002', email: 'john@test.pe', mobile_number: undefined },
    });
    expect(english.statusCode).toBe(201);
    expect((await mailbox('john@test.pe'))?.subject).toBe('Demo: welcome, set your password');
  });

  it('needs a store with a benefits program', async () => {
    const res = await call(rival, 'POST', 'users/', { ...body, place: 'place-rival', email: 'otro@test.pe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors).toEqual([
      'Para crear usuarios se necesita una tienda con un programa de beneficios',
    ]);
  });
});

describe('redemption records', () => {
  it('needs one date and one store', async () => {
    for (const query of [`place=${PLACE}`, `date=${today()}`, '']) {
      const res = await call(staff, 'GET', `redemptions/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors).toEqual(['Se debe elegir una fecha y una tienda']);
    }
    expect((await call(rival, 'GET', `redemptions/?place=${PLACE}&date=${today()}`)).statusCode).toBe(404);
  });

  it('lists the day as paged JSON, CSV and XLSX', async () => {
    const json = await call(staff, 'GET', `redemptions/?place=${PLACE}&date=${today()}&page_size=1`);
    expect(json.statusCode).toBe(200);
    const page = json.json();
    expect(page.count).toBeGreaterThanOrEqual(3);
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('page=2');
    expect(page.results[0]).toMatchObject({ place: { uid: PLACE }, staff: 'tienda@demo.pe' });

    const csv = await call(staff, 'GET', `redemptions/?place=${PLACE}&date=${today()}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Promoción');
    expect(lines).toHaveLength(page.count + 1);
    expect(csv.body).toContain('Chicha morada de bienvenida');
    // The document type as staff name it, not the API's constant (issue 28).
    expect(csv.body).toContain(',DNI,');
    expect(csv.body).not.toContain('NATIONAL_ID');

    const xlsx = await call(staff, 'GET', `redemptions/?place=${PLACE}&date=${today()}&format=xlsx`);
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet?.data[0]?.[2]).toBe('Promoción');
    expect(sheet?.data).toHaveLength(page.count + 1);

    // Times in the place's zone (Lima, UTC−5 all year), as "2026-11-24 14:05", not UTC ISO (issue 14).
    const all = await call(staff, 'GET', `redemptions/?place=${PLACE}&date=${today()}&page_size=100`);
    const lima = (iso: string) =>
      new Date(Date.parse(iso) - 5 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const expected = all.json().results.map((r: { redeemed_at: string }) => lima(r.redeemed_at));
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected);
    expect(sheet?.data.slice(1).map((row) => row[0])).toEqual(expected);

    const otherDay = await call(staff, 'GET', `redemptions/?place=${PLACE}&date=2020-01-01`);
    expect(otherDay.json().count).toBe(0);
  });
});

describe('order board', () => {
  let orderUid: string;
  const placeOrder = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v5/places/${PLACE}/orders/`,
      headers: auth(member),
      payload: pickupBody(await firstSlot(t.app), [lomoSaltadoLine]),
    });
    expect(res.statusCode).toBe(201);
    return res.json().uid as string;
  };

  it('lists a place’s orders by status and moves them along the state machine only', async () => {
    orderUid = await placeOrder();
    const list = await call(staff, 'GET', `orders/?place=${PLACE}&status=RECEIVED`);
    expect(list.json().results.map((o: { uid: string }) => o.uid)).toContain(orderUid);
    expect((await call(rival, 'GET', `orders/?place=${PLACE}`)).statusCode).toBe(404);
    expect((await call(rival, 'PATCH', `orders/${orderUid}/`, { status: 'ACCEPTED' })).statusCode).toBe(404);
    const illegal = await call(staff, 'PATCH', `orders/${orderUid}/`, { status: 'DELIVERED' });
    expect(illegal.statusCode).toBe(400);
    expect(illegal.json().non_field_errors).toEqual(['El pedido no puede pasar a este estado']);
    expect(
      (await call(staff, 'PATCH', `orders/${orderUid}/`, { status: 'CANCELED_BY_USER' })).statusCode,
    ).toBe(400);
    const accepted = await call(staff, 'PATCH', `orders/${orderUid}/`, { status: 'ACCEPTED' });
    expect(accepted.json().status).toBe('ACCEPTED');
    // A pickup order is never SHIPPED.
    expect((await call(staff, 'PATCH', `orders/${orderUid}/`, { status: 'SHIPPED' })).statusCode).toBe(400);
    const delivered = await call(staff, 'PATCH', `orders/${orderUid}/`, { status: 'DELIVERED' });
    expect(delivered.json()).toMatchObject({ status: 'DELIVERED' });
    expect(delivered.json().history.at(-1)).toMatchObject({ to: 'DELIVERED', by: 'STAFF' });
  });

  // How fast it arrives is a benchmark's question (timings are never assertions): here, that it is pushed.
  it('streams a new order to a connected board as it is placed, then its status changes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/v5/retail/orders/stream?place=${PLACE}`, {
      headers: { authorization: `Token ${staff}`, host: 'localhost' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const until = async (predicate: (text: string) => boolean) => {
      while (!predicate(buffer)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    await until((text) => text.includes('event: ready'));
    const uid = await placeOrder();
    await until((text) => text.includes(uid));
    const event = buffer.split('\n\n').find((block) => block.includes(uid)) as string;
    const data = JSON.parse(
      event
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6) ?? '{}',
    );
    expect(data).toMatchObject({ type: 'created', order: { uid, status: 'RECEIVED' } });
    // A status change arrives too.
    await call(staff, 'PATCH', `orders/${uid}/`, { status: 'ACCEPTED' });
    await until((text) => text.includes('"type":"status"'));
    controller.abort();
  });
});
