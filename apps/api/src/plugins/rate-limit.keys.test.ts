import { AppError } from '@storefront/contracts/errors';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAccountKey } from '../modules/accounts/accounts.service.ts';
import {
  bodyKey,
  byIp,
  failureLimit,
  type Limit,
  limitBy,
  MAX_WINDOW_MS,
  type RateCounters,
} from './rate-limit.ts';

// What each limit counts: the key it hands the counters (limit, tenant, client), written here by hand,
// when a request is refused, and what is given back. The counters themselves are rate-limit.test.ts's
// and password-bursts.test.ts's.

interface Call {
  operation: 'hit' | 'giveBack';
  key: string;
  windowMs: number;
}
const calls: Call[] = [];
const counts = new Map<string, number>();

/** In-memory counters that write down every key they count or give back; ttl is the whole window. */
const recording: RateCounters = {
  async hit(key, windowMs) {
    calls.push({ operation: 'hit', key, windowMs });
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return {
      count,
      ttlMs: windowMs,
      giveBack: async () => {
        calls.push({ operation: 'giveBack', key, windowMs });
        counts.set(key, (counts.get(key) ?? 0) - 1);
      },
    };
  },
};

let fastify: FastifyInstance;
beforeAll(() => {
  fastify = Fastify();
  fastify.decorate('rateCounters', recording);
});
afterAll(() => fastify.close());

const fresh = () => {
  calls.length = 0;
  counts.clear();
};

function request(shape: { tenant?: string; ip?: string; body?: unknown }): FastifyRequest {
  return {
    tenant: shape.tenant ? { uid: shape.tenant } : null,
    ip: shape.ip ?? '203.0.113.7',
    body: shape.body,
    routeOptions: { config: {} },
  } as unknown as FastifyRequest;
}

function reply() {
  const headers: Record<string, unknown> = {};
  return { headers, header: (name: string, value: unknown) => (headers[name] = value) };
}

/** Runs a preHandler; answers the error code it threw ('passed' when none) and the headers set. */
async function run(
  handler: ReturnType<typeof limitBy>,
  req: FastifyRequest,
): Promise<{ code: string; headers: Record<string, unknown> }> {
  const r = reply();
  try {
    await handler.call(fastify, req, r as unknown as FastifyReply);
    return { code: 'passed', headers: r.headers };
  } catch (error) {
    return { code: (error as { code: string }).code, headers: r.headers };
  }
}

const byEmail = (max: number): Limit => ({
  name: 'reset:email',
  max,
  windowMs: 60_000,
  keyOf: (req) => bodyKey(req, 'email'),
});

describe('limit keys', () => {
  it('name the limit, the tenant and the client, and count each limit once per request', async () => {
    fresh();
    const handler = limitBy(fastify, byIp('reset', 10, 15 * 60_000), byEmail(5));
    await run(handler, request({ tenant: 'demo', ip: '198.51.100.4', body: { email: ' Ana@Demo.PE ' } }));
    expect(calls).toEqual([
      { operation: 'hit', key: 'reset:ip:demo:198.51.100.4', windowMs: 900_000 },
      { operation: 'hit', key: 'reset:email:demo:ana@demo.pe', windowMs: 60_000 },
    ]);
  });

  it('count a request without a tenant under "-"', async () => {
    fresh();
    await run(limitBy(fastify, byIp('admin-login', 30, 60_000)), request({ ip: '10.0.0.1' }));
    expect(calls.map((call) => call.key)).toEqual(['admin-login:ip:-:10.0.0.1']);
  });

  it('skip a limit whose key is null, and still count the others', async () => {
    fresh();
    const handler = limitBy(fastify, byEmail(1), byIp('reset', 1, 60_000));
    for (let i = 0; i < 3; i++)
      expect((await run(handler, request({ tenant: 'demo', body: {} }))).code).toBe(
        i ? 'RATE_LIMITED' : 'passed',
      );
    expect(calls.map((call) => call.key)).toEqual([
      'reset:ip:demo:203.0.113.7',
      'reset:ip:demo:203.0.113.7',
      'reset:ip:demo:203.0.113.7',
    ]);
  });

  it('refuse a window over a day, and take one of a day', () => {
    expect(MAX_WINDOW_MS).toBe(86_400_000);
    const limit = (windowMs: number): Limit => ({ name: 'day', max: 1, windowMs, keyOf: () => 'k' });
    expect(() => limitBy(fastify, limit(86_400_001))).toThrow('rate limit day: window over a day');
    expect(() => failureLimit(fastify, limit(86_400_001))).toThrow('rate limit day: window over a day');
    expect(() => limitBy(fastify, limit(86_400_000))).not.toThrow();
  });
});

describe('limitBy', () => {
  it('lets max requests through and refuses the next with RATE_LIMITED and Retry-After in seconds', async () => {
    fresh();
    const handler = limitBy(fastify, { name: 'validate', max: 2, windowMs: 1500, keyOf: () => '44556677' });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await run(handler, request({ tenant: 'demo' })));
    expect(answers.map((answer) => answer.code)).toEqual([
      'passed',
      'passed',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    expect(answers[1]?.headers).toEqual({});
    expect(answers[2]?.headers).toEqual({ 'retry-after': 2 });
  });

  it('counts each tenant apart', async () => {
    fresh();
    const handler = limitBy(fastify, byIp('register', 1, 60_000));
    expect((await run(handler, request({ tenant: 'a' }))).code).toBe('passed');
    expect((await run(handler, request({ tenant: 'b' }))).code).toBe('passed');
    expect((await run(handler, request({ tenant: 'a' }))).code).toBe('RATE_LIMITED');
  });
});

describe('failureLimit', () => {
  const wrong = () => Promise.reject(new AppError('INVALID_CREDENTIALS'));

  it('guard counts first; an attempt keeps its count only when it fails with the failure code', async () => {
    fresh();
    const { guard, attempt } = failureLimit(fastify, byIp('login', 2, 60_000));
    const req = request({ tenant: 'demo', ip: '10.1.0.2' });
    const key = 'login:ip:demo:10.1.0.2';
    expect((await run(guard, req)).code).toBe('passed');
    expect(await attempt(req, 'INVALID_CREDENTIALS', async () => 'token')).toBe('token');
    expect((await run(guard, req)).code).toBe('passed');
    await expect(
      attempt(req, 'INVALID_CREDENTIALS', () => Promise.reject(new AppError('VALIDATION'))),
    ).rejects.toThrow('VALIDATION');
    expect(counts.get(key)).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect((await run(guard, req)).code).toBe('passed');
      await expect(attempt(req, 'INVALID_CREDENTIALS', wrong)).rejects.toThrow('INVALID_CREDENTIALS');
    }
    const refused = await run(guard, req);
    expect(refused).toEqual({ code: 'RATE_LIMITED', headers: { 'retry-after': 60 } });
    expect(counts.get(key)).toBe(2);
    expect(calls.map((call) => call.operation)).toEqual([
      'hit',
      'giveBack',
      'hit',
      'giveBack',
      'hit',
      'hit',
      'hit',
      'giveBack',
    ]);
    expect(new Set(calls.map((call) => call.key))).toEqual(new Set([key]));
  });

  it('a refused attempt gives back what it counted under every limit', async () => {
    fresh();
    const account: Limit = { name: 'login:account', max: 1, windowMs: 60_000, keyOf: () => 'ana@demo.pe' };
    const { guard, attempt } = failureLimit(fastify, byIp('login', 5, 60_000), account);
    const req = request({ tenant: 'demo', ip: '10.1.0.3' });
    expect((await run(guard, req)).code).toBe('passed');
    await expect(attempt(req, 'INVALID_CREDENTIALS', wrong)).rejects.toThrow('INVALID_CREDENTIALS');
    expect((await run(guard, req)).code).toBe('RATE_LIMITED');
    expect(Object.fromEntries(counts)).toEqual({
      'login:ip:demo:10.1.0.3': 1,
      'login:account:demo:ana@demo.pe': 1,
    });
  });

  it('neither guards nor counts a limit whose key is null', async () => {
    fresh();
    const { guard, attempt } = failureLimit(fastify, byEmail(1), byIp('login', 5, 60_000));
    const req = request({ tenant: 'demo', body: { email: '' } });
    for (let i = 0; i < 2; i++) {
      expect((await run(guard, req)).code).toBe('passed');
      await expect(attempt(req, 'INVALID_CREDENTIALS', wrong)).rejects.toThrow('INVALID_CREDENTIALS');
    }
    expect(calls.map((call) => `${call.operation} ${call.key}`)).toEqual([
      'hit login:ip:demo:203.0.113.7',
      'hit login:ip:demo:203.0.113.7',
    ]);
  });
});

describe('bodyKey', () => {
  it('is the first non-empty string field, trimmed and lower-cased', () => {
    const key = (body: unknown, ...fields: string[]) => bodyKey(request({ body }), ...fields);
    expect(key({ email: '  Ana@Demo.PE\t' }, 'email')).toBe('ana@demo.pe');
    expect(key({ email: '', username: 'Ana' }, 'email', 'username')).toBe('ana');
    expect(key({ email: 42, username: 'Bob' }, 'email', 'username')).toBe('bob');
    expect(key({ email: 'a@b.pe', username: 'Bob' }, 'email', 'username')).toBe('a@b.pe');
    expect(key({ email: 42 }, 'email')).toBeNull();
    expect(key({ email: '' }, 'email')).toBeNull();
    expect(key({}, 'email')).toBeNull();
    expect(key(undefined, 'email')).toBeNull();
    expect(key(null, 'email')).toBeNull();
  });
});

describe('loginAccountKey', () => {
  it('writes the account as its look-up reads it', () => {
    expect(loginAccountKey({ email: ' Tienda@Demo.PE ' })).toBe('tienda@demo.pe');
    expect(loginAccountKey({ mobile_number: '987 654-321' })).toBe('+51987654321');
    expect(loginAccountKey({ mobile_number: '(987) 654 321' })).toBe('+51987654321');
    expect(loginAccountKey({ mobile_number: '+1 (555) 010-9999' })).toBe('+15550109999');
    expect(loginAccountKey({ document_number: ' 44556677\t' })).toBe('NATIONAL_ID:44556677');
    expect(loginAccountKey({ document_type: 'PASSPORT', document_number: ' ab123 ' })).toBe('PASSPORT:AB123');
    expect(loginAccountKey({})).toBeNull();
    expect(loginAccountKey({ email: '', mobile_number: '', document_number: '' })).toBeNull();
  });

  it('takes the e-mail before the mobile and the mobile before the document', () => {
    expect(loginAccountKey({ email: 'a@b.pe', mobile_number: '987654321', document_number: '1' })).toBe(
      'a@b.pe',
    );
    expect(loginAccountKey({ mobile_number: '987654321', document_number: '1' })).toBe('+51987654321');
  });
});
