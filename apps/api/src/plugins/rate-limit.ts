import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { AppError } from '@storefront/contracts/errors';
import type { Database } from '@storefront/db/client';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { countHit } from './rate-limit.repository.ts';

/** A @fastify/rate-limit store in PostgreSQL, so that every API process shares the counters (architecture §1). */
function postgresStore(db: Database) {
  return class PostgresStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      countHit(db, key, timeWindow, now).then(
        ({ count, windowStart }) => callback(null, { current: count, ttl: windowStart + timeWindow - now }),
        (error: Error) => callback(error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export const rateLimitPlugin = fp(async (fastify: FastifyInstance) => {
  // Limits apply only where a route asks for them (see limitBy).
  await fastify.register(rateLimit, { global: false, store: postgresStore(fastify.db) });
});

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** What is counted (an IP, an account); null skips the limit for this request. */
  keyOf: (request: FastifyRequest) => string | null;
}

/**
 * A preHandler that counts the request against each limit and answers 429 once one is exceeded.
 * Keys are scoped to the tenant, so one app's traffic never locks out another's members.
 */
export function limitBy(fastify: FastifyInstance, ...limits: Limit[]): preHandlerAsyncHookHandler {
  const limiters = limits.map((limit) => ({
    limit,
    check: fastify.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${limit.name}:${request.tenant?.uid ?? '-'}:${limit.keyOf(request) ?? ''}`,
    }),
  }));
  return async (request, reply) => {
    for (const { limit, check } of limiters) {
      if (limit.keyOf(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('RATE_LIMITED');
      }
    }
  };
}
