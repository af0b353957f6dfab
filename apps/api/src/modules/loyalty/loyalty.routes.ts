import { PROMOTIONS_PAGE_SIZE } from '@storefront/contracts/constants';
import { pageQuerySchema, pageSchema } from '@storefront/contracts/lists';
import {
  adSchema,
  eventSchema,
  eventsQuerySchema,
  giftCardRedeemBodySchema,
  giftCardRedeemedSchema,
  joinProgramBodySchema,
  memberProgramSchema,
  memberQrSchema,
  memberRedemptionSchema,
  pollResponseBodySchema,
  pollResponseSchema,
  pollSchema,
  pollsQuerySchema,
  programSchema,
  programsQuerySchema,
  promotionCodeSchema,
  promotionPlaceSchema,
  promotionSchema,
  promotionsQuerySchema,
  raffleRegisterBodySchema,
  raffleSchema,
  rafflesQuerySchema,
  redemptionByUserBodySchema,
  redemptionSchema,
  redemptionsQuerySchema,
  sectionSchema,
} from '@storefront/contracts/loyalty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotentWrite, sendResult } from '../../lib/idempotency.ts';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { contextOf, memberContextOf } from '../../lib/request-context.ts';
import { errorBodySchema, errorResponses } from '../../plugins/error-handler.ts';
import {
  answerPoll,
  dismissRaffle,
  getEvent,
  getEvents,
  getPoll,
  getPolls,
  getRaffle,
  getRaffles,
  registerInRaffle,
} from './activities.service.ts';
import {
  getAds,
  getMemberProgram,
  getMemberQr,
  getProgram,
  getPrograms,
  getSections,
  joinProgram,
  redeemGiftCard,
} from './programs.service.ts';
import {
  getMemberRedemptions,
  getPromotion,
  getPromotionPlaces,
  getPromotions,
  getPublicPromotions,
  getRedemptions,
  getRelated,
  promotionCode,
  purchasePromotion,
} from './promotions.service.ts';

const id = z.string().min(1).max(64);
const errors = { ...errorResponses, 422: errorBodySchema };
const emptyBody = z.strictObject({}).optional();
const RELATED_PAGE_SIZE = 6;

/** Benefit programs (spec §7 Programs and benefits); every write honours `Idempotency-Key`. */
export const loyaltyRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['programs'];

  api.get('/v5/programs/', {
    schema: {
      operationId: 'listPrograms',
      tags,
      summary: "The app's benefit programs",
      querystring: programsQuerySchema,
      response: { 200: pageSchema(programSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getPrograms(contextOf(request), request.query, at);
      return pageOf(request, at, count, results);
    },
  });

  // A program's public face and its promotions, for visitors: sign-in is asked only to join or redeem.
  api.get('/v5/programs/:uid', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'getProgram',
      tags,
      summary: 'A program: name, description, levels, stamps and rates (no sign-in needed)',
      params: z.object({ uid: id }),
      response: { 200: programSchema, ...errorResponses },
    },
    handler: async (request) => getProgram(contextOf(request), request.params.uid),
  });

  api.get('/v5/programs/:program_id/promotions', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listProgramPromotions',
      tags,
      summary: "A program's promotions usable now, as a visitor sees them (no sign-in needed)",
      params: z.object({ program_id: id }),
      querystring: promotionsQuerySchema,
      response: { 200: pageSchema(promotionSchema), ...errorResponses },
    },
    handler: async (request) => {
      const { tagged, search, is_free, level, ordering } = request.query;
      const at = pageRequest(request.query, PROMOTIONS_PAGE_SIZE);
      const { count, results } = await getPublicPromotions(
        contextOf(request),
        request.params.program_id,
        { tagged, search, isFree: is_free, level, ordering: ordering ?? '-rate_discount' },
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:uid', {
    schema: {
      operationId: 'getMembership',
      tags,
      summary: "The member's coins, points, level and stamps in a program",
      params: z.object({ uid: id }),
      response: { 200: memberProgramSchema, ...errorResponses },
    },
    handler: async (request) => getMemberProgram(await memberContextOf(request), request.params.uid),
  });

  api.post('/v5/me/programs/', {
    schema: {
      operationId: 'joinProgram',
      tags,
      summary: 'Join a program (joining again changes nothing)',
      body: joinProgramBodySchema,
      response: { 200: memberProgramSchema, 201: memberProgramSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) => joinProgram(ctx, tx, request.body.program)),
      );
    },
  });

  api.post('/v5/me/programs/:uid/qr', {
    schema: {
      operationId: 'getMemberQr',
      tags,
      summary: "The member's QR code for a program (joins it if needed)",
      params: z.object({ uid: id }),
      response: { 200: memberQrSchema, ...errors },
    },
    handler: async (request) => {
      const ctx = await memberContextOf(request);
      return ctx.db.transaction((tx) => getMemberQr(ctx, tx, request.params.uid));
    },
  });

  api.get('/v5/me/programs/:uid/sections', {
    schema: {
      operationId: 'listProgramSections',
      tags,
      summary: "A program's sections",
      params: z.object({ uid: id }),
      querystring: pageQuerySchema.strict(),
      response: { 200: pageSchema(sectionSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getSections(await memberContextOf(request), request.params.uid, at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:program_id/ads', {
    schema: {
      operationId: 'listProgramAds',
      tags,
      summary: "A program's ads",
      params: z.object({ program_id: id }),
      querystring: pageQuerySchema.strict(),
      response: { 200: pageSchema(adSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getAds(await memberContextOf(request), request.params.program_id, at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:program_id/promotions', {
    schema: {
      operationId: 'listPromotions',
      tags,
      summary: 'Promotions usable now, 24 a page, highest discount first',
      params: z.object({ program_id: id }),
      querystring: promotionsQuerySchema,
      response: { 200: pageSchema(promotionSchema), ...errorResponses },
    },
    handler: async (request) => {
      const { tagged, search, is_free, level, ordering } = request.query;
      const at = pageRequest(request.query, PROMOTIONS_PAGE_SIZE);
      const { count, results } = await getPromotions(
        await memberContextOf(request),
        request.params.program_id,
        { tagged, search, isFree: is_free, level, ordering: ordering ?? '-rate_discount' },
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:program_id/promotions/:id', {
    schema: {
      operationId: 'getPromotion',
      tags,
      summary: 'A promotion',
      params: z.object({ program_id: id, id }),
      response: { 200: promotionSchema, ...errorResponses },
    },
    handler: async (request) =>
      getPromotion(await memberContextOf(request), request.params.program_id, request.params.id),
  });

  api.post('/v5/me/programs/:program_id/promotions/:promotion_id/qrcode', {
    schema: {
      operationId: 'getPromotionQrCode',
      tags,
      summary: 'A code and QR text for staff to scan (nothing is used up yet)',
      params: z.object({ program_id: id, promotion_id: id }),
      body: emptyBody,
      response: { 200: promotionCodeSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const { program_id, promotion_id } = request.params;
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) =>
          promotionCode(ctx, tx, promotion_id, program_id),
        ),
      );
    },
  });

  api.post('/v5/programs/:programUid/promotions/:promotionUid/coupon/get-code', {
    schema: {
      operationId: 'getPromotionCouponCode',
      tags,
      summary: "A promotion's coupon code for the member (same as qrcode/)",
      params: z.object({ programUid: id, promotionUid: id }),
      body: emptyBody,
      response: { 200: promotionCodeSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const { programUid, promotionUid } = request.params;
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) =>
          promotionCode(ctx, tx, promotionUid, programUid),
        ),
      );
    },
  });

  api.post('/v5/me/programs/:program/promotions/:promotion/purchase', {
    schema: {
      operationId: 'purchasePromotion',
      tags,
      summary: 'Redeem a promotion now, paying its coin price',
      params: z.object({ program: id, promotion: id }),
      body: emptyBody,
      response: { 201: redemptionSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const { program, promotion } = request.params;
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) => purchasePromotion(ctx, tx, promotion, program)),
      );
    },
  });

  api.post('/v5/redemption-by-user/', {
    schema: {
      operationId: 'redeemPromotion',
      tags,
      summary: 'The member redeems a promotion (same rules as purchase/)',
      body: redemptionByUserBodySchema,
      response: { 201: redemptionSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) =>
          purchasePromotion(ctx, tx, request.body.program_promotion),
        ),
      );
    },
  });

  api.get('/v5/me/promotions/:promotionUid/places', {
    schema: {
      operationId: 'listPromotionPlaces',
      tags,
      summary: 'The places where a promotion is used',
      params: z.object({ promotionUid: id }),
      querystring: pageQuerySchema.strict(),
      response: { 200: pageSchema(promotionPlaceSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getPromotionPlaces(
        await memberContextOf(request),
        request.params.promotionUid,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:programUid/promotions/:promotionUid/related', {
    schema: {
      operationId: 'listRelatedPromotions',
      tags,
      summary: 'Promotions like this one',
      params: z.object({ programUid: id, promotionUid: id }),
      querystring: pageQuerySchema.strict(),
      response: { 200: pageSchema(promotionSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query, RELATED_PAGE_SIZE);
      const { programUid, promotionUid } = request.params;
      const { count, results } = await getRelated(
        await memberContextOf(request),
        programUid,
        promotionUid,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/redemptions/', {
    schema: {
      operationId: 'listAllMyRedemptions',
      tags,
      summary:
        "Every promotion the member bought with coins or redeemed, in the app's programs, newest first",
      querystring: pageQuerySchema.strict(),
      response: { 200: pageSchema(memberRedemptionSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getMemberRedemptions(await memberContextOf(request), at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:program_uid/redemptions', {
    schema: {
      operationId: 'listMyRedemptions',
      tags,
      summary: "The member's redemptions in a program, newest first",
      params: z.object({ program_uid: id }),
      querystring: redemptionsQuerySchema,
      response: { 200: pageSchema(redemptionSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getRedemptions(
        await memberContextOf(request),
        request.params.program_uid,
        request.query.status,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:program_id/raffles', {
    schema: {
      operationId: 'listRaffles',
      tags,
      summary: "A program's raffles (dismissed ones hidden unless asked)",
      params: z.object({ program_id: id }),
      querystring: rafflesQuerySchema,
      response: { 200: pageSchema(raffleSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getRaffles(
        await memberContextOf(request),
        request.params.program_id,
        request.query.include_dismissed ?? false,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:program_id/raffles/:raffle_uid', {
    schema: {
      operationId: 'getRaffle',
      tags,
      summary: 'A raffle',
      params: z.object({ program_id: id, raffle_uid: id }),
      response: { 200: raffleSchema, ...errorResponses },
    },
    handler: async (request) =>
      getRaffle(await memberContextOf(request), request.params.program_id, request.params.raffle_uid),
  });

  api.post('/v5/me/programs/:program_id/raffles/:raffle_uid/register', {
    schema: {
      operationId: 'registerInRaffle',
      tags,
      summary: 'Register in a raffle: {"accepted_terms": true} plus the fields it asks for',
      params: z.object({ program_id: id, raffle_uid: id }),
      body: raffleRegisterBodySchema,
      response: { 201: raffleSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const { program_id, raffle_uid } = request.params;
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) =>
          registerInRaffle(ctx, tx, program_id, raffle_uid, request.body),
        ),
      );
    },
  });

  api.post('/v5/me/programs/:program_id/raffles/:raffle_uid/dismiss', {
    schema: {
      operationId: 'dismissRaffle',
      tags,
      summary: 'Hide a raffle',
      params: z.object({ program_id: id, raffle_uid: id }),
      body: emptyBody,
      response: { 200: raffleSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      const { program_id, raffle_uid } = request.params;
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) => dismissRaffle(ctx, tx, program_id, raffle_uid)),
      );
    },
  });

  api.get('/v5/me/programs/:program_uid/polls', {
    schema: {
      operationId: 'listPolls',
      tags,
      summary: "A program's polls; is_resolved=true for the answered ones",
      params: z.object({ program_uid: id }),
      querystring: pollsQuerySchema,
      response: { 200: pageSchema(pollSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await getPolls(
        await memberContextOf(request),
        request.params.program_uid,
        request.query.is_resolved,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/me/programs/:program_uid/polls/:poll_uid', {
    schema: {
      operationId: 'getPoll',
      tags,
      summary: 'A poll with its questions and options',
      params: z.object({ program_uid: id, poll_uid: id }),
      response: { 200: pollSchema, ...errorResponses },
    },
    handler: async (request) =>
      getPoll(await memberContextOf(request), request.params.program_uid, request.params.poll_uid),
  });

  api.post('/v5/me/polls/:poll/responses', {
    schema: {
      operationId: 'answerPoll',
      tags,
      summary: 'Answer a poll: every question, once per member',
      params: z.object({ poll: id }),
      body: pollResponseBodySchema,
      response: { 201: pollResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) =>
          answerPoll(ctx, tx, request.params.poll, request.body.answers),
        ),
      );
    },
  });

  api.get('/v5/companies/:company_uid/events', {
    config: { publicCache: true },
    schema: {
      operationId: 'listCompanyEvents',
      tags: ['events'],
      summary: "A company's events (apps with events enabled only)",
      params: z.object({ company_uid: id }),
      querystring: eventsQuerySchema,
      response: { 200: pageSchema(eventSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { ordering, from } = request.query;
      const { count, results } = await getEvents(
        contextOf(request),
        request.params.company_uid,
        { ordering: ordering ?? 'start_date,start_time', from },
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/events/:event_uid', {
    config: { publicCache: true },
    schema: {
      operationId: 'getEvent',
      tags: ['events'],
      summary: 'An event',
      params: z.object({ event_uid: id }),
      response: { 200: eventSchema, ...errorResponses },
    },
    handler: (request) => getEvent(contextOf(request), request.params.event_uid),
  });

  api.post('/v5/me/gift-cards/redeem/', {
    schema: {
      operationId: 'redeemGiftCard',
      tags,
      summary:
        "Load a gift card's amount onto the member's balance (docs/decisions/007-loyalty-ledger-and-gift-cards.md)",
      body: giftCardRedeemBodySchema,
      response: { 200: giftCardRedeemedSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = await memberContextOf(request);
      return sendResult(
        reply,
        await idempotentWrite(request, ctx.user.uid, (tx) => redeemGiftCard(ctx, tx, request.body.code)),
      );
    },
  });
};
