import { adminCompanyParamsSchema, conflictSchema } from '@storefront/contracts/admin';
import { adminEInvoicingBodySchema, adminEInvoicingSchema } from '@storefront/contracts/receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import { getEInvoicing, putEInvoicing } from './e-invoicing.service.ts';

const tags = ['admin'];
const config = { adminRole: 'owner' as const };

/** The company's electronic receipts settings and its places' series (owners only; architecture §12). */
export const adminEInvoicingRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/e-invoicing/', {
    config,
    schema: {
      operationId: 'adminGetEInvoicing',
      tags,
      summary: "The company's e-invoicing settings (secrets masked) and its places' series",
      params: adminCompanyParamsSchema,
      response: { 200: adminEInvoicingSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await getEInvoicing(adminContextOf(request), request.server.config)),
  });

  api.put('/e-invoicing/', {
    config,
    schema: {
      operationId: 'adminPutEInvoicing',
      tags,
      summary:
        'Sets the e-invoicing settings (the certificate as base64 PKCS#12; a secret left out keeps the stored one; places left out keep their series); If-Match as elsewhere',
      params: adminCompanyParamsSchema,
      headers: ifMatchHeaders,
      body: adminEInvoicingBodySchema,
      response: { 200: adminEInvoicingSchema, 409: conflictSchema(adminEInvoicingSchema), ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await putEInvoicing(adminContextOf(request), request.server.config, request.body, ifMatchOf(request)),
      ),
  });
};
