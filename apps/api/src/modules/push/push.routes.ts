import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@storefront/contracts/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberContextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { subscribe, unsubscribe } from './push.service.ts';

const tags = ['push'];

export const pushRoutes: FastifyPluginAsyncZod = async (api) => {
  // Loopback endpoints are a test's local push service; production never allows them (config.ts).
  const allowLoopback = !api.config.production && api.config.PUSH_ALLOW_LOOPBACK === true;

  api.get('/v5/push/key/', {
    config: { publicCache: true },
    schema: {
      operationId: 'getPushKey',
      tags,
      summary: "The server's VAPID public key, the browser's applicationServerKey",
      response: { 200: pushKeySchema, ...errorResponses },
    },
    handler: async (request) => ({ public_key: (await request.server.vapid()).publicKey }),
  });

  api.post('/v5/me/push-subscriptions/', {
    schema: {
      operationId: 'subscribePush',
      tags,
      summary: "This device gets a notification on each status change of the member's orders",
      body: pushSubscriptionSchema,
      response: { 201: z.object({ endpoint: z.string() }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const answer = await subscribe(ctx, request.authToken as string, request.body, allowLoopback);
      return reply.status(201).send(answer);
    },
  });

  api.delete('/v5/me/push-subscriptions/', {
    schema: {
      operationId: 'unsubscribePush',
      tags,
      summary: 'This device stops getting notifications',
      body: pushUnsubscribeSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await unsubscribe(await memberContextOf(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  });
};
