import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@storefront/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './error-handler.ts';

/** `admin.localhost` with any port (the Host header carries it), in any case. */
export function adminHostPattern(host: string): RegExp {
  return new RegExp(`^${host.replace(/[.]/g, '\\.')}(:\\d{1,5})?$`, 'i');
}

/** The built index.html, as is and precompressed (scripts/precompress.mjs writes .br and .gz beside it). */
function readIndex(distDir: string) {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return null;
  const variant = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null);
  return { html: readFileSync(file), br: variant('.br'), gzip: variant('.gz') };
}

/**
 * Serves the back office (apps/admin, architecture §9) on ADMIN_HOST: its hashed assets precompressed and
 * cached for ever, and index.html for every other page path, so the single-page app routes in the browser.
 * Every route here is constrained to that host; on any other host they do not exist and the storefront
 * answers as before. The API answers on this host too (the admin calls are tenantless).
 */
export const adminSitePlugin = fp(async function adminSite(
  fastify: FastifyInstance,
  options: { host: string; distDir: string },
) {
  const constraints = { host: adminHostPattern(options.host) };
  const index = readIndex(options.distDir);

  if (index) {
    await fastify.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      decorateReply: false,
      constraints,
      setHeaders(res, path) {
        const hashed = path.startsWith(join(options.distDir, 'assets'));
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    if (!index)
      return reply.status(503).type('text/plain').send('The admin site is not built: run `npm run build`.');
    reply.type('text/html; charset=utf-8');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (index.br && accepted.includes('br')) return reply.header('Content-Encoding', 'br').send(index.br);
    if (index.gzip && accepted.includes('gzip'))
      return reply.header('Content-Encoding', 'gzip').send(index.gzip);
    return reply.send(index.html);
  }

  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    constraints,
    schema: { hide: true },
    handler(request, reply) {
      const path = request.url.split('?')[0] ?? '/';
      // An unknown API call or a missing file is a 404, never the page.
      if (path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path))
        return reply.status(404).send(errorBody(new AppError('NOT_FOUND'), request.language));
      return sendIndex(request, reply);
    },
  });
});
