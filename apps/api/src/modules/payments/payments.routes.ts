import { AppError } from '@storefront/contracts/errors';
import { orderSchema } from '@storefront/contracts/orders';
import {
  memberPaymentBodySchema,
  type PaymentProviderName,
  PREPAID_METHODS,
  type PrepaidMethod,
  placePaymentSettingsSchema,
  retailPaymentBodySchema,
} from '@storefront/contracts/payments';
import { decryptSecret } from '@storefront/db/secrets';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretsKey } from '../../config.ts';
import { contextOf, memberContextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import { paymentMethodsOf } from '../delivery/delivery.service.ts';
import { findOrderOfApp, insertAudit, placesByUid } from '../retail/retail.repository.ts';
import { placeOf, staffContextOf } from '../retail/retail.service.ts';
import { eventHints } from './event-hints.ts';
import { culqiEventChargeId, validMercadoPagoSignature } from './events.ts';
import * as repo from './payments.repository.ts';
import {
  handleEvent,
  memberPayment,
  orderWithPayment,
  paymentDeps,
  settleTransfer,
  transferOf,
} from './payments.service.ts';

const tags = ['payments'];
const eventAnswer = z.object({ received: z.boolean() });

export const paymentsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v5/places/:place_uid/payment-settings/', {
    schema: {
      operationId: 'placePaymentSettings',
      tags,
      summary:
        "What the checkout needs to pay online at a place: its company's provider, public key and script",
      params: z.object({ place_uid: z.string().min(1).max(64) }),
      response: { 200: placePaymentSettingsSchema, ...errorResponses },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const [place] = await placesByUid(ctx.db, ctx.app.uid, [request.params.place_uid]);
      if (!place) throw new AppError('NOT_FOUND');
      const settings = await repo.findSettings(ctx.db, place.companyUid);
      const provider = settings?.enabled ? settings.provider : null;
      const config = request.server.config;
      const transfer = transferOf(settings);
      const accepted = await paymentMethodsOf(ctx.db, place.uid);
      const takes = (method: PrepaidMethod) =>
        method === 'TRANSFER'
          ? transfer !== null
          : provider !== null && (method !== 'YAPE' || provider === 'CULQI');
      return {
        methods: PREPAID_METHODS.filter((method) => accepted.includes(method) && takes(method)),
        provider,
        public_key: provider ? (settings?.publicKey ?? null) : null,
        script_url: provider
          ? provider === 'CULQI'
            ? config.CULQI_CHECKOUT_URL
            : config.MERCADOPAGO_SDK_URL
          : null,
        three_ds_url: provider === 'CULQI' ? config.CULQI_3DS_URL : null,
        transfer,
      };
    },
  });

  api.post('/v5/me/orders/:order_uid/payment/', {
    schema: {
      operationId: 'payMyOrder',
      tags,
      summary:
        'Pays an order waiting for its payment again: the 3DS step of a card (authentication_3ds), or the operation number of a transfer',
      params: z.object({ order_uid: z.uuid() }),
      body: memberPaymentBodySchema,
      response: { 200: orderSchema, ...errorResponses },
    },
    handler: async (request) => {
      const ctx = await memberContextOf(request);
      return memberPayment(
        paymentDeps(request),
        { appUid: ctx.app.uid, userUid: ctx.user.uid, language: ctx.language },
        request.params.order_uid,
        request.body,
      );
    },
  });

  api.post('/v5/retail/orders/:order_uid/payment/', {
    schema: {
      operationId: 'settleTransfer',
      tags,
      summary:
        "Staff of the order's place confirm a transfer ({operation_number}: RECEIVED; a number the company already took is refused) or reject it ({reject: true}: PAYMENT_FAILED, everything given back); never their own order",
      params: z.object({ order_uid: z.uuid() }),
      body: retailPaymentBodySchema,
      response: { 200: orderSchema, ...errorResponses },
    },
    handler: async (request) => {
      const ctx = await staffContextOf(request);
      const order = await ctx.db.transaction(async (tx) => {
        const found = await findOrderOfApp(tx, ctx.app.uid, request.params.order_uid);
        if (!found) throw new AppError('NOT_FOUND');
        const { place } = await placeOf(ctx, found.placeUid, tx);
        const moved = await settleTransfer(
          tx,
          found,
          { userUid: ctx.user.uid, language: ctx.language },
          request.body,
        );
        await insertAudit(tx, {
          appUid: ctx.app.uid,
          companyUid: place.companyUid,
          placeUid: place.uid,
          staffUserUid: ctx.user.uid,
          action: 'ORDER_STATUS',
          memberUserUid: found.userUid,
          subjectType: 'order',
          subjectId: found.uid,
          details: { status: moved.status, transfer: request.body },
        });
        return orderWithPayment(tx, moved, place.name);
      });
      // A rejection gave stock back.
      request.server.menuCache.placeChanged(ctx.app.uid, order.place.uid);
      return order;
    },
  });

  // Provider events: checked (the company of the host's app taking that provider, the charge named,
  // Mercado Pago's signature) and answered at once; the charge is read back and applied after the
  // answer, coalesced per charge (event-hints.ts). A Mercado Pago notification without a valid
  // signature is refused, and a company of another app (the event's host names the app), or one that
  // does not take Culqi on Culqi's route, is not found.
  const hints = eventHints(
    api.db,
    (companyUid, provider, chargeId) =>
      handleEvent({ db: api.db, config: api.config, log: api.log }, companyUid, provider, chargeId),
    api.log,
  );
  api.addHook('onClose', () => hints.idle());
  const companyParams = z.object({ company_uid: z.string().min(1).max(64) });
  // What the events need of a company (its provider, Mercado Pago's webhook secret), kept for
  // TENANT_CACHE_SECONDS: a changed provider counts within those seconds, and a signature the kept
  // secret does not verify is checked again against the stored one (just set or changed).
  const keptMs = (api.config.TENANT_CACHE_SECONDS ?? 0) * 1000;
  type EventCompany = { until: number; provider: PaymentProviderName | null; secret: string | null };
  const kept = new Map<string, EventCompany>();
  const keyOf = (request: FastifyRequest, companyUid: string) =>
    `${contextOf(request).app.uid} ${companyUid}`;
  const storedCompany = async (request: FastifyRequest, companyUid: string): Promise<EventCompany> => {
    const ctx = contextOf(request);
    const company = await repo.eventCompany(ctx.db, ctx.app.uid, companyUid);
    if (!company) throw new AppError('NOT_FOUND');
    const found = {
      until: Date.now() + keptMs,
      provider: company.provider,
      secret:
        company.provider === 'MERCADO_PAGO' && company.webhookSecretEncrypted
          ? decryptSecret(secretsKey(api.config), company.webhookSecretEncrypted)
          : null,
    };
    if (keptMs > 0) {
      if (kept.size >= 1000) kept.clear();
      kept.set(keyOf(request, companyUid), found);
    }
    return found;
  };
  const keptCompany = (request: FastifyRequest, companyUid: string) => {
    const found = kept.get(keyOf(request, companyUid));
    return found && found.until > Date.now() ? found : null;
  };

  api.post('/v5/payments/culqi/:company_uid/events/', {
    schema: {
      operationId: 'culqiEvent',
      tags,
      summary:
        "Culqi's events (not signed) of a company taking Culqi: answered at once; the charge named is then read back from Culqi and applied",
      params: companyParams,
      body: z.unknown(),
      response: { 200: eventAnswer, ...errorResponses },
    },
    handler: async (request) => {
      const companyUid = request.params.company_uid;
      const company = keptCompany(request, companyUid) ?? (await storedCompany(request, companyUid));
      // Culqi's events are not signed: a company on Mercado Pago, whose are, has none here.
      if (company.provider !== 'CULQI') throw new AppError('NOT_FOUND');
      const chargeId = culqiEventChargeId(request.body);
      if (chargeId) hints.hint(companyUid, 'CULQI', chargeId);
      return { received: true };
    },
  });

  api.post('/v5/payments/mercadopago/:company_uid/events/', {
    schema: {
      operationId: 'mercadoPagoEvent',
      tags,
      summary:
        "Mercado Pago's notifications, checked against x-signature (older than 5 minutes refused) and answered at once; the payment is then read back and applied",
      params: companyParams,
      querystring: z.looseObject({ 'data.id': z.string().max(100).optional(), type: z.string().optional() }),
      body: z.unknown(),
      response: { 200: eventAnswer, ...errorResponses },
    },
    handler: async (request) => {
      const companyUid = request.params.company_uid;
      const body = request.body as { data?: { id?: unknown }; type?: unknown } | null;
      const dataId = String(request.query['data.id'] ?? body?.data?.id ?? '');
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const signedWith = (secret: string | null) =>
        secret !== null &&
        dataId !== '' &&
        validMercadoPagoSignature(secret, header('x-signature'), header('x-request-id'), dataId);
      if (
        !signedWith(keptCompany(request, companyUid)?.secret ?? null) &&
        !signedWith((await storedCompany(request, companyUid)).secret)
      )
        throw new AppError('FORBIDDEN');
      // A payment's id of the shape Mercado Pago gives (digits); anything else is not read back.
      if ((request.query.type ?? body?.type) === 'payment' && /^[\w-]{1,100}$/.test(dataId))
        hints.hint(companyUid, 'MERCADO_PAGO', dataId);
      return { received: true };
    },
  });
};
