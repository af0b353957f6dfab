import { couponSchema, validateCodeQuerySchema } from '@storefront/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../lib/request-context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { errorBodySchema, errorResponses } from '../../plugins/error-handler.ts';
import { validateCode } from './coupons.service.ts';

export const couponsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v5/companies/:uid/validate-code/:code/', {
    schema: {
      operationId: 'validateDiscountCode',
      tags: ['checkout'],
      summary:
        "Checks a discount code of a company (or of a place's company); optional amount checks the minimum",
      params: z.object({ uid: z.string().min(1).max(64), code: z.string().min(1).max(50) }),
      querystring: validateCodeQuerySchema,
      response: { 200: couponSchema, ...errorResponses, 406: errorBodySchema },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const user = await currentUser(request);
      return validateCode(ctx, request.params.uid, request.params.code, user?.uid, request.query.amount);
    },
  });
};
