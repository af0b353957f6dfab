import {
  adminCompanyParamsSchema,
  adminObjectParamsSchema,
  conflictSchema,
} from '@storefront/contracts/admin';
import {
  adminCitiesQuerySchema,
  adminCityCreateSchema,
  adminCitySchema,
  adminPlaceCreateSchema,
  adminPlacePatchSchema,
  adminPlaceSchema,
  adminPlacesQuerySchema,
} from '@storefront/contracts/admin-places';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import * as places from './places.service.ts';

const tags = ['admin'];
const config = { adminRole: 'manager' as const };

/** The company's places (details, hours, pickup, delivery fares, payment and shipping) and cities. */
export const adminPlacesRoutes: FastifyPluginAsyncZod = async (api) => {
  // This process drops its menu and page caches before answering a write; the others hear catalogue_events.
  api.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300)
      request.server.menuCache.catalogueChanged(adminContextOf(request).company.appUid);
  });

  api.get('/places/', {
    config,
    schema: {
      operationId: 'adminListPlaces',
      tags,
      summary: "The company's places: search (name, address, city), filter city; ordering name, city",
      params: adminCompanyParamsSchema,
      querystring: adminPlacesQuerySchema,
      response: { 200: pageSchema(adminPlaceSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await places.listPlaces(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/places/', {
    config,
    schema: {
      operationId: 'adminCreatePlace',
      tags,
      summary: 'Creates a place in a city of the app (pickup only and cash until told otherwise)',
      params: adminCompanyParamsSchema,
      body: adminPlaceCreateSchema,
      response: { 201: adminPlaceSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await places.createPlace(adminContextOf(request), request.body), 201),
  });

  api.get('/places/:uid/', {
    config,
    schema: {
      operationId: 'adminGetPlace',
      tags,
      summary: 'One place of the company with its hours, settings and delivery zones; version as ETag',
      params: adminObjectParamsSchema,
      response: { 200: adminPlaceSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await places.getPlace(adminContextOf(request), request.params.uid)),
  });

  api.patch('/places/:uid/', {
    config,
    schema: {
      operationId: 'adminUpdatePlace',
      tags,
      summary:
        'Changes the fields sent (opening_hours and delivery_zones replaced whole); If-Match answers 409 when stale',
      params: adminObjectParamsSchema,
      headers: ifMatchHeaders,
      body: adminPlacePatchSchema,
      response: { 200: adminPlaceSchema, 409: conflictSchema(adminPlaceSchema), ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await places.updatePlace(
          adminContextOf(request),
          request.params.uid,
          request.body,
          ifMatchOf(request),
        ),
      ),
  });

  api.get('/cities/', {
    config,
    schema: {
      operationId: 'adminListCities',
      tags,
      summary: "The cities (areas) of the company's app with the company's places in each: search name",
      params: adminCompanyParamsSchema,
      querystring: adminCitiesQuerySchema,
      response: { 200: pageSchema(adminCitySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await places.listCities(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/cities/', {
    config,
    schema: {
      operationId: 'adminCreateCity',
      tags,
      summary: "Creates a city in the company's app (the storefront's areas)",
      params: adminCompanyParamsSchema,
      body: adminCityCreateSchema,
      response: { 201: adminCitySchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await places.createCity(adminContextOf(request), request.body)),
  });

  api.get('/cities/:uid/', {
    config,
    schema: {
      operationId: 'adminGetCity',
      tags,
      summary: "One city of the company's app",
      params: adminObjectParamsSchema,
      response: { 200: adminCitySchema, ...errorResponses },
    },
    handler: (request) => places.getCity(adminContextOf(request), request.params.uid),
  });
};
