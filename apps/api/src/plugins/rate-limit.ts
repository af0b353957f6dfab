import { once } from 'node:events';
import { AppError, type ErrorCode } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { countHit, pruneHits, uncountHit } from './rate-limit.repository.ts';

/** The longest window a limit may have: counters older than this are pruned from PostgreSQL. */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const REDIS_CONNECT_TIMEOUT_MS = 2000;
const REDIS_PREFIX = 'rate-limit:';

/** One hit counted in a key's fixed window. */
export interface Hit {
  /** The key's count in its window, this hit included. */
  count: number;
  /** How long the window still runs. */
  ttlMs: number;
  /** Takes this hit back out of its window; nothing once that window is over. */
  giveBack(): Promise<void>;
}

/** Where the rate-limit counters live, shared by every API process (architecture §1). */
export interface RateCounters {
  /** Counts one hit and answers the count with it, atomically: parallel hits each get their own number. */
  hit(key: string, windowMs: number): Promise<Hit>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateCounters: RateCounters;
  }
}

function postgresCounters(db: Database): RateCounters {
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const { count, windowStart } = await countHit(db, key, windowMs, now);
      return { count, ttlMs: windowStart + windowMs - now, giveBack: () => uncountHit(db, key, windowStart) };
    },
  };
}

// One INCR, and the window's expiry on its first hit (or on a key somehow left without one).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
// A key's time left only shrinks: more than the hit saw is a later window, which keeps its count.
const GIVE_BACK_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 and ttl <= tonumber(ARGV[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`;

function redisCounters(client: Redis): RateCounters {
  return {
    async hit(key, windowMs) {
      const redisKey = REDIS_PREFIX + key;
      const [count, ttlMs] = (await client.eval(HIT_SCRIPT, 1, redisKey, windowMs)) as [number, number];
      return {
        count,
        ttlMs,
        // Redis down: the hit stays counted rather than the answer waiting for a reconnection.
        giveBack: async () => {
          if (client.status === 'ready') await client.eval(GIVE_BACK_SCRIPT, 1, redisKey, ttlMs);
        },
      };
    },
  };
}

/**
 * Redis while it answers, PostgreSQL while it does not: a Redis outage must neither fail the limited
 * requests (sign-in, registration) nor lift their limits, nor make them wait for reconnections. The
 * counts restart in the other store.
 */
function redisOrPostgresCounters(client: Redis, postgres: RateCounters): RateCounters {
  const redis = redisCounters(client);
  return {
    hit: (key, windowMs) =>
      client.status === 'ready'
        ? redis.hit(key, windowMs).catch(() => postgres.hit(key, windowMs))
        : postgres.hit(key, windowMs),
  };
}

/**
 * Counters live in Redis when REDIS_URL is set (PostgreSQL while Redis is down), else in PostgreSQL;
 * either way every API process shares them (architecture §1). Limits apply only where a route asks for
 * them (limitBy, failureLimit).
 */
export const rateLimitPlugin = fp(async function rateLimiting(fastify: FastifyInstance) {
  const postgres = postgresCounters(fastify.db);
  const redisUrl = fastify.config.REDIS_URL;
  if (redisUrl) {
    // Loaded only when configured (20 MB of memory otherwise unused). A Redis outage fails the calls to
    // it quickly (then PostgreSQL counts) instead of queueing them.
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: REDIS_CONNECT_TIMEOUT_MS });
    redis.on('error', (error) => fastify.log.warn({ err: error }, 'rate-limit redis'));
    // The process's first requests count in Redis too, as every other process's do: it starts once Redis
    // is connected, refuses the connection, or has not answered within the connect timeout.
    if (redis.status !== 'ready')
      await once(redis, 'ready', { signal: AbortSignal.timeout(REDIS_CONNECT_TIMEOUT_MS) }).catch(() => {});
    fastify.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    fastify.decorate('rateCounters', redisOrPostgresCounters(redis, postgres));
  } else {
    fastify.decorate('rateCounters', postgres);
  }
  // Old windows in PostgreSQL are deleted now and then (Redis expires its keys by itself). Closing the
  // app stops the timer and waits for a running pass, so that the database is never closed under it.
  let pruning: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    pruning = pruneHits(fastify.db, Date.now() - MAX_WINDOW_MS).catch((error) =>
      fastify.log.warn({ err: error }, 'pruning rate-limit counters failed'),
    );
  }, PRUNE_EVERY_MS);
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    await pruning;
  });
});

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** What is counted (an IP, an account); null skips the limit for this request. */
  keyOf: (request: FastifyRequest) => string | null;
}

/** A limit counted per client address (the one TRUST_PROXY lets Fastify believe). */
export const byIp = (name: string, max: number, windowMs: number): Limit => ({
  name: `${name}:ip`,
  max,
  windowMs,
  keyOf: (request) => request.ip,
});

/**
 * The first of these body fields that is a non-empty string, trimmed and lower-cased, so that every
 * spelling of one address counts together; null (no limit) when the body has none.
 */
export function bodyKey(request: FastifyRequest, ...fields: string[]): string | null {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const value = fields.map((field) => body[field]).find((v) => typeof v === 'string' && v !== '');
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
}

function checkWindows(limits: Limit[]): void {
  for (const limit of limits)
    if (limit.windowMs > MAX_WINDOW_MS) throw new Error(`rate limit ${limit.name}: window over a day`);
}

/**
 * Counts the request against one limit, under a key scoped to the tenant so that one app's traffic
 * never locks out another's members; null when the limit does not apply to this request.
 */
function hitLimit(fastify: FastifyInstance, limit: Limit, request: FastifyRequest): Promise<Hit> | null {
  const client = limit.keyOf(request);
  if (client === null) return null;
  return fastify.rateCounters.hit(`${limit.name}:${request.tenant?.uid ?? '-'}:${client}`, limit.windowMs);
}

function refuse(reply: Pick<FastifyReply, 'header'>, hit: Hit): never {
  reply.header('retry-after', Math.ceil(hit.ttlMs / 1000));
  throw new AppError('RATE_LIMITED');
}

/** A preHandler that counts every request against each limit and answers 429 once one is exceeded. */
export function limitBy(fastify: FastifyInstance, ...limits: Limit[]): preHandlerAsyncHookHandler {
  checkWindows(limits);
  return async (request, reply) => {
    for (const limit of limits) {
      const hit = await hitLimit(fastify, limit, request);
      if (hit && hit.count > limit.max) refuse(reply, hit);
    }
  };
}

/**
 * Limits on failures (wrong passwords). `guard`, a preHandler, counts the attempt against each limit
 * before anything is checked, and refuses it (429) when one is then over: parallel attempts each get a
 * count of their own, so no more than the limit are checked, however many arrive at once. `attempt`
 * runs the check; its count stays only when it fails with the given code, so members who sign in are
 * never slowed down, and a refused attempt counts nothing. A limit also bounds the checks under way.
 */
export function failureLimit(fastify: FastifyInstance, ...limits: Limit[]) {
  checkWindows(limits);
  const counted = new WeakMap<FastifyRequest, Hit[]>();
  const giveBack = (request: FastifyRequest, hits: Hit[]) =>
    Promise.all(hits.map((hit) => hit.giveBack())).catch((error) =>
      request.log.warn({ err: error }, 'giving back a rate-limit count failed'),
    );
  return {
    guard: (async (request, reply) => {
      const hits: Hit[] = [];
      for (const limit of limits) {
        const hit = await hitLimit(fastify, limit, request);
        if (!hit) continue;
        hits.push(hit);
        if (hit.count > limit.max) {
          await giveBack(request, hits);
          refuse(reply, hit);
        }
      }
      counted.set(request, hits);
    }) as preHandlerAsyncHookHandler,
    async attempt<T>(request: FastifyRequest, failure: ErrorCode, check: () => Promise<T>): Promise<T> {
      let failed = false;
      try {
        return await check();
      } catch (error) {
        failed = error instanceof AppError && error.code === failure;
        throw error;
      } finally {
        if (!failed) await giveBack(request, counted.get(request) ?? []);
      }
    },
  };
}
