import { once } from 'node:events';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { countHit, peekHits, pruneHits } from './rate-limit.repository.ts';

/** The longest window a limit may have: counters older than this are pruned from PostgreSQL. */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const REDIS_CONNECT_TIMEOUT_MS = 2000;

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A @fastify/rate-limit store in PostgreSQL, so that every API process shares the counters (architecture §1). */
function postgresStore(db: Database) {
  const answer = (
    pending: Promise<{ count: number; windowStart: number }>,
    timeWindow: number,
    now: number,
    callback: StoreCallback,
  ) =>
    pending.then(
      ({ count, windowStart }) => callback(null, { current: count, ttl: windowStart + timeWindow - now }),
      (error: Error) => callback(error),
    );
  return class PostgresStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      answer(countHit(db, key, timeWindow, now), timeWindow, now, callback);
    }
    read(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      answer(peekHits(db, key, timeWindow, now), timeWindow, now, callback);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Redis while it answers, PostgreSQL while it does not: a Redis outage must neither fail the limited
 * requests (sign-in, registration) nor lift their limits, nor make them wait for reconnections. The
 * counts restart in the other store.
 */
function redisOrPostgresStore(client: Redis, db: Database) {
  const Postgres = postgresStore(db);
  return class RedisOrPostgresStore implements FastifyRateLimitStore {
    private readonly redis = new RedisStore(false, false, client, 'rate-limit:');
    private readonly postgres = new Postgres();
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.count('incr', key, callback, timeWindow, max);
    }
    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.count('read', key, callback, timeWindow, max);
    }
    /** Asks Redis when it is connected, PostgreSQL when it is not or when Redis fails the call. */
    private count(
      operation: 'incr' | 'read',
      key: string,
      callback: StoreCallback,
      timeWindow: number,
      max: number,
    ): void {
      const inPostgres = () => this.postgres[operation](key, callback, timeWindow);
      if (client.status !== 'ready') inPostgres();
      else {
        this.redis[operation](
          key,
          (error, result) => (error ? inPostgres() : callback(null, result)),
          timeWindow,
          max,
        );
      }
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Counters live in Redis when REDIS_URL is set (PostgreSQL while Redis is down), else in PostgreSQL;
 * either way every API process shares them (architecture §1). Limits apply only where a route asks for
 * them (limitBy, failureLimit).
 */
export const rateLimitPlugin = fp(async function rateLimiting(fastify: FastifyInstance) {
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
    await fastify.register(rateLimit, { global: false, store: redisOrPostgresStore(redis, fastify.db) });
  } else {
    await fastify.register(rateLimit, { global: false, store: postgresStore(fastify.db) });
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

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

// Keys are scoped to the tenant, so that one app's traffic never locks out another's members.
function limiters(fastify: FastifyInstance, limits: Limit[]) {
  for (const limit of limits)
    if (limit.windowMs > MAX_WINDOW_MS) throw new Error(`rate limit ${limit.name}: window over a day`);
  return limits.map((limit) => ({
    limit,
    check: fastify.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${limit.name}:${request.tenant?.uid ?? '-'}:${limit.keyOf(request) ?? ''}`,
    }) as Limiter,
  }));
}

function refuse(reply: { header(name: string, value: number): unknown }, ttlInSeconds: number): never {
  reply.header('retry-after', ttlInSeconds);
  throw new AppError('RATE_LIMITED');
}

/** A preHandler that counts every request against each limit and answers 429 once one is exceeded. */
export function limitBy(fastify: FastifyInstance, ...limits: Limit[]): preHandlerAsyncHookHandler {
  const all = limiters(fastify, limits);
  return async (request, reply) => {
    for (const { limit, check } of all) {
      if (limit.keyOf(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds);
    }
  };
}

/**
 * Limits that count failures only (wrong passwords): `guard` answers 429 once a limit has been
 * reached, `fail` counts one failure. Members who sign in successfully are never slowed down.
 */
export function failureLimit(fastify: FastifyInstance, ...limits: Limit[]) {
  const all = limiters(fastify, limits);
  return {
    guard: (async (request, reply) => {
      for (const { limit, check } of all) {
        if (limit.keyOf(request) === null) continue;
        const result = await check(request, { increment: false });
        if (!result.isAllowed && result.remaining === 0) refuse(reply, result.ttlInSeconds);
      }
    }) as preHandlerAsyncHookHandler,
    async fail(request: FastifyRequest): Promise<void> {
      for (const { limit, check } of all) if (limit.keyOf(request) !== null) await check(request);
    },
  };
}
