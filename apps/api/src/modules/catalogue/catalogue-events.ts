import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgChannel } from '../../lib/pg-channel.ts';

/** What the admin API announces on the channel catalogue_events at commit (admin catalogue repository). */
export interface CatalogueNotice {
  app: string;
  company: string;
}

/**
 * Every API process hears the admin's catalogue changes (prices, offers, stock, sold out, categories)
 * and drops its kept menu pages and server-rendered pages of the notice's app (those of other apps stay
 * kept), so that the storefront shows the change at once on every process. Without a page cache (MENU_CACHE_SECONDS=0) there is nothing to drop.
 */
export const catalogueEventsPlugin = fp(async function catalogueEvents(fastify: FastifyInstance) {
  if (fastify.menuCache.seconds === 0) return;
  const channel = new PgChannel<CatalogueNotice>(fastify.db, 'catalogue_events');
  fastify.addHook('onReady', async () => {
    await channel.subscribe((notice) => fastify.menuCache.catalogueChanged(notice.app));
  });
  fastify.addHook('onClose', () => channel.close());
});
