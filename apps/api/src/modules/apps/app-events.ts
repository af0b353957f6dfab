import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgChannel } from '../../lib/pg-channel.ts';

/** What the admin API announces on the channel app_events at commit (admin settings and operator). */
export interface AppNotice {
  app: string;
}

/**
 * This process forgets what it kept of apps: the tenant look-ups (the app record's settings, which host
 * is which app) and the pages built from them. Every app's, not the notice's only: these writes are rare
 * (an owner's settings, an operator's new app), and a new app's domain moves what a host answers.
 */
export function forgetApps(fastify: FastifyInstance) {
  fastify.tenants.clear();
  fastify.menuCache.everythingChanged();
}

/**
 * Every API process hears the admin's changes to an app (its settings, a new app's domains) and forgets
 * its copies, so that the storefront shows them at once on every process. The writing process forgets
 * before it answers (`forgetAppsOnWrite`). Without caches there is nothing to forget.
 */
export const appEventsPlugin = fp(async function appEvents(fastify: FastifyInstance) {
  if (fastify.menuCache.seconds === 0 && fastify.tenants.seconds === 0) return;
  const channel = new PgChannel<AppNotice>(fastify.db, 'app_events');
  fastify.addHook('onReady', async () => {
    await channel.subscribe(() => forgetApps(fastify));
  });
  fastify.addHook('onClose', () => channel.close());
});

/** A scope's successful writes make this process forget its copies before the answer leaves. */
export function forgetAppsOnWrite(scope: FastifyInstance) {
  scope.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) forgetApps(request.server);
  });
}
