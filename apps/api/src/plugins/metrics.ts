import { timingSafeEqual } from 'node:crypto';
import { mailOutbox } from '@storefront/db/schema/accounts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopbackAddress } from '../lib/loopback.ts';

/** Answers that are business events: their route and status, and the counter they move. */
const BUSINESS_EVENTS = [
  { method: 'POST', route: '/api/v5/places/:place_uid/orders/', status: 201, name: 'orders_placed_total' },
  { method: 'POST', route: '/api/v5/retail/redemptions/', status: 201, name: 'retail_redemptions_total' },
  {
    method: 'POST',
    route: '/api/v5/redemption-by-user/',
    status: 201,
    name: 'member_redemptions_total',
  },
] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts an answer in the request metrics: its method, route, status and time in seconds. */
    countAnswer: (method: string, route: string, status: number, seconds: number) => void;
  }
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Prometheus metrics at GET /api/metrics (issue 19): requests and their latency per route and status,
 * the process (event-loop lag, memory: prom-client's defaults), the PostgreSQL pool, business events
 * and the mail outbox's depth. Only loopback callers, or callers presenting METRICS_TOKEN, may read it.
 * Each app has its own registry, so that the tests' many apps in one process do not collide.
 */
export const metricsPlugin = fp(async function metrics(
  fastify: FastifyInstance,
  options: { token?: string },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered requests',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const events = new Map(
    BUSINESS_EVENTS.map((event) => [
      `${event.method} ${event.route} ${event.status}`,
      new Counter({
        name: event.name,
        help: `Answers ${event.status} to ${event.method} ${event.route}`,
        registers: [registry],
      }),
    ]),
  );

  const pool = (fastify.db as unknown as { $client: Partial<PoolLike> }).$client;
  if (typeof pool.totalCount === 'number') {
    const poolGauge = (name: string, help: string, read: (pool: PoolLike) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool as PoolLike));
        },
      });
    poolGauge('db_pool_connections', 'Connections open to PostgreSQL', (p) => p.totalCount);
    poolGauge('db_pool_idle_connections', 'Open connections not in use', (p) => p.idleCount);
    poolGauge('db_pool_waiting_queries', 'Queries waiting for a connection', (p) => p.waitingCount);
  }
  new Gauge({
    name: 'mail_outbox_pending',
    help: 'Mails waiting in the outbox',
    registers: [registry],
    async collect() {
      const [row] = await fastify.db
        .select({ pending: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'PENDING'));
      this.set(row?.pending ?? 0);
    },
  });

  const countAnswer = (method: string, route: string, status: number, seconds: number) => {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    latency.observe(labels, seconds);
    events.get(`${method} ${route} ${status}`)?.inc();
  };
  // Answers written before Fastify sees the request (plugins/kept-answers.ts) count here too.
  fastify.decorate('countAnswer', countAnswer);
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    countAnswer(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  fastify.get(
    '/api/metrics',
    { schema: { hide: true }, config: { tenantless: true } },
    async (request, reply) => {
      if (!isLoopbackAddress(request.socket.remoteAddress) && !presentsToken(request, options.token)) {
        return reply
          .code(403)
          .send({ detail: 'Metrics are for loopback callers or holders of METRICS_TOKEN.' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
});

function presentsToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
