import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';

// Issue 15 items 2 and 9: the per-IP and per-identifier limits of sign-in, document check,
// registration and password reset hold against a client that rotates X-Forwarded-For, because only
// the proxies named in TRUST_PROXY are believed; behind a trusted proxy each client counts apart.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const RATE_LIMITED = { detail: 'Demasiados intentos. Por favor espere unos minutos e intente de nuevo.' };
const MEMBER = 'socio@demo.pe';

let clients = 0;
/** A made-up client address for X-Forwarded-For, a new one each call. */
const rotatingXff = () => {
  clients += 1;
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

/**
 * `count` requests from one socket address, each with a new X-Forwarded-For (and a body from `body(i)`);
 * answers the statuses in order.
 */
async function burst(
  t: TestApp,
  options: {
    url: string;
    socket: string;
    count: number;
    body: (i: number) => Record<string, unknown>;
    host?: string;
    xff?: () => string;
  },
): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < options.count; i++) {
    answers.push(
      await t.app.inject({
        method: 'POST',
        url: options.url,
        remoteAddress: options.socket,
        headers: { 'x-forwarded-for': (options.xff ?? rotatingXff)(), host: options.host ?? 'localhost' },
        payload: options.body(i),
      }),
    );
  }
  return answers;
}

/** All answers before the last are not 429; the last is, in the spec's words. */
function expectLimitedAtLast(answers: LightMyRequestResponse[]) {
  const last = answers.at(-1) as LightMyRequestResponse;
  expect(answers.slice(0, -1).map((answer) => answer.statusCode)).not.toContain(429);
  expect(last.statusCode).toBe(429);
  expect(last.json()).toEqual(RATE_LIMITED);
}

describe('account limits with TRUST_PROXY unset: rotating X-Forwarded-For escapes none', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('login: 30 failures per IP and 5 per account, also by document alone on an ONLY_DOCUMENT app', async () => {
    const perIp = await burst(t, {
      url: '/api/v5/login/',
      socket: '10.1.0.1',
      count: 31,
      body: (i) => ({ email: `nadie${i}@demo.pe`, password: 'wrong-password' }),
    });
    expect(perIp[0]?.statusCode).toBe(400);
    expectLimitedAtLast(perIp);

    const perAccount = await burst(t, {
      url: '/api/v5/login/',
      socket: '10.1.0.2',
      count: 6,
      body: () => ({ email: MEMBER, password: 'wrong-password' }),
    });
    expectLimitedAtLast(perAccount);

    // Guessing registered documents on doc.localhost: each miss counts against the one real IP.
    const guesses = await burst(t, {
      url: '/api/v5/login/',
      socket: '10.1.0.3',
      host: 'doc.localhost',
      count: 31,
      body: (i) => ({ document_type: 'NATIONAL_ID', document_number: String(30_000_000 + i) }),
    });
    expectLimitedAtLast(guesses);
  });

  it('login: the per-account limit counts the account however its mobile, e-mail or document is written', async () => {
    const spellings = {
      mobile_number: [
        '+51987654321',
        '987654321',
        '+51 987 654 321',
        '987-654-321',
        '(987) 654-321',
        '+51 (987) 654 321',
      ],
      email: [
        'Tienda@Demo.pe',
        'TIENDA@DEMO.PE',
        'tienda@DEMO.pe',
        'Tienda@demo.PE',
        'tIeNdA@demo.pe',
        'TiEnDa@DeMo.Pe',
      ],
      document_number: ['44556677', ' 44556677', '44556677 ', ' 44556677 ', '\t44556677', '44556677\t'],
    };
    for (const [n, [field, written]] of Object.entries(spellings).entries()) {
      const answers = await burst(t, {
        url: '/api/v5/login/',
        socket: `10.1.1.${n + 1}`,
        count: written.length,
        body: (i) => ({ [field]: written[i], password: 'wrong-password' }),
      });
      expect(answers[0]?.statusCode, field).toBe(400);
      expectLimitedAtLast(answers);
    }
  });

  it('validate: 30 document checks per IP a minute and 10 per document', async () => {
    const perIp = await burst(t, {
      url: '/api/v5/validate/',
      socket: '10.2.0.1',
      count: 31,
      body: (i) => ({ document_number: String(40_000_000 + i) }),
    });
    expect(perIp[0]?.statusCode).toBe(200);
    expectLimitedAtLast(perIp);

    const perDocument = await burst(t, {
      url: '/api/v5/validate/',
      socket: '10.2.0.2',
      count: 11,
      body: () => ({ document_number: '44556677' }),
    });
    expectLimitedAtLast(perDocument);
  });

  it('register: 30 attempts per IP in ten minutes', async () => {
    const answers = await burst(t, {
      url: '/api/v5/register/',
      socket: '10.3.0.1',
      count: 31,
      // Already registered: refused with the spec's message, and still counted.
      body: () => ({
        document_type: 'NATIONAL_ID',
        document_number: '44556677',
        first_name: 'Ana',
        last_name: 'Torres',
        email: MEMBER,
        password: 'Clave1234!',
        accepted_terms_cond: true,
      }),
    });
    expect(answers[0]?.statusCode).toBe(400);
    expectLimitedAtLast(answers);
  });

  it('reset: 10 requests per IP and 5 per address', async () => {
    const perIp = await burst(t, {
      url: '/api/v5/me/reset_password/',
      socket: '10.4.0.1',
      count: 11,
      body: (i) => ({ email: `nadie${i}@demo.pe` }),
    });
    expect(perIp[0]?.statusCode).toBe(200);
    expectLimitedAtLast(perIp);

    const perAddress = await burst(t, {
      url: '/api/v5/me/reset_password/',
      socket: '10.4.0.2',
      count: 6,
      body: () => ({ email: MEMBER }),
    });
    expectLimitedAtLast(perAddress);
  });
});

describe('TRUST_PROXY honoured', () => {
  const apps: TestApp[] = [];
  const appWith = async (config: Partial<AppConfig>) => {
    const t = await createTestApp({ config });
    apps.push(t);
    return t;
  };
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  const validate = (i: number) => ({ document_number: String(50_000_000 + i) });

  it('a listed proxy: each forwarded client counts apart; another peer counts as itself', async () => {
    const t = await appWith({ TRUST_PROXY: ['10.9.0.0/24'] });
    const viaProxy = await burst(t, {
      url: '/api/v5/validate/',
      socket: '10.9.0.5',
      count: 40,
      body: validate,
    });
    expect(viaProxy.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));

    const direct = await burst(t, {
      url: '/api/v5/validate/',
      socket: '10.8.0.5',
      count: 31,
      body: validate,
    });
    expectLimitedAtLast(direct);
  });

  it('a hop count: the address the proxy appended counts, not what the client wrote before it', async () => {
    const t = await appWith({ TRUST_PROXY: 1 });
    const spoofed = await burst(t, {
      url: '/api/v5/validate/',
      socket: '10.9.1.1',
      count: 31,
      body: validate,
      xff: () => `${rotatingXff()}, 203.0.113.7`,
    });
    expectLimitedAtLast(spoofed);

    const others = await burst(t, {
      url: '/api/v5/validate/',
      socket: '10.9.1.1',
      count: 40,
      body: validate,
    });
    expect(others.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
  });
});
