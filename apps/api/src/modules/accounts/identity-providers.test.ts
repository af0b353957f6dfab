import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apps } from '@storefront/db/schema/tenancy';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantFile } from '../../test/test-app.ts';

const APPLE_CLIENT = 'pe.demo.web';
const FACEBOOK_APP = 'fb-demo-app';

/**
 * A local stand-in for Google's tokeninfo, reCAPTCHA's siteverify, Facebook's Graph `me` and `app`, and
 * Apple's key set (architecture §4 Accounts). Apple tokens are signed with a key made here.
 */
async function startFakeProvider() {
  const captchaCalls: URLSearchParams[] = [];
  const apple = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwks = {
    keys: [{ ...(await exportJWK(apple.publicKey)), kid: 'apple-1', alg: 'RS256', use: 'sig' }],
  };
  // The claims given override Apple's usual ones, so that a test can forge any of them.
  const appleToken = (claims: JWTPayload, options: { key?: CryptoKey; kid?: string } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: 'https://appleid.apple.com',
      aud: APPLE_CLIENT,
      sub: 'apple-user',
      iat: now,
      exp: now + 600,
      email_verified: 'true',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'apple-1' })
      .sign(options.key ?? apple.privateKey);
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/siteverify') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      captchaCalls.push(form);
      res.end(
        JSON.stringify({
          success: form.get('secret') === 'captcha-secret' && form.get('response') === 'human',
        }),
      );
      return;
    }
    if (url.pathname === '/tokeninfo') {
      const token = url.searchParams.get('access_token');
      const tokens: Record<string, object> = {
        'good-token': { aud: 'demo-client', sub: '1', email: 'Nuevo@Gmail.com', email_verified: 'true' },
        'member-token': { aud: 'demo-client', sub: '2', email: 'socio@demo.pe', email_verified: true },
        'other-client': { aud: 'someone-else', sub: '3', email: 'x@gmail.com', email_verified: 'true' },
        unverified: { aud: 'demo-client', sub: '4', email: 'y@gmail.com', email_verified: 'false' },
      };
      const info = token ? tokens[token] : undefined;
      res.statusCode = info ? 200 : 400;
      res.end(JSON.stringify(info ?? { error: 'invalid_token' }));
      return;
    }
    if (url.pathname === '/auth/keys') {
      res.end(JSON.stringify(jwks));
      return;
    }
    if (url.pathname === '/me' || url.pathname === '/app') {
      const token = url.searchParams.get('access_token') ?? '';
      const facebook: Record<string, { app: string; me: object }> = {
        'fb-member': { app: FACEBOOK_APP, me: { id: '10', email: 'cliente@demo.pe' } },
        'fb-new': { app: FACEBOOK_APP, me: { id: '11', email: 'Nueva@Facebook.com' } },
        'fb-no-email': { app: FACEBOOK_APP, me: { id: '12' } },
        'fb-other-app': { app: 'another-app', me: { id: '13', email: 'z@facebook.com' } },
      };
      const answer = facebook[token];
      res.statusCode = answer ? 200 : 400;
      if (url.pathname === '/me' && answer) expect(url.searchParams.get('fields')).toBe('id,email');
      res.end(
        JSON.stringify(
          !answer
            ? { error: { type: 'OAuthException' } }
            : url.pathname === '/me'
              ? answer.me
              : { id: answer.app },
        ),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    captchaCalls,
    appleToken,
    strangerKey: stranger.privateKey,
    close: () => server.close(),
  };
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('accounts: captcha, Google, only-document and per-app deletion prefix', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    provider = await startFakeProvider();
    const file = demoTenantFile();
    const demo = file.apps[0] as Record<string, unknown>;
    Object.assign(demo, {
      signin_methods: [
        { type: 'EMAIL', settings: {} },
        { type: 'GOOGLE', settings: { client_id: 'demo-client' } },
        { type: 'FACEBOOK', settings: { app_id: FACEBOOK_APP } },
        { type: 'IOS', settings: { client_id: APPLE_CLIENT } },
      ],
      recaptcha_settings: { site_key: 'site', secret_key: 'captcha-secret' },
      deletion_path_prefix: 'repsol',
    });
    const multi = file.apps[1] as Record<string, unknown>;
    Object.assign(multi, { signin_methods: [{ type: 'ONLY_DOCUMENT', settings: {} }], allow_signup: false });
    multi.users = [
      { email: 'doc@multi.pe', password: 'Multi1234!', document_number: '55667788', first_name: 'Doc' },
    ];
    t = await createTestApp({
      tenantFile: file,
      config: {
        GOOGLE_OAUTH_URL: provider.url,
        FACEBOOK_GRAPH_URL: provider.url,
        APPLE_KEYS_URL: `${provider.url}/auth/keys`,
        RECAPTCHA_VERIFY_URL: `${provider.url}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    provider.close();
  });

  const login = (payload: object, host = 'localhost') =>
    t.app.inject({ method: 'POST', url: '/api/v5/login/', headers: { host }, payload });

  it('checks the captcha on the server when the app has one', async () => {
    const credentials = { email: 'socio@demo.pe', password: 'Demo1234!' };
    const missing = await login(credentials);
    expect(missing.json()).toEqual({ non_field_errors: ['Haz click en No soy un robot'] });
    const robot = await login({ ...credentials, captcha_token: 'robot' });
    expect(robot.statusCode).toBe(400);
    expect(robot.json().non_field_errors[0]).toMatch(/^No se pudo verificar que no eres un robot/);
    const human = await login({ ...credentials, captcha_token: 'human' });
    expect(human.statusCode).toBe(200);
    expect(provider.captchaCalls.at(-1)?.get('secret')).toBe('captcha-secret');
    // The secret never reaches the storefront.
    const app = await t.app.inject('/api/v7/apps/demo');
    expect(app.json().recaptcha_settings).toEqual({ site_key: 'site' });
  });

  it('signs in with Google: an existing member, or a new one; refuses tokens it cannot verify', async () => {
    const google = (access_token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v5/login/mobile/google/', payload: { access_token } });
    const member = await google('member-token');
    expect(member.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/v5/me/',
      headers: { authorization: `Token ${member.json().token}` },
    });
    expect(me.json().document_number).toBe('44556677');
    const fresh = await google('good-token');
    expect(fresh.statusCode).toBe(200);
    const freshMe = await t.app.inject({
      url: '/api/v5/me/',
      headers: { authorization: `Token ${fresh.json().token}` },
    });
    expect(freshMe.json()).toMatchObject({
      email: 'nuevo@gmail.com',
      email_verified: true,
      is_profile_complete: false,
    });
    expect((await google('good-token')).statusCode).toBe(200);
    for (const token of ['other-client', 'unverified', 'forged']) {
      const res = await google(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().non_field_errors[0]).toMatch(/^No se pudo verificar tu cuenta/);
    }
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/api/v5/login/mobile/google/',
      headers: { host: 'multi.localhost' },
      payload: { access_token: 'good-token' },
    });
    expect(disabled.statusCode).toBe(400);
  });

  const social = (provider: string, payload: object, host = 'localhost') =>
    t.app.inject({ method: 'POST', url: `/api/v5/login/mobile/${provider}/`, headers: { host }, payload });
  const meOf = async (res: { json(): { token: string } }) =>
    (
      await t.app.inject({ url: '/api/v5/me/', headers: { authorization: `Token ${res.json().token}` } })
    ).json();
  const refusedByProvider = (res: { statusCode: number; json(): { non_field_errors: string[] } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors[0]).toMatch(/^No se pudo verificar tu cuenta/);
  };

  it('refuses every Google token where the method names no client: its audience cannot be checked', async () => {
    // An app saved before imports required the client id.
    await t.db
      .update(apps)
      .set({
        signinMethods: [
          { type: 'EMAIL', settings: {} },
          { type: 'GOOGLE', settings: {} },
        ],
      })
      .where(eq(apps.uid, 'landing'));
    for (const token of ['member-token', 'other-client']) {
      const res = await social('google', { access_token: token }, 'landing.localhost');
      refusedByProvider(res);
    }
  });

  it("signs in with Facebook only with a token of the app's own Facebook app that has an e-mail", async () => {
    const member = await social('facebook', { access_token: 'fb-member' });
    expect(member.statusCode).toBe(200);
    expect((await meOf(member)).email).toBe('cliente@demo.pe');
    const fresh = await social('facebook', { access_token: 'fb-new' });
    expect(fresh.statusCode).toBe(200);
    expect(await meOf(fresh)).toMatchObject({ email: 'nueva@facebook.com', email_verified: true });
    for (const access_token of ['fb-other-app', 'fb-no-email', 'forged'])
      refusedByProvider(await social('facebook', { access_token }));
    // Apple's body is an identity token, Facebook's an access token: unknown keys are refused.
    expect((await social('facebook', { id_token: 'fb-member' })).statusCode).toBe(400);
    const disabled = await social('facebook', { access_token: 'fb-member' }, 'multi.localhost');
    expect(disabled.json().non_field_errors).toEqual(['Este método de ingreso no está habilitado.']);
  });

  it("signs in with Apple only with an identity token Apple's keys signed for this app, not expired", async () => {
    const member = await social('apple', { id_token: await provider.appleToken({ email: 'socio@demo.pe' }) });
    expect(member.statusCode).toBe(200);
    expect((await meOf(member)).document_number).toBe('44556677');
    const relay = 'abc123@privaterelay.appleid.com';
    const fresh = await social('apple', {
      id_token: await provider.appleToken({ email: relay, email_verified: true }),
    });
    expect(fresh.statusCode).toBe(200);
    expect(await meOf(fresh)).toMatchObject({ email: relay, is_profile_complete: false });

    const now = Math.floor(Date.now() / 1000);
    const refused = {
      'another key': await provider.appleToken({ email: 'x@demo.pe' }, { key: provider.strangerKey }),
      'unknown key id': await provider.appleToken(
        { email: 'x@demo.pe' },
        { key: provider.strangerKey, kid: 'x' },
      ),
      'another audience': await provider.appleToken({ email: 'x@demo.pe', aud: 'other.client' }),
      'another issuer': await provider.appleToken({ email: 'x@demo.pe', iss: 'https://evil.example' }),
      expired: await provider.appleToken({ email: 'x@demo.pe', exp: now - 60 }),
      'unverified e-mail': await provider.appleToken({ email: 'x@demo.pe', email_verified: 'false' }),
      'no e-mail': await provider.appleToken({}),
      unsigned: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({
          iss: 'https://appleid.apple.com',
          aud: APPLE_CLIENT,
          email: 'x@demo.pe',
          exp: now + 600,
        }),
      ).toString('base64url')}.`,
      garbage: 'not-a-jwt',
    };
    for (const [why, id_token] of Object.entries(refused)) {
      const res = await social('apple', { id_token });
      expect(res.statusCode, why).toBe(400);
      expect(res.json().non_field_errors[0], why).toMatch(/^No se pudo verificar tu cuenta/);
    }
    const disabled = await social(
      'apple',
      { id_token: await provider.appleToken({ email: 'socio@demo.pe' }) },
      'multi.localhost',
    );
    expect(disabled.json().non_field_errors).toEqual(['Este método de ingreso no está habilitado.']);
  });

  it("lets the storefront load the providers' scripts, and connect only where the Facebook SDK needs", async () => {
    const csp = (await t.app.inject('/')).headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .find((d) => d.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('script-src')).toContain('https://connect.facebook.net');
    expect(directive('script-src')).toContain('https://appleid.cdn-apple.com');
    expect(directive('connect-src')).toBe("connect-src 'self' https://www.facebook.com");
  });

  it('signs in by document alone where the first method is ONLY_DOCUMENT, and only so', async () => {
    const validate = await t.app.inject({
      method: 'POST',
      url: '/api/v5/validate/',
      headers: { host: 'multi.localhost' },
      payload: { document_number: '99887766' },
    });
    expect(validate.json()).toEqual({ is_registered: false, can_register: false });
    const ok = await login({ document_type: 'NATIONAL_ID', document_number: '55667788' }, 'multi.localhost');
    expect(ok.statusCode).toBe(200);
    const unknown = await login({ document_number: '99887766' }, 'multi.localhost');
    expect(unknown.statusCode).toBe(400);
    const byEmail = await login({ email: 'doc@multi.pe', password: 'Multi1234!' }, 'multi.localhost');
    expect(byEmail.json().non_field_errors).toEqual(['Este método de ingreso no está habilitado.']);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v5/register/',
      headers: { host: 'multi.localhost' },
      payload: {
        document_number: '11112222',
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.pe',
        password: 'long-enough',
        accepted_terms_cond: true,
      },
    });
    expect(signup.statusCode).toBe(403);
  });

  it("mails the deletion link under the app's prefix and answers it only there", async () => {
    const session = await login({ email: 'socio@demo.pe', password: 'Demo1234!', captcha_token: 'human' });
    const token = session.json().token;
    await t.app.inject({
      method: 'POST',
      url: '/api/v5/delete-account/',
      headers: { authorization: `Token ${token}` },
    });
    const mailbox = (await t.app.inject('/api/dev/mailbox/')).json() as { text: string }[];
    const link = mailbox
      .map((m) => m.text.match(/https?:\/\/\S+/)?.[0])
      .find((u) => u?.includes('/me/delete/'));
    const [prefix, , , appUid, userUid, linkToken] = new URL(link ?? 'http://x/').pathname
      .split('/')
      .filter(Boolean);
    expect([prefix, appUid]).toEqual(['repsol', 'demo']);
    const path = `/api/v5/repsol/me/delete/demo/${userUid}/${linkToken}/`;
    expect((await t.app.inject(path)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/v5/other/me/delete/demo/${userUid}/${linkToken}/`)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject(`/api/v5/repsol/me/delete/multi/${userUid}/${linkToken}/`)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: path })).statusCode).toBe(200);
    expect((await t.app.inject(path)).statusCode).toBe(404);
  });
});
