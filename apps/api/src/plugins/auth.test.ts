import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_UID } from '../modules/orders/orders.fixtures.ts';
import { issueToken } from '../modules/sessions/sessions.service.ts';
import { createTestApp } from '../test/test-app.ts';

// The auth plugin: `Authorization: Token <token>` (scheme in any case) names the member; no token, or
// another scheme, is anonymous (401 "not provided" where a member is needed); a token that is unknown
// or of another app is 401 "invalid token" (spec §4: the storefront then logs out).

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let otherAppToken: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await issueToken(t.db, { uid: DEMO_MEMBER_UID, appUid: 'demo' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/register/',
    headers: { host: 'multi.localhost' },
    payload: {
      first_name: 'Otra',
      last_name: 'App',
      email: 'otra-app@test.pe',
      password: 'una-clave-larga',
      accepted_terms_cond: true,
    },
  });
  otherAppToken = res.json().token;
});
afterAll(() => t.close());

const me = (authorization?: string, language = 'es') =>
  t.app.inject({
    url: '/api/v5/me/',
    headers: { 'accept-language': language, ...(authorization === undefined ? {} : { authorization }) },
  });

describe('the auth plugin', () => {
  it('signs in with "Token <token>", whatever the case of the scheme', async () => {
    for (const scheme of ['Token', 'token', 'TOKEN']) {
      const res = await me(`${scheme} ${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().uid).toBe(DEMO_MEMBER_UID);
    }
  });

  it('treats no token, another scheme or an empty token as not signed in', async () => {
    expect(otherAppToken).toBeTruthy();
    for (const header of [undefined, `Bearer ${token}`, 'Token', 'Token ', token]) {
      const res = await me(header, 'en');
      expect({ header, status: res.statusCode, body: res.json() }).toEqual({
        header,
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      });
    }
  });

  it('refuses an unknown token and a token of another app as invalid', async () => {
    for (const header of ['Token not-a-token', `Token ${otherAppToken}`]) {
      const res = await me(header);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 401,
        body: { detail: 'Token inválido.' },
      });
    }
    const sameTokenOwnApp = await t.app.inject({
      url: '/api/v5/me/',
      headers: { host: 'multi.localhost', authorization: `Token ${otherAppToken}` },
    });
    expect(sameTokenOwnApp.statusCode).toBe(200);
  });

  it('lets anonymous calls through on public routes, and refuses a bad token there too', async () => {
    const url = '/api/v5/companies/demo-main/validate-code/DESCUENTO5/';
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: { authorization: 'Token nope' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { authorization: `Token ${token}` } })).statusCode).toBe(200);
  });
});
