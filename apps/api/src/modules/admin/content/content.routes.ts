import {
  adminCompanyParamsSchema,
  adminObjectParamsSchema,
  conflictSchema,
} from '@storefront/contracts/admin';
import {
  adminLandingMoveSchema,
  adminLandingSectionCreateSchema,
  adminLandingSectionPatchSchema,
  adminLandingSectionSchema,
  adminLandingSectionsQuerySchema,
  adminSiteContentPatchSchema,
  adminSiteContentSchema,
} from '@storefront/contracts/admin-content';
import { AppError } from '@storefront/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { forgetAppsOnWrite } from '../../apps/app-events.ts';
import { findAppByUid } from '../../apps/apps.repository.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { crud, ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import * as landing from './landing.service.ts';
import { getSiteContent, updateSiteContent } from './site-content.service.ts';

const tags = ['admin'];
const config = { adminRole: 'manager' as const };

/** The storefront of the company's app, where the admin's landing preview opens. */
const storefrontOf = (request: FastifyRequest) => async () => {
  const ctx = adminContextOf(request);
  const app = await findAppByUid(ctx.db, ctx.company.appUid);
  if (!app) throw new AppError('NOT_FOUND');
  return publicOrigin(request, app);
};

/**
 * The app's landing sections and policy texts (issue 18), from its main company: owners and managers.
 * This process forgets its copies of the app before answering a write (the landing and the policy
 * pages are server-rendered from them); the others hear app_events, sent in the write's transaction.
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (api) => {
  forgetAppsOnWrite(api);

  crud(api, {
    path: 'landing-sections',
    name: 'landingSections',
    item: adminLandingSectionSchema,
    create: adminLandingSectionCreateSchema,
    patch: adminLandingSectionPatchSchema,
    query: adminLandingSectionsQuerySchema,
    params: adminObjectParamsSchema,
    describe:
      "The app's landing sections in the landing's order (filter type); the type decides each section's fields (spec §3)",
    service: {
      list: landing.listSections,
      get: landing.getSection,
      create: landing.createSection,
      update: landing.updateSection,
      remove: landing.deleteSection,
    },
  });

  api.post('/landing-sections/:uid/move/', {
    config,
    schema: {
      operationId: 'adminMoveLandingSection',
      tags,
      summary:
        'Puts the section at `position` (0 = first) and renumbers the others; concurrent moves run one after the other',
      params: adminObjectParamsSchema,
      body: adminLandingMoveSchema,
      response: { 200: adminLandingSectionSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await landing.moveSection(adminContextOf(request), request.params.uid, request.body.position),
      ),
  });

  api.get('/site-content/', {
    config,
    schema: {
      operationId: 'adminGetSiteContent',
      tags,
      summary: "The app's policy texts (terms, privacy, FAQs, cookies) and its landing's switch and variant",
      params: adminCompanyParamsSchema,
      response: { 200: adminSiteContentSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await getSiteContent(adminContextOf(request), storefrontOf(request))),
  });

  api.patch('/site-content/', {
    config,
    schema: {
      operationId: 'adminUpdateSiteContent',
      tags,
      summary:
        'Changes the texts (HTML, cleaned on save with the storefront’s rules) or the landing switch; If-Match as elsewhere',
      params: adminCompanyParamsSchema,
      headers: ifMatchHeaders,
      body: adminSiteContentPatchSchema,
      response: {
        200: adminSiteContentSchema,
        409: conflictSchema(adminSiteContentSchema),
        ...errorResponses,
      },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await updateSiteContent(
          adminContextOf(request),
          request.body,
          ifMatchOf(request),
          storefrontOf(request),
        ),
      ),
  });
};
