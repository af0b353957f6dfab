import { AppError } from '@storefront/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../plugins/error-handler.ts';
import { matches } from '../../plugins/http-cache.ts';
import { resolveTenant } from '../../plugins/tenant.ts';
import { imageFile } from './media.service.ts';

/** A file's address names its content for good (decision 020), so any cache may keep it a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const IMAGE_UID = /^[A-Za-z0-9_-]{1,64}$/;
const WEBP_FILE = /^([1-9]\d{0,4})\.webp$/;

/** The stored images' files, on every host: `/media/<uid>/<width>.webp`. */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/media/:uid/:file', {
    schema: {
      operationId: 'getImageFile',
      tags: ['media'],
      summary:
        "One width of an uploaded image as WebP; on a shop's domain only the images of the companies it shows",
      params: z.object({ uid: z.string().max(100), file: z.string().max(100) }),
      response: {
        200: z.any().describe('The WebP file (image/webp)'),
        304: z.null().describe('Not modified (If-None-Match)'),
        404: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const { uid, file: name } = request.params;
      const width = WEBP_FILE.exec(name)?.[1];
      if (!width || !IMAGE_UID.test(uid)) throw new AppError('NOT_FOUND');
      const app = await resolveTenant(request);
      const file = await imageFile(
        { db: fastify.db, language: request.language },
        app?.uid ?? null,
        uid,
        Number(width),
      );
      const etag = `"${file.contentHash}"`;
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).header('etag', etag);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply.type('image/webp').send(file.bytes);
    },
  });
};
