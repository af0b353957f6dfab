import { adminCompanyParamsSchema, conflictSchema } from '@storefront/contracts/admin';
import { adminPaymentProviderBodySchema, adminPaymentProviderSchema } from '@storefront/contracts/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { findAppByUid } from '../../apps/apps.repository.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import { getPaymentProvider, putPaymentProvider } from './payment-provider.service.ts';

const tags = ['admin'];
const config = { adminRole: 'owner' as const };

/** The company's site (the link builder's origin of its app), where the provider posts its events. */
async function siteOf(request: FastifyRequest): Promise<string> {
  const ctx = adminContextOf(request);
  return publicOrigin(request, await findAppByUid(ctx.db, ctx.company.appUid));
}

/** The company's payment provider and transfer details (owners only; architecture §10). */
export const adminPaymentProviderRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/payment-provider/', {
    config,
    schema: {
      operationId: 'adminGetPaymentProvider',
      tags,
      summary: "The company's payment provider (secrets masked) and transfer details",
      params: adminCompanyParamsSchema,
      response: { 200: adminPaymentProviderSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await getPaymentProvider(adminContextOf(request), request.server.config, await siteOf(request)),
      ),
  });

  api.put('/payment-provider/', {
    config,
    schema: {
      operationId: 'adminPutPaymentProvider',
      tags,
      summary:
        'Sets the payment provider (a secret left out keeps the stored one; provider null removes it) and transfer details; If-Match as elsewhere',
      params: adminCompanyParamsSchema,
      headers: ifMatchHeaders,
      body: adminPaymentProviderBodySchema,
      response: {
        200: adminPaymentProviderSchema,
        409: conflictSchema(adminPaymentProviderSchema),
        ...errorResponses,
      },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await putPaymentProvider(
          adminContextOf(request),
          request.server.config,
          await siteOf(request),
          request.body,
          ifMatchOf(request),
        ),
      ),
  });
};
