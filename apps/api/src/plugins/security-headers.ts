import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Helmet's headers that only a page (or a worker's script) reads: a JSON answer goes without them. */
const PAGE_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A JSON answer opened as a page may load nothing and be framed by nobody. */
const JSON_CSP = "default-src 'none';frame-ancestors 'none'";

const JSON_TYPE = /^application\/([\w.-]+\+)?json/;

/**
 * Security headers on every answer. The storefront's CSP allows its own scripts only, images from any
 * https host (tenants' logos), and the captcha and the Google, Facebook and Apple sign-in providers.
 *
 * A JSON answer carries the short CSP above and none of the page-only headers (OWASP's REST security
 * headers): the page's policy means nothing to `fetch`, and its 1 KB of headers cost the front door's
 * kept answers a tenth of their time (issue 31). Pages, scripts (a service worker's policy is its
 * script's), styles and files keep the whole set.
 */
export const securityHeadersPlugin = fp(async function securityHeaders(
  fastify: FastifyInstance,
  options: { production: boolean },
) {
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Each provider's script loads only when a member presses its button (login page).
        scriptSrc: [
          "'self'",
          'https://www.google.com',
          'https://www.gstatic.com',
          'https://accounts.google.com',
          'https://connect.facebook.net',
          'https://appleid.cdn-apple.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The Facebook SDK asks www.facebook.com for the login status; the other providers answer in popups.
        connectSrc: ["'self'", 'https://www.facebook.com'],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // HSTS only where the site is served over TLS.
    strictTransportSecurity: options.production ? { maxAge: 31_536_000 } : false,
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && JSON_TYPE.test(type)) {
      for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
      reply.raw.setHeader('content-security-policy', JSON_CSP);
    }
    done(null, payload);
  });
});
