import type { FastifyRequest } from 'fastify';

/** Path segments after which a one-time link carries its ids, then its secret token, last (architecture §4). */
const LINK_SEGMENTS = new Set(['verification-email', 'reset_password', 'reset-password', 'delete']);

/**
 * The URL with the secret of a one-time link (verification, password reset, account deletion) replaced,
 * for the logs: whoever reads them must not be able to follow the link.
 */
export function redactLinkSecret(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  const marker = segments.findIndex((segment) => LINK_SEGMENTS.has(segment));
  const last = segments.length - (path.endsWith('/') ? 2 : 1);
  // The link's ids come first: with at most one segment after the marker there is no token.
  if (marker === -1 || last - marker < 2) return url;
  segments[last] = '[redacted]';
  return segments.join('/') + (queryAt === -1 ? '' : url.slice(queryAt));
}

/** Fastify's request log fields, with the URL's link secret redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactLinkSecret(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
