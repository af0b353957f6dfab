import compress from '@fastify/compress';
import type { Database } from '@storefront/db/client';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { requestLogFields } from './lib/log-redaction.ts';
import { OneLineRequestLog } from './lib/request-log.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { adminRouteTablePlugin } from './modules/admin/access/admin-guard.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { appEventsPlugin } from './modules/apps/app-events.ts';
import { appsRoutes } from './modules/apps/apps.routes.ts';
import { webManifestRoutes } from './modules/apps/web-manifest.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { catalogueEventsPlugin } from './modules/catalogue/catalogue-events.ts';
import { createMenuCache } from './modules/catalogue/menu-cache.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { devMailboxRoutes } from './modules/mail/mail.routes.ts';
import { mediaFileRoutes } from './modules/media/media.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paymentsSandboxRoutes } from './modules/payments/sandbox/sandbox.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { loadVapid, type Vapid } from './modules/push/vapid.ts';
import { retailRoutes } from './modules/retail/retail.routes.ts';
import { adminSitePlugin } from './plugins/admin-site.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.ts';
import { httpCachePlugin } from './plugins/http-cache.ts';
import { createKeptAnswers, keptAnswersPlugin } from './plugins/kept-answers.ts';
import { keptReadsPlugin } from './plugins/kept-reads.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { storefrontPlugin } from './plugins/storefront.ts';
import { tenantPlugin } from './plugins/tenant.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    /** The VAPID keys, read (or made) once per process. */
    vapid: () => Promise<Vapid>;
  }
}

export type AppConfig = Pick<
  Config,
  | 'production'
  | 'WEB_DIST'
  | 'PUBLIC_URL'
  | 'TRUST_PROXY'
  | 'GOOGLE_OAUTH_URL'
  | 'FACEBOOK_GRAPH_URL'
  | 'APPLE_KEYS_URL'
  | 'RECAPTCHA_VERIFY_URL'
  | 'REDIS_URL'
  | 'METRICS_TOKEN'
  | 'CULQI_API_URL'
  | 'CULQI_CHECKOUT_URL'
  | 'CULQI_3DS_URL'
  | 'MERCADOPAGO_API_URL'
  | 'MERCADOPAGO_SDK_URL'
> &
  // Absent: the development key (decision 026) and the default hold.
  Partial<Pick<Config, 'SECRETS_KEY' | 'PAYMENT_HOLD_MINUTES'>> &
  // Absent (the tests' apps): every request looks its tenant up and computes its menu page, and
  // order-board streams last the default lifetime.
  Partial<Pick<Config, 'TENANT_CACHE_SECONDS' | 'MENU_CACHE_SECONDS' | 'ORDER_STREAM_MAX_SECONDS'>> &
  // Absent (the tests' apps): admin.localhost, and no admin site built.
  Partial<Pick<Config, 'ADMIN_HOST' | 'ADMIN_DIST'>> &
  // Absent: keys made and kept in the database, and loopback push endpoints refused.
  Partial<Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_ALLOW_LOOPBACK'>>;

export interface BuildOptions {
  config: AppConfig;
  db: Database;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function: Fastify trusts no one for a
 * bare number (it cannot check the first peer), and counting hops from the server is what it means.
 */
function trustProxy(setting: AppConfig['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** Registers plugins, then modules; does not listen, so that tests can inject requests. */
export async function buildApp({ config, db, logger = false }: BuildOptions) {
  const keptAnswers = createKeptAnswers(config.MENU_CACHE_SECONDS ?? 0);
  const fastify = Fastify({
    serverFactory: keptAnswers.serverFactory,
    logger: logger && { ...(logger === true ? {} : logger), serializers: { req: requestLogFields } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxy(config.TRUST_PROXY),
    logController: new OneLineRequestLog(),
    return503OnClosing: true,
    frameworkErrors,
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.decorate('db', db);
  fastify.decorate('config', config);
  let vapid: Promise<Vapid> | undefined;
  fastify.decorate('vapid', () => {
    vapid ??= loadVapid(db, config).catch((error) => {
      vapid = undefined;
      throw error;
    });
    return vapid;
  });
  fastify.decorate('menuCache', createMenuCache(config.MENU_CACHE_SECONDS ?? 0));
  fastify.decorate('keptAnswers', keptAnswers);

  await fastify.register(errorHandlerPlugin);
  await fastify.register(securityHeadersPlugin, { production: config.production });
  await fastify.register(tenantPlugin);
  await fastify.register(httpCachePlugin);
  await fastify.register(keptReadsPlugin);
  await fastify.register(metricsPlugin, { token: config.METRICS_TOKEN });
  await fastify.register(keptAnswersPlugin);
  await fastify.register(authPlugin);
  await fastify.register(rateLimitPlugin);
  await fastify.register(docsPlugin);
  await fastify.register(adminRouteTablePlugin);
  await fastify.register(catalogueEventsPlugin);
  await fastify.register(appEventsPlugin);

  await fastify.register(
    async (api) => {
      // JSON answers over 1 KiB go compressed (a menu page: 12 KiB → 2 KiB); the storefront's files are
      // precompressed at build time and index.html by its own route.
      await api.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
      await api.register(healthRoutes);
      await api.register(appsRoutes);
      await api.register(contentRoutes);
      await api.register(catalogueRoutes);
      await api.register(cartRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentsRoutes);
      await api.register(couponsRoutes);
      await api.register(deliveryRoutes);
      await api.register(accountsRoutes);
      await api.register(addressesRoutes);
      await api.register(loyaltyRoutes);
      await api.register(retailRoutes);
      await api.register(pushRoutes);
      await api.register(adminRoutes);
      if (!config.production) {
        await api.register(devMailboxRoutes);
        await api.register(paymentsSandboxRoutes);
      }
    },
    { prefix: '/api' },
  );

  await fastify.register(mediaFileRoutes);
  await fastify.register(webManifestRoutes, { distDir: config.WEB_DIST });
  await fastify.register(adminSitePlugin, {
    host: config.ADMIN_HOST ?? 'admin.localhost',
    distDir: config.ADMIN_DIST ?? '/nonexistent',
  });
  await fastify.register(storefrontPlugin, { distDir: config.WEB_DIST });
  return fastify;
}
