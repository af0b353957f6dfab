import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { AppError } from '@storefront/contracts/errors';
import { matchStorefrontRoute } from '@storefront/contracts/storefront-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildAppRecord } from '../modules/apps/apps.service.ts';
import { errorBody } from './error-handler.ts';
import { resolveTenant } from './tenant.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] as string);
// JSON inside <script type="application/json">: only "<" can end the element early.
const escapeJsonForHtml = (json: string) => json.replace(/</g, '\\u003c');

/**
 * Serves the built storefront for every tenant domain: hashed assets precompressed and cached for
 * ever, and index.html (never cached) with the tenant's app record inlined, which saves the boot call.
 */
export const storefrontPlugin = fp(async (fastify: FastifyInstance, options: { distDir: string }) => {
  const indexFile = join(options.distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (template) {
    await fastify.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(options.distDir, 'assets')}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  /**
   * index.html for a page path: 200 for a route of the storefront's table, 404 for any other path (or a
   * company the app does not offer), where the app still loads and shows its not-found page.
   */
  async function renderIndex(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-cache');
    if (!template) {
      return reply.status(503).type('text/plain').send('The storefront is not built: run `npm run build`.');
    }
    let html = template;
    const path = request.url.split('?')[0] ?? '/';
    const route = matchStorefrontRoute(path);
    if (!route) reply.status(404);
    const app = await resolveTenant(request).catch(() => null);
    if (app) {
      const record = await buildAppRecord(fastify.db, app, request.language);
      // /c/{companyUid}/… of a company the app does not offer shows the not-found page too.
      const companyUid = path.startsWith('/c/') ? route?.companyUid : undefined;
      if (companyUid && !record.allowed_companies.some((company) => company.uid === companyUid))
        reply.status(404);
      // Replacement functions: a replacement string would read `$'`, `` $` `` and `$&` in tenant text
      // as patterns and copy parts of the page into it.
      const title = `<title>${escapeHtml(record.name)}</title>`;
      const inlined =
        `<script type="application/json" id="app-record">${escapeJsonForHtml(JSON.stringify(record))}</script>` +
        (record.favicon ? `<link rel="icon" href="${escapeHtml(record.favicon)}">` : '');
      html = html.replace(/<title>.*?<\/title>/, () => title).replace('<!--app-record-->', () => inlined);
    }
    reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (accepted.includes('br')) return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html));
    if (accepted.includes('gzip')) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  }

  fastify.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return renderIndex(request, reply);
    return reply.status(404).send(errorBody(new AppError('NOT_FOUND'), request.language));
  });
});
