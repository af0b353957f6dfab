import {
  savedAddressBodySchema,
  savedAddressesSchema,
  savedAddressPatchSchema,
  savedAddressSchema,
} from '@storefront/contracts/addresses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberContextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.ts';

const tags = ['addresses'];
const params = z.object({ uid: z.uuid() });

export const addressesRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v5/me/addresses/', {
    schema: {
      operationId: 'listMyAddresses',
      tags,
      summary: "The member's saved delivery addresses, last edited first (at most 20)",
      response: { 200: savedAddressesSchema, ...errorResponses },
    },
    handler: async (request) => listAddresses(await memberContextOf(request)),
  });

  api.post('/v5/me/addresses/', {
    schema: {
      operationId: 'createMyAddress',
      tags,
      summary: 'Saves a delivery address (label, district, address, reference, optional map point)',
      body: savedAddressBodySchema,
      response: { 201: savedAddressSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createAddress(await memberContextOf(request), request.body)),
  });

  api.patch('/v5/me/addresses/:uid/', {
    schema: {
      operationId: 'updateMyAddress',
      tags,
      summary: 'Changes some fields of one of the member’s addresses',
      params,
      body: savedAddressPatchSchema,
      response: { 200: savedAddressSchema, ...errorResponses },
    },
    handler: async (request) =>
      updateAddress(await memberContextOf(request), request.params.uid, request.body),
  });

  api.delete('/v5/me/addresses/:uid/', {
    schema: {
      operationId: 'deleteMyAddress',
      tags,
      summary: 'Deletes one of the member’s addresses',
      params,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await deleteAddress(await memberContextOf(request), request.params.uid);
      return reply.code(204).send(null);
    },
  });
};
