import { cartBodySchema, cartQuerySchema, cartSchema } from '@storefront/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberContextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { getCart, saveCart } from './cart.service.ts';

const tags = ['cart'];

export const cartRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v5/me/shopping-cart/', {
    schema: {
      operationId: 'getCart',
      tags,
      summary: "The member's saved cart of a place (type REGULAR by default, or SUBSCRIPTION)",
      querystring: cartQuerySchema,
      response: { 200: cartSchema, ...errorResponses },
    },
    handler: async (request) =>
      getCart(await memberContextOf(request), request.query.place_uid, request.query.type),
  });

  api.post('/v5/me/shopping-cart/', {
    schema: {
      operationId: 'saveCart',
      tags,
      summary: "Replaces the member's cart of a place; an empty products list removes it",
      body: cartBodySchema,
      response: { 200: cartSchema, ...errorResponses },
    },
    handler: async (request) => saveCart(await memberContextOf(request), request.body),
  });
};
