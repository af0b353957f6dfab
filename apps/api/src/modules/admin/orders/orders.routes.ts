import { adminCompanyParamsSchema } from '@storefront/contracts/admin';
import {
  adminOrderParamsSchema,
  adminOrderSchema,
  adminOrdersQuerySchema,
} from '@storefront/contracts/admin-orders';
import { pageSchema } from '@storefront/contracts/lists';
import { retailOrderPatchSchema } from '@storefront/contracts/retail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { paymentDeps, refundPayment } from '../../payments/payments.service.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { getOrder, listOrders, moveOrder } from './orders.service.ts';

const tags = ['admin'];
const config = { adminRole: 'manager' as const };

/** The company's orders: list, detail and the order board's status moves (owners and managers). */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/orders/', {
    config,
    schema: {
      operationId: 'adminListOrders',
      tags,
      summary:
        "The company's orders, newest first, each with the moves it may make now: filters place, status, type, date or since/until (days on the place's clock)",
      params: adminCompanyParamsSchema,
      querystring: adminOrdersQuerySchema,
      response: { 200: pageSchema(adminOrderSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await listOrders(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.get('/orders/:uid/', {
    config,
    schema: {
      operationId: 'adminGetOrder',
      tags,
      summary: 'One order of the company, with its status history',
      params: adminOrderParamsSchema,
      response: { 200: adminOrderSchema, ...errorResponses },
    },
    handler: (request) => getOrder(adminContextOf(request), request.params.uid),
  });

  api.patch('/orders/:uid/', {
    config,
    schema: {
      operationId: 'adminMoveOrder',
      tags,
      summary:
        'Moves the order as the order board does (ACCEPTED, SHIPPED, DELIVERED, CANCELED_BY_PLACE); cancelling a paid order refunds its card part through the provider',
      params: adminOrderParamsSchema,
      body: retailOrderPatchSchema,
      response: { 200: adminOrderSchema, ...errorResponses },
    },
    handler: async (request) => {
      const ctx = adminContextOf(request);
      const order = await moveOrder(ctx, request.params.uid, request.body.status);
      // A cancellation gives stock back: this process's menu pages of the place go at once.
      request.server.menuCache.placeChanged(ctx.company.appUid, order.place.uid);
      if (order.payment?.status !== 'REFUND_PENDING') return order;
      await refundPayment(paymentDeps(request), order.uid);
      return getOrder(ctx, order.uid);
    },
  });
};
