import { adminObjectParamsSchema } from '@storefront/contracts/admin';
import {
  adminAdCreateSchema,
  adminAdPatchSchema,
  adminAdSchema,
  adminAdsQuerySchema,
  adminEventCreateSchema,
  adminEventPatchSchema,
  adminEventSchema,
  adminEventsQuerySchema,
  adminPollCreateSchema,
  adminPollPatchSchema,
  adminPollResultsSchema,
  adminPollSchema,
  adminPollsQuerySchema,
  adminRaffleCreateSchema,
  adminRaffleDrawSchema,
  adminRafflePatchSchema,
  adminRaffleRegistrationSchema,
  adminRaffleRegistrationsQuerySchema,
  adminRaffleSchema,
  adminRafflesQuerySchema,
} from '@storefront/contracts/admin-activities';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { crud } from '../catalogue/catalogue.routes.ts';
import * as ads from './ads.service.ts';
import * as events from './events.service.ts';
import * as polls from './polls.service.ts';
import * as raffles from './raffles.service.ts';

const tags = ['admin'];
const config = { adminRole: 'manager' as const };

/** Raffles with their draw, polls with their results, events and ads: owners and managers (issue 18). */
export const adminActivityRoutes: FastifyPluginAsyncZod = async (api) => {
  // The storefront shows all four: this process drops its rendered pages before answering a write, and
  // the others hear catalogue_events (sent in the write's transaction).
  api.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300)
      request.server.menuCache.catalogueChanged(adminContextOf(request).company.appUid);
  });

  crud(api, {
    path: 'raffles',
    name: 'raffles',
    item: adminRaffleSchema,
    create: adminRaffleCreateSchema,
    patch: adminRafflePatchSchema,
    query: adminRafflesQuerySchema,
    params: adminObjectParamsSchema,
    describe:
      "The programs' raffles with their registrations count and draw: search (title, prize), filters program, drawn; ordering title, ends_at",
    service: {
      list: raffles.listRaffles,
      get: raffles.getRaffle,
      create: raffles.createRaffle,
      update: raffles.updateRaffle,
    },
  });

  api.get('/raffles/:uid/registrations/', {
    config,
    schema: {
      operationId: 'adminListRaffleRegistrations',
      tags,
      summary:
        'The members registered in a raffle, with their answers and whether they won; search (e-mail, name)',
      params: adminObjectParamsSchema,
      querystring: adminRaffleRegistrationsQuerySchema,
      response: { 200: pageSchema(adminRaffleRegistrationSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await raffles.listRegistrations(
        adminContextOf(request),
        request.params.uid,
        request.query.search,
        at,
      );
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/raffles/:uid/draw/', {
    config,
    schema: {
      operationId: 'adminDrawRaffle',
      tags,
      summary:
        'Draws the winners once, after registrations close, and mails them; the record (seed, registrations, algorithm) lets anyone re-check it. A second draw is a 409',
      params: adminObjectParamsSchema,
      querystring: z.strictObject({}),
      response: { 201: adminRaffleDrawSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return raffles.drawRaffle(adminContextOf(request), request.params.uid);
    },
  });

  crud(api, {
    path: 'polls',
    name: 'polls',
    item: adminPollSchema,
    create: adminPollCreateSchema,
    patch: adminPollPatchSchema,
    query: adminPollsQuerySchema,
    params: adminObjectParamsSchema,
    describe:
      "The programs' polls with their questions and options and the responses count: search (title), filter program; ordering title, position, valid_until",
    service: {
      list: polls.listPolls,
      get: polls.getPoll,
      create: polls.createPoll,
      update: polls.updatePoll,
    },
  });

  api.get('/polls/:uid/results/', {
    config,
    schema: {
      operationId: 'adminPollResults',
      tags,
      summary: "Each question's answers: per option its count and share; a text question's newest answers",
      params: adminObjectParamsSchema,
      response: { 200: adminPollResultsSchema, ...errorResponses },
    },
    handler: async (request) => polls.pollResults(adminContextOf(request), request.params.uid),
  });

  crud(api, {
    path: 'events',
    name: 'events',
    item: adminEventSchema,
    create: adminEventCreateSchema,
    patch: adminEventPatchSchema,
    query: adminEventsQuerySchema,
    params: adminObjectParamsSchema,
    describe: "The company's events: search (title, location), filter is_active; ordering start_date, title",
    service: {
      list: events.listEvents,
      get: events.getEvent,
      create: events.createEvent,
      update: events.updateEvent,
      remove: events.deleteEvent,
    },
  });

  crud(api, {
    path: 'ads',
    name: 'ads',
    item: adminAdSchema,
    create: adminAdCreateSchema,
    patch: adminAdPatchSchema,
    query: adminAdsQuerySchema,
    params: adminObjectParamsSchema,
    describe: "The programs' ads: search (title), filters program, is_active; ordering title, position",
    service: {
      list: ads.listAds,
      get: ads.getAd,
      create: ads.createAd,
      update: ads.updateAd,
      remove: ads.deleteAd,
    },
  });
};
