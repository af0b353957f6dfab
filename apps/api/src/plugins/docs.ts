import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/docs/openapi.json and a reference page at /api/docs, from the zod schemas. */
export const docsPlugin = fp(async function docs(fastify: FastifyInstance) {
  await fastify.register(swagger, {
    openapi: {
      info: {
        title: 'Storefront API',
        description:
          'White-label loyalty and ordering storefront. Tenant by Host or API-KEY; auth header `Authorization: Token <token>`.',
        version: '1.0.0',
      },
      // Every operation's tag, defined once here (client generators group operations by them); every
      // operation also has an operationId (plugins/docs.test.ts fails on one without).
      tags: [
        { name: 'apps', description: 'The app (tenant) record and its landing and content' },
        { name: 'accounts', description: 'Sign-in, registration, profile, password and account deletion' },
        { name: 'catalogue', description: 'Areas, places, categories, products and pickup schedules' },
        { name: 'cart', description: "The member's saved cart per place" },
        { name: 'checkout', description: 'Delivery fares and discount codes at checkout' },
        { name: 'orders', description: 'Orders and subscriptions of the member' },
        { name: 'addresses', description: "The member's saved delivery addresses" },
        {
          name: 'push',
          description: "Web push: the server's key and the member's devices that get notifications",
        },
        {
          name: 'payments',
          description:
            "Online payments: a place's payment settings, a payment's next step and the providers' events",
        },
        {
          name: 'programs',
          description: 'Benefit programs: memberships, promotions, raffles, polls, gift cards',
        },
        { name: 'events', description: "Companies' events" },
        {
          name: 'retail',
          description: 'Retail staff tools: customers, redemptions, stamps, points, the order board',
        },
        { name: 'media', description: 'Uploaded images, as WebP files in several widths' },
        {
          name: 'admin',
          description:
            'The admin site (back office): sign-in, the companies of the caller, and per company its catalogue, stock, and audit log',
        },
        { name: 'health', description: 'Readiness of the server' },
        { name: 'development', description: 'Development only: the mailbox of mails not sent' },
      ],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          apiKey: { type: 'apiKey', in: 'header', name: 'API-KEY' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  fastify.get('/api/docs/openapi.json', { schema: { hide: true } }, () => fastify.swagger());
});
