import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerFactory,
} from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { redactLinkSecret } from '../lib/log-redaction.ts';
import { matches } from './http-cache.ts';
import { pageCookies } from './storefront.ts';

declare module 'fastify' {
  interface FastifyInstance {
    keptAnswers: KeptAnswers;
  }
}

/** A visitor's answer as it went out: its headers and bytes, and what the request log says of it. */
interface KeptAnswer {
  /** Header names and values, flat, as `writeHead` takes them. */
  headers: string[];
  /** The same without the body's headers, for a 304. */
  notModifiedHeaders: string[];
  body: Buffer;
  etag: string | undefined;
  /** The app (tenant) it is an answer of: only that app's changes drop it. */
  app: string | undefined;
  /** The menu cache's count of changes when its request arrived: a change of its app since makes it a miss. */
  changes: number;
  /** When it stops being fresh (MENU_CACHE_SECONDS after its request arrived). */
  freshUntil: number;
  /** Since when one request, let through to Fastify, is refreshing it (the others get it meanwhile). */
  refreshingSince?: number;
  route: string | undefined;
  /**
   * The request log with what every line of this answer says bound (method, URL, route, tenant): pino
   * serialises bindings once, so a line costs only its status, time and address.
   */
  log: FastifyBaseLogger;
}

/** What the front door knows of a request it let through: the key its answer would be kept under. */
interface Arrival {
  key: string;
  /** The menu cache's count of changes at arrival, stamped before the tenant is known. */
  changes: number;
  arrived: number;
}

const ARRIVAL = Symbol('keptAnswerArrival');
type ArrivedRequest = IncomingMessage & { [ARRIVAL]?: Arrival };

/** Bytes of answers one process keeps at its front door, like the menu cache. */
const MAX_BYTES = 32 * 1024 * 1024;

/** Headers of the connection, not of the answer: Node writes them for each response. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);
const BODY_HEADERS = new Set(['content-type', 'content-encoding']);

export type KeptAnswers = ReturnType<typeof createKeptAnswers>;

/**
 * A visitor's public read (a menu page, a product, a server-rendered page) answered from the bytes it
 * went out as, before Fastify sees the request (issue 31): routing, the hooks (tenant, auth, helmet,
 * HTTP cache, compression) and the serialisation cost ten times what writing the bytes does, and a
 * promotion link shared to thousands of members makes them all ask the same few answers.
 *
 * An answer is kept only when its route says it may be (`keep`, called by the kept reads and the page
 * cache, which already hold it in memory for MENU_CACHE_SECONDS), for GET requests without a session,
 * under every request header that can shape it (host, API key, language, encoding, forwarding, the
 * mirrored cookies). It is dropped by the events that drop its app's menu cache (an order, a stock
 * change, an admin write, an import: the app's version moves past the answer's arrival), and by those
 * alone: another app's changes keep it. Past MENU_CACHE_SECONDS it goes out while one request computes
 * it again. Every answer still writes its request log line and its metrics.
 */
export function createKeptAnswers(seconds: number) {
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize: MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length || 1,
    // Fresh for `seconds`, then served for as long again while one request refreshes it.
    ttl: seconds * 2000 || 1,
  });
  let server: FastifyInstance | null = null;
  let open = seconds > 0;

  /**
   * Whether a kept answer of the current version goes out: while fresh; past that, to everyone but the
   * one request let through to compute it again (stale-while-revalidate), so that its expiry never makes
   * every visitor of the moment wait for a render. A refresh that brought nothing back within `seconds`
   * lets another request through.
   */
  function servable(kept: KeptAnswer, now: number): boolean {
    if (now < kept.freshUntil) return true;
    if (kept.refreshingSince !== undefined && now - kept.refreshingSince < seconds * 1000) return true;
    kept.refreshingSince = now;
    return false;
  }

  /** Writes a kept answer, or answers false when the request must go to Fastify. */
  function answerKept(req: IncomingMessage, res: ServerResponse, started: number): boolean {
    if (!server || req.method !== 'GET' || req.headers.authorization !== undefined) return false;
    const key = keyOf(req);
    const { menuCache } = server;
    const kept = answers.get(key);
    if (!kept || menuCache.version(kept.app) > kept.changes || !servable(kept, started)) {
      (req as ArrivedRequest)[ARRIVAL] = { key, changes: menuCache.changes(), arrived: started };
      return false;
    }
    const notModified = kept.etag !== undefined && matches(req.headers['if-none-match'], kept.etag);
    if (notModified) res.writeHead(304, kept.notModifiedHeaders).end();
    else res.writeHead(200, kept.headers).end(kept.body);
    const status = notModified ? 304 : 200;
    const ms = Math.round((performance.now() - started) * 100) / 100;
    kept.log.info({ status, ms, ip: req.socket.remoteAddress }, 'request');
    server.countAnswer('GET', kept.route ?? 'unmatched', status, ms / 1000);
    return true;
  }

  return {
    /** Fastify's server: the front door, then Fastify's own handler. */
    serverFactory: ((handler, options) => {
      const http = createServer((req, res) => {
        const started = performance.now();
        if (!open || !answerKept(req, res, started)) handler(req, res);
      });
      // What Fastify sets on a server it makes itself, with its defaults.
      const timeouts = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      http.keepAliveTimeout = timeouts.keepAliveTimeout ?? 72_000;
      http.requestTimeout = timeouts.requestTimeout ?? 0;
      http.setTimeout(timeouts.connectionTimeout ?? 0);
      return http;
    }) as FastifyServerFactory,

    /**
     * This request's answer, an answer of `app`, may be kept for the next visitors with its headers: a
     * public read whose route keeps it in memory anyway. Only a 200 written whole is kept, and only if
     * `keepable`, asked once it is written, still says so (a page whose render read a private answer).
     */
    keep(request: FastifyRequest, reply: FastifyReply, app: string | undefined, keepable = () => true) {
      const arrival = (request.raw as ArrivedRequest)[ARRIVAL];
      if (arrival) capture(reply.raw, request, arrival, app, keepable);
    },

    attach(fastify: FastifyInstance) {
      server = fastify;
    },

    /** No answer from memory once the server closes: Fastify answers 503 to what still arrives. */
    close() {
      open = false;
      answers.clear();
    },
  };

  /** Records what Fastify writes for this request, and keeps it when it is a 200 written whole. */
  function capture(
    res: ServerResponse,
    request: FastifyRequest,
    arrival: Arrival,
    app: string | undefined,
    keepable: () => boolean,
  ) {
    const chunks: Buffer[] = [];
    let headArgument: OutgoingHttpHeaders | undefined;
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      const last = args[args.length - 1];
      if (last && typeof last === 'object' && !Array.isArray(last))
        headArgument = last as OutgoingHttpHeaders;
      return writeHead.apply(this, args);
    } as typeof writeHead;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      chunks.push(toBuffer(chunk, rest[0]));
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
        chunks.push(toBuffer(chunk, rest[0]));
      }
      const headers = { ...res.getHeaders(), ...headArgument };
      // A cookie set is the visitor's own. (An answer begun before a change of its app is kept under its
      // arrival's count, below that app's version from then on: never served.)
      if (res.statusCode === 200 && headers['set-cookie'] === undefined && keepable()) {
        const body = Buffer.concat(chunks);
        const lists = headerLists(headers);
        answers.set(arrival.key, {
          headers: [...lists.headers, 'content-length', String(body.length)],
          notModifiedHeaders: lists.notModifiedHeaders,
          body,
          etag: typeof headers.etag === 'string' ? headers.etag : undefined,
          app,
          changes: arrival.changes,
          freshUntil: arrival.arrived + seconds * 1000,
          route: request.routeOptions.url,
          log: request.server.log.child({
            method: 'GET',
            url: redactLinkSecret(request.url),
            route: request.routeOptions.url,
            tenant: request.tenant?.uid,
            kept: true,
          }),
        });
      }
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof end;
  }
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

function headerLists(headers: OutgoingHttpHeaders): Pick<KeptAnswer, 'headers' | 'notModifiedHeaders'> {
  const all: string[] = [];
  const notModified: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_HEADERS.has(lower)) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      all.push(lower, one);
      if (!BODY_HEADERS.has(lower)) notModified.push(lower, one);
    }
  }
  return { headers: all, notModifiedHeaders: notModified };
}

/** Every request header that can change a visitor's answer, with the address. */
function keyOf(req: IncomingMessage): string {
  const h = req.headers;
  return [
    h.host,
    h['api-key'],
    h['accept-language'],
    h['accept-encoding'],
    h['x-forwarded-host'],
    h['x-forwarded-proto'],
    h.forwarded,
    pageCookies(h.cookie),
    req.url,
  ].join('\n');
}

/** Registers the front door's link to this app: its menu cache's versions, its log and metrics. */
export const keptAnswersPlugin = fp(async function keptAnswersLink(fastify: FastifyInstance) {
  fastify.keptAnswers.attach(fastify);
  fastify.addHook('preClose', async () => fastify.keptAnswers.close());
});
