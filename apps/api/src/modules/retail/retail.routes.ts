import { pageSchema } from '@storefront/contracts/lists';
import { redemptionSchema } from '@storefront/contracts/loyalty';
import { orderSchema } from '@storefront/contracts/orders';
import {
  createUserBodySchema,
  customerSchema,
  customersQuerySchema,
  customersSchema,
  orderStreamQuerySchema,
  pointsBodySchema,
  redemptionRecordsQuerySchema,
  retailMembershipResultSchema,
  retailOrderPatchSchema,
  retailOrdersQuerySchema,
  retailPlaceSchema,
  retailRedeemBodySchema,
  retailRedemptionSchema,
  stampBodySchema,
} from '@storefront/contracts/retail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_STREAM_MAX_SECONDS } from '../../config.ts';
import { idempotentWrite, sendResult } from '../../lib/idempotency.ts';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { clientInfo } from '../accounts/accounts.routes.ts';
import { paymentDeps, refundPayment } from '../payments/payments.service.ts';
import { OrderEventHub } from './order-events.ts';
import { recordsCsv, recordsXlsx } from './records-export.ts';
import { UNPAID_STATUSES } from './retail.repository.ts';
import * as retail from './retail.service.ts';

const tags = ['retail'];
const HEARTBEAT_MS = 15_000;
/**
 * How often an open stream checks that its session and staff role still hold: a logout, a role
 * removed or an account deleted ends it within this plus one query, on every process, whatever
 * made the change (the API, a tenant import, SQL).
 */
const STREAM_RECHECK_MS = 1000;

/** The retail staff calls of architecture §6, all under /api/v5/retail/, refused (403) to members. */
export const retailRoutes: FastifyPluginAsyncZod = async (api) => {
  const hub = new OrderEventHub(api.db);
  const streams = new Set<() => void>();
  // Open streams would keep the server from closing: end them first, then stop listening.
  api.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    await hub.close();
  });

  api.get('/v5/retail/places/', {
    schema: {
      operationId: 'listRetailPlaces',
      tags,
      summary: 'The places this staff user may work in',
      response: { 200: z.array(retailPlaceSchema), ...errorResponses },
    },
    handler: async (request) => retail.listPlaces(await retail.staffContextOf(request)),
  });

  api.get('/v5/retail/customers/', {
    schema: {
      operationId: 'findCustomers',
      tags,
      summary: 'Find a member by document type, MOBILE_PHONE or QR, with memberships and usable promotions',
      querystring: customersQuerySchema,
      response: { 200: customersSchema, ...errorResponses },
    },
    handler: async (request) =>
      retail.searchCustomers(
        await retail.staffContextOf(request),
        request.query.search_type,
        request.query.value,
      ),
  });

  api.post('/v5/retail/redemptions/', {
    schema: {
      operationId: 'redeemForCustomer',
      tags,
      summary: 'Redeem a promotion for a member ({place, member, promotion}) or by code ({place, code})',
      body: retailRedeemBodySchema,
      response: { 201: redemptionSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = await retail.staffContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) => retail.redeem(ctx, tx, request.body)),
      );
    },
  });

  api.post('/v5/retail/stamps/', {
    schema: {
      operationId: 'addStamp',
      tags,
      summary: "One stamp on the member's card",
      body: stampBodySchema,
      response: { 201: retailMembershipResultSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = await retail.staffContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) => retail.stamp(ctx, tx, request.body)),
      );
    },
  });

  api.post('/v5/retail/points/', {
    schema: {
      operationId: 'addPoints',
      tags,
      summary: 'Points for a member: amount above 0 and a description, where the program allows it',
      body: pointsBodySchema,
      response: { 201: retailMembershipResultSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = await retail.staffContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) => retail.givePoints(ctx, tx, request.body)),
      );
    },
  });

  api.post('/v5/retail/users/', {
    schema: {
      operationId: 'createMember',
      tags,
      summary: "Create a member at the counter, enrolled in the place's benefits program",
      body: createUserBodySchema,
      response: { 201: customerSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await retail.createUser(
            await retail.staffContextOf(request),
            request.body,
            clientInfo(request).origin,
          ),
        ),
  });

  api.get('/v5/retail/redemptions/', {
    schema: {
      operationId: 'listRedemptionRecords',
      tags,
      summary: 'Redemption records of one place and one day; format=csv or xlsx downloads them',
      querystring: redemptionRecordsQuerySchema,
      response: { 200: pageSchema(retailRedemptionSchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = await retail.staffContextOf(request);
      const { format = 'json' } = request.query;
      if (format === 'json') {
        const at = pageRequest(request.query);
        const { count, results } = await retail.redemptionRecords(ctx, request.query, at);
        return pageOf(request, at, count, results);
      }
      const { results, timeZone } = await retail.redemptionRecords(ctx, request.query, null);
      const name = `canjes-${request.query.place}-${request.query.date}.${format}`;
      const file =
        format === 'csv'
          ? recordsCsv(results, ctx.language, timeZone)
          : await recordsXlsx(results, ctx.language, timeZone);
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file as never); // a Buffer goes out as is, past the JSON serializer
    },
  });

  api.get('/v5/retail/orders/', {
    schema: {
      operationId: 'listBoardOrders',
      tags,
      summary: "The order board: a place's orders, newest first, optionally of one status",
      querystring: retailOrdersQuerySchema,
      response: { 200: pageSchema(orderSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await retail.listOrders(
        await retail.staffContextOf(request),
        request.query,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.patch('/v5/retail/orders/:order_uid/', {
    schema: {
      operationId: 'moveBoardOrder',
      tags,
      summary: 'Move an order along the state machine (accept, shipped, delivered, cancel)',
      params: z.object({ order_uid: z.uuid() }),
      body: retailOrderPatchSchema,
      response: { 200: orderSchema, ...errorResponses },
    },
    handler: async (request) => {
      const ctx = await retail.staffContextOf(request);
      const order = await retail.moveOrder(ctx, request.params.order_uid, request.body.status);
      // A cancellation gave stock back, and a paid order's card part is refunded after the commit.
      request.server.menuCache.placeChanged(ctx.app.uid, order.place.uid);
      await refundPayment(paymentDeps(request), order.uid);
      return order;
    },
  });

  api.get('/v5/retail/orders/stream', {
    schema: {
      operationId: 'streamBoardOrders',
      tags,
      summary: 'Server-Sent Events (event: order) of new orders and status changes of a place',
      querystring: orderStreamQuerySchema,
    },
    handler: async (request, reply) => {
      const ctx = await retail.staffContextOf(request);
      const { place } = await retail.placeOf(ctx, request.query.place);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 2000\n\n');
      let unsubscribe = () => {};
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const token = request.authToken as string;
      let checking = false;
      const recheck = setInterval(() => {
        if (checking) return;
        checking = true;
        retail
          .streamStillAllowed(ctx, token, place.uid)
          .then((allowed) => {
            if (!allowed) end();
          })
          .catch((error) => request.log.error(error, 'order stream check'))
          .finally(() => {
            checking = false;
          });
      }, STREAM_RECHECK_MS);
      // Past its lifetime the stream ends; the board reconnects, and so authenticates again.
      const lifetime = setTimeout(
        () => end(),
        (request.server.config.ORDER_STREAM_MAX_SECONDS ?? ORDER_STREAM_MAX_SECONDS) * 1000,
      );
      const end = () => {
        clearInterval(heartbeat);
        clearInterval(recheck);
        clearTimeout(lifetime);
        unsubscribe();
        streams.delete(end);
        raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      const stop = await hub.subscribe((notice) => {
        if (notice.app !== ctx.app.uid || notice.place !== place.uid) return;
        // An order waiting for its payment reaches the board when it is paid (RECEIVED), not before.
        if ((UNPAID_STATUSES as readonly string[]).includes(notice.status)) return;
        retail
          .boardOrder(ctx, notice.order)
          .then((order) => {
            if (!order || raw.writableEnded) return;
            const type = notice.status === 'RECEIVED' ? 'created' : 'status';
            raw.write(`id: ${notice.id}\nevent: order\ndata: ${JSON.stringify({ type, order })}\n\n`);
          })
          .catch((error) => request.log.error(error, 'order stream'));
      });
      // The client may have gone while the subscription was being set up.
      if (streams.has(end)) unsubscribe = stop;
      else stop();
      // The board reloads its list when this arrives, so nothing between its fetch and now is missed.
      raw.write('event: ready\ndata: {}\n\n');
    },
  });
};
