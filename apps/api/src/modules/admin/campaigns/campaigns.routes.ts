import {
  adminCompanyParamsSchema,
  adminObjectParamsSchema,
  conflictSchema,
} from '@storefront/contracts/admin';
import {
  adminCouponCreateSchema,
  adminCouponPatchSchema,
  adminCouponSchema,
  adminCouponsQuerySchema,
  adminGiftCardBatchCreateSchema,
  adminGiftCardBatchSchema,
  adminGiftCardCreateSchema,
  adminGiftCardSchema,
  adminGiftCardsQuerySchema,
  adminPromotionCreateSchema,
  adminPromotionPatchSchema,
  adminPromotionSchema,
  adminPromotionsQuerySchema,
} from '@storefront/contracts/admin-campaigns';
import { AppError } from '@storefront/contracts/errors';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { findAppByUid } from '../../apps/apps.repository.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { ifMatchHeaders, ifMatchOf, withEtag } from '../catalogue/catalogue.routes.ts';
import * as coupons from './coupons.service.ts';
import * as giftCards from './gift-cards.service.ts';
import * as promotions from './promotions.service.ts';

const tags = ['admin'];
const config = { adminRole: 'manager' as const };

/** The storefront of the company's app, where coupon and influencer links open. */
async function storefrontOrigin(request: FastifyRequest): Promise<string> {
  const ctx = adminContextOf(request);
  const app = await findAppByUid(ctx.db, ctx.company.appUid);
  if (!app) throw new AppError('NOT_FOUND');
  return publicOrigin(request, app);
}

/** Promotions, coupons with their share links, and gift cards: owners and managers (issue 18). */
export const adminCampaignRoutes: FastifyPluginAsyncZod = async (api) => {
  // Promotions show on the storefront's program pages: this process drops its rendered pages before
  // answering a write, and the others hear catalogue_events (sent in the write's transaction).
  api.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.url.includes('/promotions/'))
      request.server.menuCache.catalogueChanged(adminContextOf(request).company.appUid);
  });

  api.get('/promotions/', {
    config,
    schema: {
      operationId: 'adminListPromotions',
      tags,
      summary:
        "The company's promotions: search (title, description), filters program, active (usable now), tagged; ordering title, position, valid_until, coin_price",
      params: adminCompanyParamsSchema,
      querystring: adminPromotionsQuerySchema,
      response: { 200: pageSchema(adminPromotionSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await promotions.listPromotions(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/promotions/', {
    config,
    schema: {
      operationId: 'adminCreatePromotion',
      tags,
      summary: 'Creates a promotion of one of the company’s programs; the storefront shows it at once',
      params: adminCompanyParamsSchema,
      body: adminPromotionCreateSchema,
      response: { 201: adminPromotionSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await promotions.createPromotion(adminContextOf(request), request.body), 201),
  });

  api.get('/promotions/:uid/', {
    config,
    schema: {
      operationId: 'adminGetPromotion',
      tags,
      summary: 'One promotion with its stock left and units taken, and its version as ETag',
      params: adminObjectParamsSchema,
      response: { 200: adminPromotionSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await promotions.getPromotion(adminContextOf(request), request.params.uid)),
  });

  api.patch('/promotions/:uid/', {
    config,
    schema: {
      operationId: 'adminUpdatePromotion',
      tags,
      summary:
        'Changes the fields sent; a total stock below the units taken is a 400; If-Match: "<version>" answers 409 when stale',
      params: adminObjectParamsSchema,
      headers: ifMatchHeaders,
      body: adminPromotionPatchSchema,
      response: { 200: adminPromotionSchema, 409: conflictSchema(adminPromotionSchema), ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await promotions.updatePromotion(
          adminContextOf(request),
          request.params.uid,
          request.body,
          ifMatchOf(request),
        ),
      ),
  });

  api.get('/coupons/', {
    config,
    schema: {
      operationId: 'adminListCoupons',
      tags,
      summary:
        "The company's coupon codes with their links and use counts: search (code, influencer), filter is_active; ordering code, valid_until",
      params: adminCompanyParamsSchema,
      querystring: adminCouponsQuerySchema,
      response: { 200: pageSchema(adminCouponSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await coupons.listCoupons(
        adminContextOf(request),
        await storefrontOrigin(request),
        request.query,
        at,
      );
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/coupons/', {
    config,
    schema: {
      operationId: 'adminCreateCoupon',
      tags,
      summary: 'Creates a coupon code (unique in the company, any case; stored in upper case)',
      params: adminCompanyParamsSchema,
      body: adminCouponCreateSchema,
      response: { 201: adminCouponSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await coupons.createCoupon(adminContextOf(request), await storefrontOrigin(request), request.body),
        201,
      ),
  });

  api.get('/coupons/:uid/', {
    config,
    schema: {
      operationId: 'adminGetCoupon',
      tags,
      summary: 'One coupon with its links and use counts, and its version as ETag',
      params: adminObjectParamsSchema,
      response: { 200: adminCouponSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await coupons.getCoupon(adminContextOf(request), await storefrontOrigin(request), request.params.uid),
      ),
  });

  api.patch('/coupons/:uid/', {
    config,
    schema: {
      operationId: 'adminUpdateCoupon',
      tags,
      summary:
        'Changes the fields sent; a limit below the uses counted is a 400; If-Match: "<version>" answers 409 when stale',
      params: adminObjectParamsSchema,
      headers: ifMatchHeaders,
      body: adminCouponPatchSchema,
      response: { 200: adminCouponSchema, 409: conflictSchema(adminCouponSchema), ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await coupons.updateCoupon(
          adminContextOf(request),
          await storefrontOrigin(request),
          request.params.uid,
          request.body,
          ifMatchOf(request),
        ),
      ),
  });

  api.get('/gift-cards/', {
    config,
    schema: {
      operationId: 'adminListGiftCards',
      tags,
      summary:
        "The company's gift cards: search (code), filters program, status (ACTIVE, REDEEMED, VOIDED); ordering code, created_at",
      params: adminCompanyParamsSchema,
      querystring: adminGiftCardsQuerySchema,
      response: { 200: pageSchema(adminGiftCardSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await giftCards.listGiftCards(adminContextOf(request), request.query, at);
      return pageOf(request, at, count, results, { relative: true });
    },
  });

  api.post('/gift-cards/', {
    config,
    schema: {
      operationId: 'adminCreateGiftCard',
      tags,
      summary: 'Issues one gift card, with the code given (unique in the app) or a generated one',
      params: adminCompanyParamsSchema,
      body: adminGiftCardCreateSchema,
      response: { 201: adminGiftCardSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await giftCards.createGiftCard(adminContextOf(request), request.body), 201),
  });

  api.post('/gift-cards/batch/', {
    config,
    schema: {
      operationId: 'adminCreateGiftCardBatch',
      tags,
      summary: 'Issues a batch of gift cards of one amount, each with its own generated code (all or none)',
      params: adminCompanyParamsSchema,
      body: adminGiftCardBatchCreateSchema,
      response: { 201: adminGiftCardBatchSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return giftCards.createGiftCardBatch(adminContextOf(request), request.body);
    },
  });

  api.get('/gift-cards/:uid/', {
    config,
    schema: {
      operationId: 'adminGetGiftCard',
      tags,
      summary: 'One gift card: amount, status and history, with its version as ETag',
      params: adminObjectParamsSchema,
      response: { 200: adminGiftCardSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await giftCards.getGiftCard(adminContextOf(request), request.params.uid)),
  });

  api.post('/gift-cards/:uid/void/', {
    config,
    schema: {
      operationId: 'adminVoidGiftCard',
      tags,
      summary:
        'Voids a gift card not loaded yet (a loaded one is a 400); a voided card can no longer be used; If-Match as for PATCH',
      params: adminObjectParamsSchema,
      headers: ifMatchHeaders,
      querystring: z.strictObject({}),
      response: { 200: adminGiftCardSchema, 409: conflictSchema(adminGiftCardSchema), ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await giftCards.voidGiftCard(adminContextOf(request), request.params.uid, ifMatchOf(request)),
      ),
  });
};
