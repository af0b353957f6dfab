import { pageSchema } from '@storefront/contracts/lists';
import {
  cancelOrderBodySchema,
  cancelSubscriptionBodySchema,
  type Order,
  orderBodySchema,
  orderQuoteSchema,
  orderSchema,
  ordersQuerySchema,
  quoteBodySchema,
  subscriptionBodySchema,
  subscriptionSchema,
  subscriptionsQuerySchema,
} from '@storefront/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotentWrite, sendResult } from '../../lib/idempotency.ts';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { memberContextOf } from '../../lib/request-context.ts';
import { errorBodySchema, errorResponses } from '../../plugins/error-handler.ts';
import { chargeOrder, paymentAnswer, paymentDeps, refundPayment } from '../payments/payments.service.ts';
import { createOrder, createSubscription, prepareCheckout, quoteCheckout } from './checkout.service.ts';
import * as orders from './orders.service.ts';

const uidParam = z.string().min(1).max(64);

/**
 * At most ORDER_WRITERS orders of this process read and write at once; the others wait here, in
 * memory. Every order of a company queues on its counter row, and of a place on its stock rows,
 * anyway: more transactions waiting on them in PostgreSQL only hold pool connections and delay each
 * holder's commit (decision record 011).
 */
const ORDER_WRITERS = 4;
let writing = 0;
const waiting: (() => void)[] = [];
async function oneOfTheWriters<T>(write: () => Promise<T>): Promise<T> {
  if (writing >= ORDER_WRITERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else writing += 1;
  try {
    return await write();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else writing -= 1;
  }
}

const tags = ['orders'];
/** Idempotency-Key: the same key and body replays the first answer; another body answers 422. */
const writeErrors = { ...errorResponses, 406: errorBodySchema, 422: errorBodySchema };
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(255).optional() });

export const ordersRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post('/v5/places/:place_uid/orders/quote/', {
    schema: {
      operationId: 'quoteOrder',
      tags,
      summary:
        'Prices an order (or, with days, a subscription) body as placing it would, writing nothing: lines, delivery fare, discount, total and the gift balance part',
      params: z.object({ place_uid: uidParam }),
      body: quoteBodySchema,
      response: { 200: orderQuoteSchema, ...errorResponses },
    },
    handler: async (request) =>
      quoteCheckout(await memberContextOf(request), request.params.place_uid, request.body),
  });

  api.post('/v5/places/:place_uid/orders/', {
    schema: {
      operationId: 'placeOrder',
      tags,
      summary: 'Places an order (architecture §6) in one transaction; honours Idempotency-Key',
      params: z.object({ place_uid: uidParam }),
      headers: idempotencyHeaders,
      body: orderBodySchema,
      response: { 201: orderSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const result = await oneOfTheWriters(() =>
        idempotentWrite(
          request,
          ctx.user.uid,
          async (tx, prepared) => ({ status: 201, body: await createOrder(tx, ctx, prepared, request.body) }),
          () => prepareCheckout(ctx.db, ctx, request.params.place_uid, request.body, 'ORDER'),
        ),
      );
      // The order took stock: this process's menu pages of the place are computed again.
      request.server.menuCache.placeChanged(ctx.app.uid, request.params.place_uid);
      // A card or Yape is charged after the order's commit, once: a replay charges only a payment the
      // first request never got to ask for, and otherwise answers the order as it is now.
      const placed = result.body as Order;
      if (result.status !== 201 || !placed.payment) return sendResult(reply, result);
      await chargeOrder(paymentDeps(request), placed.uid, { firstAttempt: true });
      const answer = await paymentAnswer(ctx.db, ctx.app.uid, placed.uid, ctx.language);
      return reply.status(201).send(answer);
    },
  });

  api.post('/v5/places/:place_uid/subscriptions/', {
    schema: {
      operationId: 'subscribe',
      tags,
      summary: 'Subscribes to a cart on chosen weekdays (the order body plus days); honours Idempotency-Key',
      params: z.object({ place_uid: uidParam }),
      headers: idempotencyHeaders,
      body: subscriptionBodySchema,
      response: { 201: subscriptionSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const result = await idempotentWrite(
        request,
        ctx.user.uid,
        async (tx, prepared) => ({
          status: 201,
          body: await createSubscription(tx, ctx, prepared, request.body),
        }),
        () => prepareCheckout(ctx.db, ctx, request.params.place_uid, request.body, 'SUBSCRIPTION'),
      );
      return sendResult(reply, result);
    },
  });

  api.get('/v5/me/orders/', {
    schema: {
      operationId: 'listMyOrders',
      tags,
      summary: "The member's orders, newest first; filters payment_method, status, place",
      querystring: ordersQuerySchema,
      response: { 200: pageSchema(orderSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await orders.listOrders(await memberContextOf(request), request.query, at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/orders/:order_uid/', {
    schema: {
      operationId: 'getMyOrder',
      tags,
      summary: "One of the member's orders with its status history",
      params: z.object({ order_uid: z.uuid() }),
      response: { 200: orderSchema, ...errorResponses },
    },
    handler: async (request) => orders.getOrder(await memberContextOf(request), request.params.order_uid),
  });

  api.patch('/v5/me/orders/:order_uid/', {
    schema: {
      operationId: 'cancelMyOrder',
      tags,
      summary: 'The member cancels an order still RECEIVED; stock, coins and the coupon use are given back',
      params: z.object({ order_uid: z.uuid() }),
      body: cancelOrderBodySchema,
      response: { 200: orderSchema, ...errorResponses },
    },
    handler: async (request) => {
      const ctx = await memberContextOf(request);
      await orders.cancelOrder(ctx, request.params.order_uid);
      // A paid order's card part is refunded through the provider after the cancellation's commit.
      await refundPayment(paymentDeps(request), request.params.order_uid);
      const order = await orders.getOrder(ctx, request.params.order_uid);
      request.server.menuCache.placeChanged(ctx.app.uid, order.place.uid);
      return order;
    },
  });

  for (const [path, operationId] of [
    ['/v5/subscriptions/', 'listSubscriptions'],
    ['/v5/me/subscriptions/', 'listMySubscriptions'],
  ] as const) {
    api.get(path, {
      schema: {
        operationId,
        tags,
        summary: "The member's subscriptions, newest first; filters status, place, company",
        querystring: subscriptionsQuerySchema,
        response: { 200: pageSchema(subscriptionSchema), ...errorResponses },
      },
      handler: async (request) => {
        const at = pageRequest(request.query);
        const { count, results } = await orders.listSubscriptions(
          await memberContextOf(request),
          request.query,
          at,
        );
        return pageOf(request, at, count, results);
      },
    });
  }

  api.patch('/v5/subscriptions/:subscription_uid/', {
    schema: {
      operationId: 'cancelSubscription',
      tags,
      summary: 'The member cancels a subscription: {"status": "canceled_by_user"}',
      params: z.object({ subscription_uid: z.uuid() }),
      body: cancelSubscriptionBodySchema,
      response: { 200: subscriptionSchema, ...errorResponses },
    },
    handler: async (request) =>
      orders.cancelSubscription(await memberContextOf(request), request.params.subscription_uid),
  });
};
