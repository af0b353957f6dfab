import { cartBodySchema, cartQuerySchema, cartSchema, reorderSchema } from '@storefront/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberContextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { getCart, reorder, saveCart } from './cart.service.ts';

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

  api.post('/v5/me/orders/:order_uid/reorder/', {
    schema: {
      operationId: 'reorder',
      tags,
      summary:
        "Fills the regular cart of the order's place with its lines that can still be sold; answers the cart and the lines left out with the reason",
      params: z.object({ order_uid: z.uuid() }),
      response: { 200: reorderSchema, ...errorResponses },
    },
    handler: async (request) => reorder(await memberContextOf(request), request.params.order_uid),
  });
};
