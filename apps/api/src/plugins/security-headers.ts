import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer. The storefront's CSP allows its own scripts only, images from any
 * https host (tenants' logos), and the captcha and the Google, Facebook and Apple sign-in providers.
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
});
