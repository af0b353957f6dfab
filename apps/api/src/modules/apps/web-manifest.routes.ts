import { AppError } from '@storefront/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { errorBodySchema } from '../../plugins/error-handler.ts';
import { resolveTenant } from '../../plugins/tenant.ts';
import { squareIcon } from '../media/image-processing.ts';
import { ICON_SIZES, iconVersion, logoBytes, themeColor, webManifest } from './web-manifest.ts';

/** Each shop's web manifest and its icons, made from its logo (issue 30 item 4), on the shop's domain. */
export const webManifestRoutes: FastifyPluginAsyncZod<{ distDir: string }> = async (fastify, options) => {
  // Icons by app, version and size: drawing one takes sharp tens of milliseconds.
  const icons = new LRUCache<string, Promise<Buffer>>({ max: 200 });

  fastify.get('/manifest.webmanifest', {
    schema: {
      operationId: 'getWebManifest',
      tags: ['apps'],
      summary: "The shop's web app manifest: its name, colours and icons",
      response: { 200: z.any(), 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const app = await resolveTenant(request);
      if (!app) throw new AppError('APP_NOT_FOUND');
      return reply
        .type('application/manifest+json')
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(webManifest(app)));
    },
  });

  for (const size of ICON_SIZES) {
    fastify.get(`/app-icons/${size}.png`, {
      schema: {
        operationId: `getAppIcon${size}`,
        tags: ['apps'],
        summary: `The shop's icon as PNG, ${size} pixels square, made from its logo`,
        response: { 200: z.any().describe('The PNG file (image/png)'), 404: errorBodySchema },
      },
      handler: async (request, reply) => {
        const app = await resolveTenant(request);
        if (!app) throw new AppError('APP_NOT_FOUND');
        const key = `${app.uid} ${iconVersion(app)} ${size}`;
        let icon = icons.get(key);
        if (!icon) {
          icon = logoBytes(fastify.db, app, options.distDir).then((logo) =>
            squareIcon(logo, size, themeColor(app)),
          );
          icons.set(key, icon);
          icon.catch(() => icons.delete(key));
        }
        return reply
          .type('image/png')
          .header('cache-control', 'public, max-age=86400')
          .send(await icon);
      },
    });
  }
};
