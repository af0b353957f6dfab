import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, createBrotliCompress, createGzip, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { App } from '@storefront/contracts/app';
import { AppError } from '@storefront/contracts/errors';
import { matchStorefrontRoute } from '@storefront/contracts/storefront-routes';
import type { WeeklyHours } from '@storefront/contracts/tenant-file-catalogue';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { adminSiteUrl, publicOrigin } from '../lib/public-origin.ts';
import type { TenantApp } from '../modules/apps/apps.repository.ts';
import { buildAppRecord } from '../modules/apps/apps.service.ts';
import { themeColor } from '../modules/apps/web-manifest.ts';
import { weeklyOpeningHours } from '../modules/catalogue/catalogue.service.ts';
import { errorBody } from './error-handler.ts';
import { resolveTenant } from './tenant.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] as string);
// JSON inside <script type="application/json">: only "<" can end the element early.
const escapeJsonForHtml = (json: string) => json.replace(/</g, '\\u003c');

/** The storefront's server renderer (apps/web/src/entry-server.tsx, built by `vite build --ssr`). */
interface Renderer {
  render(request: {
    url: string;
    origin: string;
    hostname: string;
    app: App;
    cookieHeader: string;
    api: typeof fetch;
    openingHours: (placeUids: string[]) => Promise<Record<string, WeeklyHours[]>>;
  }): Promise<
    | { redirect: string }
    | { status: number; lang: string; head: string; body: Readable; pageState: string; storage: unknown }
  >;
}

/** A page as rendered, kept for its tenant, address, mirrored keys and language (decision 015). */
interface RenderedPage {
  status: number;
  html: string;
  encoded: Map<string, Buffer>;
}

/** Bytes of rendered pages one process keeps, like the menu cache. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** The template around a rendered body: the built index.html cut where the head and the body go. */
function templateParts(template: string) {
  const withoutDefaults = template
    .replace(/<title>.*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  const htmlTag = /<html[^>]*>/.exec(withoutDefaults)?.[0] ?? '<html>';
  const [beforeLang, afterLang] = splitOnce(withoutDefaults, htmlTag);
  const [head, afterHead] = splitOnce(afterLang, '<!--app-record-->');
  const [middle, tail] = splitOnce(afterHead, '<div id="root"></div>');
  return { beforeLang, head, middle, tail };
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`storefront: index.html has no ${marker}`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * Serves the built storefront for every tenant domain: hashed assets precompressed and cached for ever,
 * and pages rendered on the server by React (decision 015), with the tenant's app record inlined. Without
 * the server bundle (or if a render fails) a page is index.html with the record, rendered in the browser.
 */
export const storefrontPlugin = fp(async function storefront(
  fastify: FastifyInstance,
  options: { distDir: string },
) {
  const indexFile = join(options.distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const parts = template ? templateParts(template) : null;
  const rendererFile = resolve(options.distDir, '../dist-ssr/entry-server.js');
  const renderer: Renderer | null =
    template && existsSync(rendererFile) ? await import(pathToFileURL(rendererFile).href) : null;
  const seconds = fastify.menuCache.seconds;
  const pages = new LRUCache<string, RenderedPage>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: (page) => page.html.length || 1,
    ttl: Math.max(seconds, 0) * 1000 || 1,
  });
  /** Renders under way by page key: a burst of visitors to a page not kept yet waits for one render. */
  const rendering = new Map<string, Promise<RenderedPage | null>>();

  if (template) {
    await fastify.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(options.distDir, 'assets')}`);
        // The service worker is asked anew on each visit, so that a new build's reaches the browser.
        const worker = path === join(options.distDir, 'sw.js');
        res.header(
          'Cache-Control',
          hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }

  /**
   * The API in-process for the renderer: the same routes and services, without a socket. A page is kept
   * for the next visitors only when every answer it was built from is public (`publicCache`): a one-time
   * link's check, for one, must be asked again (a used deletion link is expired on the next visit).
   */
  const apiFor =
    (request: FastifyRequest, onPrivateAnswer: () => void): typeof fetch =>
    async (input, init) => {
      const headers = { ...(init?.headers as Record<string, string>), host: request.headers.host ?? '' };
      const answer = await fastify.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: String(input),
        headers,
        payload: init?.body as string | undefined,
        remoteAddress: request.ip,
      });
      // Stryker disable next-line StringLiteral: any default that is not "public..." makes the page private alike.
      if (!String(answer.headers['cache-control'] ?? '').startsWith('public')) onPrivateAnswer();
      return new Response(answer.statusCode === 204 ? null : answer.payload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  function encodingOf(request: FastifyRequest): 'br' | 'gzip' | null {
    // Stryker disable next-line StringLiteral: any default naming neither br nor gzip asks for no encoding alike.
    const accepted = request.headers['accept-encoding'] ?? '';
    if (accepted.includes('br')) return 'br';
    if (accepted.includes('gzip')) return 'gzip';
    return null;
  }

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
    const encoding = encodingOf(request);
    reply.status(page.status).type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page.html);
    let body = page.encoded.get(encoding);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(page.html, brotliFast) : gzipSync(page.html);
      page.encoded.set(encoding, body);
    }
    return reply.header('Content-Encoding', encoding).send(body);
  }

  async function renderIndex(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie');
    if (!template || !parts) {
      return reply.status(503).type('text/plain').send('The storefront is not built: run `npm run build`.');
    }
    const app = await resolveTenant(request).catch(() => null);
    const adminUrl = adminSiteUrl(request);
    // Without its origin (a tenant found by its API key only), the page renders in the browser.
    const origin = app ? originOf(request, app) : null;
    const cookieHeader = pageCookies(request.headers.cookie);
    const key = [
      app?.uid,
      fastify.menuCache.version(app?.uid),
      request.language,
      // The page links to its origin (canonical, og:url) and the admin site, and knows the browser's host name.
      origin,
      adminUrl,
      request.hostname,
      request.url,
      // Only the cookies a page reads shape it; others (analytics) are not part of the key.
      cookieHeader,
    ].join(' ');
    // A kept page answers before anything is read: the app record is in it. (Only a render with the
    // cache on and an origin keeps a page, below.)
    const kept = pages.get(key);
    if (kept) {
      fastify.keptAnswers.keep(request, reply, app?.uid);
      return sendPage(request, reply, kept);
    }

    const record = app
      ? await fastify.menuCache.read(app.uid, `app ${request.language} ${adminUrl}`, () =>
          buildAppRecord(fastify.db, app, request.language, adminUrl),
        )
      : null;
    // The shop installs as an app (issue 30): its manifest, and its colour for the browser's bar.
    const recordTags = record
      ? `<script type="application/json" id="app-record">${escapeJsonForHtml(JSON.stringify(record))}</script>` +
        (record.favicon ? `<link rel="icon" href="${escapeHtml(record.favicon)}">` : '') +
        `<link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="${escapeHtml(themeColor(record))}">`
      : '';
    const browserStatus = browserPageStatus(request.url, record);
    if (!app || !record || !renderer || !origin) {
      const title = `<title>${escapeHtml(record?.name ?? 'Tienda')}</title>`;
      return sendPage(request, reply, {
        status: browserStatus,
        html: `${parts.beforeLang}<html lang="${request.language}">${parts.head}${title}${recordTags}${parts.middle}<div id="root"></div>${parts.tail}`,
        encoded: new Map(),
      });
    }

    const underway = rendering.get(key);
    const shared = underway && (await underway);
    if (shared) {
      fastify.keptAnswers.keep(request, reply, app.uid);
      return sendPage(request, reply, shared);
    }

    // This render is the one others wait for, unless another began meanwhile; `settle` runs on every way out.
    let settle: (page: RenderedPage | null) => void = () => {};
    if (seconds > 0 && !rendering.has(key)) {
      rendering.set(
        key,
        new Promise((resolve) => {
          settle = (page) => {
            rendering.delete(key);
            resolve(page);
          };
        }),
      );
    }
    let keepable = seconds > 0;
    let rendered: Awaited<ReturnType<Renderer['render']>>;
    try {
      rendered = await renderer.render({
        url: request.url,
        origin,
        hostname: request.hostname,
        app: record,
        cookieHeader,
        api: apiFor(request, () => {
          keepable = false;
        }),
        // For the places' JSON-LD: the catalogue keeps them, the public place calls do not carry them.
        // Kept like the places (an admin's change to a place drops them).
        openingHours: (placeUids) =>
          fastify.menuCache.read(app.uid, `opening hours ${request.language} ${placeUids.join(',')}`, () =>
            weeklyOpeningHours({ app, language: request.language, db: fastify.db }, placeUids),
          ),
      });
    } catch (error) {
      settle(null);
      request.log.error({ err: error }, 'storefront render failed; the page renders in the browser');
      return sendPage(request, reply, {
        status: browserStatus,
        html: `${parts.beforeLang}<html lang="${request.language}">${parts.head}${recordTags}${parts.middle}<div id="root"></div>${parts.tail}`,
        encoded: new Map(),
      });
    }
    // The redirect carries a link too, for clients that do not follow it (a health check reading /).
    if ('redirect' in rendered) {
      settle(null);
      const target = escapeHtml(rendered.redirect);
      return reply
        .code(302)
        .header('location', rendered.redirect)
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><title>${target}</title><a href="${target}">${target}</a>`);
    }

    // Streamed to the visitor as React renders, and kept whole for the next visitors.
    const { status, lang, head, body, pageState } = rendered;
    const before = `${parts.beforeLang}<html lang="${lang}">${parts.head}${head}${recordTags}${parts.middle}<div id="root">`;
    const after = `</div>${pageState}${parts.tail}`;
    const chunks: string[] = [before];
    const out = new PassThrough();
    out.write(before);
    body.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString());
      out.write(chunk);
    });
    body.once('end', () => {
      chunks.push(after);
      out.end(after);
      const page: RenderedPage | null = keepable
        ? { status, html: chunks.join(''), encoded: new Map() }
        : null;
      if (page) pages.set(key, page);
      settle(page);
    });
    body.once('error', (error) => {
      settle(null);
      out.destroy(error);
    });

    // The front door keeps it too, as it went out, unless the render read a private answer: otherwise a
    // page rendered when the page cache had let it go would never reach the front door (a refresh every
    // other second, and all visitors of the moment through Fastify once its kept answer expired).
    fastify.keptAnswers.keep(request, reply, app.uid, () => keepable);
    const encoding = encodingOf(request);
    reply.status(status).type('text/html; charset=utf-8');
    if (!encoding) return reply.send(out);
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({ ...brotliFast, flush: zlib.BROTLI_OPERATION_FLUSH })
        : createGzip({ flush: zlib.Z_SYNC_FLUSH });
    return reply.header('Content-Encoding', encoding).send(out.pipe(compressor));
  }

  fastify.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return renderIndex(request, reply);
    return reply.status(404).send(errorBody(new AppError('NOT_FOUND'), request.language));
  });
});

/**
 * The status of a page the browser renders (no server bundle, or a failed render): 200 for a route of
 * the storefront's table, 404 for any other path or a company the app does not offer.
 */
function browserPageStatus(url: string, record: App | null): number {
  const path = url.split('?')[0] ?? '/';
  const route = matchStorefrontRoute(path);
  if (!route) return 404;
  const companyUid = path.startsWith('/c/') ? route.companyUid : undefined;
  if (record && companyUid && !record.allowed_companies.some((company) => company.uid === companyUid))
    return 404;
  return 200;
}

/** The page's public origin, or null when the tenant was not found by a domain of its own. */
function originOf(request: FastifyRequest, app: TenantApp): string | null {
  try {
    return publicOrigin(request, app);
  } catch {
    return null;
  }
}

/** Brotli at a middle quality: a page is compressed per render (or once per kept page), not at build time. */
const brotliFast = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/** The cookies a page reads: the mirrored keys, and the visit cookie (whether the banner shows). */
const PAGE_COOKIES = new Set([
  'lang',
  'selectedAreaUid',
  'selectedPlaceUid',
  'selectedCompanyUid',
  'sectionSearchProduct',
  'cookie_ga',
  'cookie_guid',
  '_guid',
]);

/**
 * The request's cookies as a page reads them, parsed once: each cookie a page reads, named once (the
 * first, as the `cookie` package reads duplicates), its name and value trimmed, in name order; of the
 * visit cookie, only that it is there (its value would split the key by visitor). The page cache's key,
 * the front door's and the renderer all take this text, so that no spelling (`lang =en`) reaches a render
 * that the key did not read, which would be kept for every visitor of the key.
 */
export function pageCookies(header: string | undefined): string {
  const found = new Map<string, string>();
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    if (at < 0 || found.has(name) || !PAGE_COOKIES.has(name)) continue;
    found.set(name, name === '_guid' ? 'set' : part.slice(at + 1).trim());
  }
  return [...found.keys()]
    .sort()
    .map((name) => `${name}=${found.get(name)}`)
    .join('; ');
}
