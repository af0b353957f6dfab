import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const MEMBER = { email: 'socio@demo.pe', password: 'Demo1234!' };

async function loginAs(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v5/login/', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

const auth = (token: string) => ({ authorization: `Token ${token}` });

/** The newest mailed link to `to` whose path starts with `path`, read from the development mailbox. */
async function mailedLink(t: TestApp, to: string, path: string): Promise<string[]> {
  const res = await t.app.inject('/api/dev/mailbox/');
  const mail = (res.json() as { to: string; text: string }[]).find(
    (m) => m.to === to && m.text.includes(path),
  );
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no ${path} mail for ${to}`);
  return new URL(url).pathname.split('/').filter(Boolean);
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

describe('accounts: sign-in, profile, passwords and deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in by e-mail, document and mobile number, and answers the profile', async () => {
    for (const payload of [
      { email: 'SOCIO@demo.pe', password: 'Demo1234!' },
      { document_type: 'NATIONAL_ID', document_number: '44556677', password: 'Demo1234!' },
      { mobile_number: '987654321', password: 'Demo1234!' },
      { mobile_number: '+51 987 654 321', password: 'Demo1234!' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v5/login/', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      const me = await t.app.inject({ url: '/api/v5/me/', headers: auth(res.json().token) });
      expect(me.json()).toMatchObject({
        email: 'socio@demo.pe',
        document_number: '44556677',
        is_profile_complete: true,
        is_staff: false,
      });
      expect(me.body).not.toMatch(/password|hash/i);
    }
  });

  it('refuses wrong credentials with one message, and bad input with 400', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/',
      payload: { email: 'socio@demo.pe', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      non_field_errors: ['No puede iniciar sesión con las credenciales proporcionadas.'],
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/',
      payload: { email: 'nobody@demo.pe', password: 'nope-nope' },
    });
    expect(unknown.json()).toEqual(wrong.json());
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/',
      payload: { ...MEMBER, is_admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ is_admin: ['Campo no permitido.'] });
    // A document alone signs in only where the app's method is ONLY_DOCUMENT.
    const documentAlone = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/',
      payload: { document_type: 'NATIONAL_ID', document_number: '44556677' },
    });
    expect(documentAlone.statusCode).toBe(400);
    expect(documentAlone.json().non_field_errors).toEqual(['Este método de ingreso no está habilitado.']);
    for (const payload of [{}, { email: 'x' }, '{not json', { email: 'socio@demo.pe', password: 5 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v5/login/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('keeps tenants apart: a token or an account of one app means nothing on another', async () => {
    const token = await loginAs(t, MEMBER.email, MEMBER.password);
    const elsewhere = await t.app.inject({
      url: '/api/v5/me/',
      headers: { ...auth(token), host: 'multi.localhost' },
    });
    expect(elsewhere.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/',
      headers: { host: 'multi.localhost' },
      payload: MEMBER,
    });
    expect(login.statusCode).toBe(400);
    expect((await t.app.inject('/api/v5/me/')).statusCode).toBe(401);
  });

  it('answers whether a document is registered or may register', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v5/validate/',
      payload: { document_type: 'NATIONAL_ID', document_number: '44556677' },
    });
    expect(known.json()).toEqual({ is_registered: true, can_register: false });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/v5/validate/',
      payload: { document_number: '87654321' },
    });
    expect(fresh.json()).toEqual({ is_registered: false, can_register: true });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v5/validate/',
      payload: { document_type: 'NATIONAL_ID', document_number: '12ab' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ document_number: ['Ingresar un dni correcto.'] });
  });

  const newMember = {
    document_type: 'NATIONAL_ID',
    document_number: '70112233',
    first_name: 'Ana',
    last_name: 'Paz',
    email: 'Ana.Paz@Example.pe',
    mobile_number: '912345678',
    password: 'una-clave-larga',
    accepted_terms_cond: true,
  };

  it('registers a member, signs them in and verifies the e-mail by the mailed link', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v5/register/', payload: newMember });
    expect(res.statusCode).toBe(201);
    const token = res.json().token;
    const me = await t.app.inject({ url: '/api/v5/me/', headers: auth(token) });
    expect(me.json()).toMatchObject({
      email: 'ana.paz@example.pe',
      email_verified: false,
      mobile_number: '+51912345678',
      country_code_number: '+51',
      is_profile_complete: false,
    });
    const [, appUid, userUid, linkToken] = await mailedLink(t, 'ana.paz@example.pe', '/verification-email/');
    expect(appUid).toBe('demo');
    const wrong = await t.app.inject(`/api/v5/verification-email/demo/${userUid}/not-the-token/`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ detail: 'No se pudo validar el correo.' });
    const otherApp = await t.app.inject(`/api/v5/verification-email/multi/${userUid}/${linkToken}/`);
    expect(otherApp.statusCode).toBe(404);
    for (let click = 0; click < 2; click++) {
      const ok = await t.app.inject(`/api/v5/verification-email/demo/${userUid}/${linkToken}/`);
      expect(ok.statusCode).toBe(200);
    }
    const verified = await t.app.inject({ url: '/api/v5/me/', headers: auth(token) });
    expect(verified.json().email_verified).toBe(true);
  });

  it('refuses a duplicate registration, with many attempts at once creating one account', async () => {
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v5/register/',
      payload: { ...newMember, document_number: '70112299', mobile_number: '912340000' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['Ya existe un usuario registrado con este correo.'] });

    const racers = Array.from({ length: 8 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v5/register/',
        payload: {
          ...newMember,
          email: 'race@example.pe',
          document_number: '70999999',
          mobile_number: '919999999',
        },
      }),
    );
    const answers = await Promise.all(racers);
    expect(statuses(answers)).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(Object.keys(answer.json()).length).toBeGreaterThan(0);
    }
  });

  it('requires the terms, the fields the app asks for, and a valid phone', async () => {
    const { accepted_terms_cond: _t, document_number: _d, ...rest } = newMember;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/register/',
      payload: { ...rest, email: 'x@example.pe', accepted_terms_cond: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('accepted_terms_cond');
    const noDocument = await t.app.inject({
      method: 'POST',
      url: '/api/v5/register/',
      payload: { ...rest, email: 'x@example.pe', accepted_terms_cond: true },
    });
    expect(noDocument.json()).toEqual({ document_number: ['Este campo es requerido'] });
    const badPhone = await t.app.inject({
      method: 'POST',
      url: '/api/v5/register/',
      headers: { 'accept-language': 'en' },
      payload: { ...newMember, email: 'y@example.pe', document_number: '70000001', mobile_number: '12' },
    });
    expect(badPhone.json().mobile_number[0]).toMatch(/^Add your country's numeric code/);
  });

  it("answers the generic validator's messages of spec §5 for register, profile and reset fields", async () => {
    const post = (url: string, payload: object, language = 'es') =>
      t.app.inject({ method: 'POST', url, headers: { 'accept-language': language }, payload });
    const register = (changes: object, language?: string) =>
      post('/api/v5/register/', { ...newMember, email: 'rules@example.pe', ...changes }, language);
    expect((await register({ email: 'not-an-email' })).json()).toEqual({
      email: ['Ingresar un email correcto'],
    });
    expect((await register({ email: 'not-an-email' }, 'en')).json()).toEqual({
      email: ['Enter a valid email'],
    });
    expect((await register({ first_name: ' ', email: '' })).json()).toEqual({
      first_name: ['Este campo es requerido'],
      email: ['Este campo es requerido'],
    });
    expect((await register({ document_number: '' })).json()).toEqual({
      document_number: ['Este campo es requerido'],
    });
    expect((await register({ document_number: '1234' })).json()).toEqual({
      document_number: ['Ingresar un dni correcto.'],
    });
    expect((await register({ mobile_number: '-912345678' })).json()).toEqual({
      mobile_number: ['Ingresar un número válido'],
    });
    expect((await register({ mobile_number: '12' })).json()).toEqual({
      mobile_number: [
        'Agregar el código numérico correspondiente a tu país antes de ingresar tu número telefónico (Todo junto). PE: +51, MX: +52, COL: +57, ECUA: +593.',
      ],
    });
    expect((await post('/api/v5/me/reset_password/', { email: 'nope' })).json()).toEqual({
      email: ['Ingresar un email correcto'],
    });

    const token = await loginAs(t, MEMBER.email, MEMBER.password);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/v5/me/', headers: auth(token), payload });
    expect((await patch({ first_name: '', mobile_number: 'abc' })).json()).toEqual({
      first_name: ['Este campo es requerido'],
      mobile_number: ['Ingresar un número'],
    });
    expect((await patch({ document_number: '12AB5678' })).json()).toEqual({
      document_number: ['Ingresar un dni correcto.'],
    });
  });

  it('updates the profile: names, phone with its code, area; an empty phone removes both', async () => {
    const token = await loginAs(t, 'ana.paz@example.pe', newMember.password);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v5/me/',
      headers: auth(token),
      payload: {
        first_name: 'Ana',
        birthdate: '1995-02-03',
        gender: 'f',
        mobile_number: '5512345678',
        country_code_number: '+52',
        area: 'area-arequipa',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      birthdate: '1995-02-03',
      mobile_number: '+525512345678',
      country_code_number: '+52',
      area: 'area-arequipa',
      is_profile_complete: true,
    });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/v5/me/',
      headers: auth(token),
      payload: { mobile_number: '' },
    });
    expect(cleared.json()).toMatchObject({ mobile_number: null, country_code_number: null });
    for (const payload of [
      { area: 'multi-area-lima' },
      { email: 'new@example.pe' },
      { birthdate: '03/02/1995' },
      { gender: 'x' },
      { document_number: '44556677' },
    ]) {
      const bad = await t.app.inject({ method: 'PATCH', url: '/api/v5/me/', headers: auth(token), payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const here = await loginAs(t, 'ana.paz@example.pe', newMember.password);
    const there = await loginAs(t, 'ana.paz@example.pe', newMember.password);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/change_password/',
      headers: auth(here),
      payload: { current_password: newMember.password, password: 'otra-clave-1', password_confirmation: 'x' },
    });
    expect(mismatch.json()).toEqual({ password_confirmation: ['Las contraseñas no coinciden.'] });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/change_password/',
      headers: auth(here),
      payload: {
        current_password: 'wrong-one',
        password: 'otra-clave-1',
        password_confirmation: 'otra-clave-1',
      },
    });
    expect(wrong.json()).toEqual({ current_password: ['La contraseña actual no es correcta.'] });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/change_password/',
      headers: auth(here),
      payload: { current_password: newMember.password, password: 'short', password_confirmation: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/change_password/',
      headers: auth(here),
      payload: {
        current_password: newMember.password,
        password: 'otra-clave-1',
        password_confirmation: 'otra-clave-1',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v5/me/', headers: auth(here) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v5/me/', headers: auth(there) })).statusCode).toBe(401);
    await loginAs(t, 'ana.paz@example.pe', 'otra-clave-1');
  });

  it('resets a forgotten password by a single-use link that ends every session', async () => {
    const session = await loginAs(t, 'ana.paz@example.pe', 'otra-clave-1');
    for (const email of ['ana.paz@example.pe', 'nobody@example.pe']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v5/me/reset_password/',
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Correo enviado. Por favor revise su bandeja de entrada.' });
    }
    const [, userUid, linkToken] = await mailedLink(t, 'ana.paz@example.pe', '/reset-password/');
    const url = `/api/v5/me/reset_password/${userUid}/${linkToken}/`;
    const mismatch = await t.app.inject({
      method: 'POST',
      url,
      payload: { password: 'nueva-clave-9', password_confirmation: 'nueva-clave-8' },
    });
    expect(mismatch.statusCode).toBe(400);
    const body = { password: 'nueva-clave-9', password_confirmation: 'nueva-clave-9' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url, payload: body })),
    );
    expect(statuses(answers)).toEqual([200, 404, 404, 404, 404]);
    expect(answers.find((a) => a.statusCode === 404)?.json()).toEqual({ detail: 'El link ha expirado.' });
    expect((await t.app.inject({ url: '/api/v5/me/', headers: auth(session) })).statusCode).toBe(401);
    await loginAs(t, 'ana.paz@example.pe', 'nueva-clave-9');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/reset_password/nope/x/',
      payload: body,
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('logs out: the token stops working', async () => {
    const token = await loginAs(t, MEMBER.email, MEMBER.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/v5/logout/', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v5/me/', headers: auth(token) })).statusCode).toBe(401);
  });

  it('deletes an account by the mailed link, listing the benefits it loses first', async () => {
    const token = await loginAs(t, MEMBER.email, MEMBER.password);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v5/delete-account/' });
    expect(anonymous.statusCode).toBe(401);
    const sent = await t.app.inject({ method: 'POST', url: '/api/v5/delete-account/', headers: auth(token) });
    expect(sent.statusCode).toBe(200);
    const [me, del, appUid, userUid, linkToken] = await mailedLink(t, MEMBER.email, '/me/delete/');
    expect([me, del, appUid]).toEqual(['me', 'delete', 'demo']);
    const base = `/api/v5/me/delete/${userUid}/${linkToken}/`;
    expect((await t.app.inject(base)).statusCode).toBe(200);
    const wrong = await t.app.inject(`/api/v5/me/delete/${userUid}/wrong/`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ detail: 'El link ha expirado.' });
    const list = await t.app.inject(`${base}list-members-programs/`);
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({ previous: null });
    expect(page.count).toBe(page.results.length);
    for (const program of page.results) {
      expect(program).toEqual({
        uid: expect.any(String),
        name: expect.any(String),
        coins: expect.any(Number),
        total_points: expect.any(Number),
      });
    }
    // Another app's host cannot use the link.
    const elsewhere = await t.app.inject({ url: base, headers: { host: 'multi.localhost' } });
    expect(elsewhere.statusCode).toBe(404);

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ method: 'DELETE', url: base })),
    );
    expect(statuses(answers)).toEqual([200, 404, 404, 404]);
    expect((await t.app.inject({ url: '/api/v5/me/', headers: auth(token) })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/v5/login/', payload: MEMBER });
    expect(login.statusCode).toBe(400);
    expect((await t.app.inject(`${base}list-members-programs/`)).statusCode).toBe(404);
    const validate = await t.app.inject({
      method: 'POST',
      url: '/api/v5/validate/',
      payload: { document_number: '44556677' },
    });
    expect(validate.json()).toEqual({ is_registered: false, can_register: true });
  });
});

describe('accounts: rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('locks an account after 5 wrong passwords, even against the right one, not other accounts', async () => {
    const wrong = { email: 'socio@demo.pe', password: 'wrong-password' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v5/login/', payload: wrong }),
      ),
    );
    expect(statuses(answers).every((s) => s === 400 || s === 429)).toBe(true);
    const locked = await t.app.inject({ method: 'POST', url: '/api/v5/login/', payload: MEMBER });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: 'Demasiados intentos. Por favor espere unos minutos e intente de nuevo.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await loginAs(t, 'tienda@demo.pe', 'Demo1234!');
  });

  it('counts document checks atomically: of 40 at once from one IP, exactly 30 pass', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v5/validate/',
          remoteAddress: '10.0.0.7',
          payload: { document_number: String(20000000 + i) },
        }),
      ),
    );
    const counts = statuses(answers).reduce<Record<number, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ 200: 30, 429: 10 });
    // Another IP is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v5/validate/',
      remoteAddress: '10.0.0.8',
      payload: { document_number: '20000000' },
    });
    expect(other.statusCode).toBe(200);
  });
});
