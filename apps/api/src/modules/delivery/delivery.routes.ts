import {
  deliveryZonesSchema,
  fareEstimateBodySchema,
  fareEstimateSchema,
} from '@storefront/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { deliveryZones, estimateFare } from './delivery.service.ts';

export const deliveryRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v7/deliveries/places/:place_uid/zones/', {
    schema: {
      operationId: 'listDeliveryZones',
      tags: ['checkout'],
      summary: 'The delivery zones of a place and the districts each covers, with its flat fare',
      params: z.object({ place_uid: z.string().min(1).max(64) }),
      response: { 200: deliveryZonesSchema, ...errorResponses },
    },
    handler: (request) => deliveryZones(contextOf(request), request.params.place_uid),
  });

  api.post('/v7/deliveries/places/:place_uid/fare-estimate/', {
    schema: {
      operationId: 'estimateDeliveryFare',
      tags: ['checkout'],
      summary:
        "The delivery fare to an address: the zone covering the district, or the place's distance rate",
      params: z.object({ place_uid: z.string().min(1).max(64) }),
      body: fareEstimateBodySchema,
      response: { 200: fareEstimateSchema, ...errorResponses },
    },
    handler: (request) => estimateFare(contextOf(request), request.params.place_uid, request.body),
  });
};
