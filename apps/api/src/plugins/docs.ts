import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/docs/openapi.json and a reference page at /api/docs, from the zod schemas. */
export const docsPlugin = fp(async (fastify: FastifyInstance) => {
  await fastify.register(swagger, {
    openapi: {
      info: {
        title: 'Storefront API',
        description:
          'White-label loyalty and ordering storefront. Tenant by Host or API-KEY; auth header `Authorization: Token <token>`.',
        version: '1.0.0',
      },
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
