import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { countHit, peekHits } from './rate-limit.repository.ts';

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

export const rateLimitPlugin = fp(async (fastify: FastifyInstance) => {
  // Limits apply only where a route asks for them (limitBy, failureLimit).
  await fastify.register(rateLimit, { global: false, store: postgresStore(fastify.db) });
});

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** What is counted (an IP, an account); null skips the limit for this request. */
  keyOf: (request: FastifyRequest) => string | null;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

// Keys are scoped to the tenant, so that one app's traffic never locks out another's members.
function limiters(fastify: FastifyInstance, limits: Limit[]) {
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
