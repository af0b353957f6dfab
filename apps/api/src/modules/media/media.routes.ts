import multipart from '@fastify/multipart';
import { adminCompanyParamsSchema } from '@storefront/contracts/admin';
import { AppError, errorMessage } from '@storefront/contracts/errors';
import { MAX_IMAGE_BYTES } from '@storefront/contracts/media';
import { uploadedImageSchema } from '@storefront/contracts/media-upload';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../plugins/error-handler.ts';
import { matches } from '../../plugins/http-cache.ts';
import { resolveTenant } from '../../plugins/tenant.ts';
import { adminContextOf } from '../admin/access/admin-guard.ts';
import { imageFile, uploadImage } from './media.service.ts';

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
  // Any other address under /media/ (an empty segment, a deeper path) is a missing file too, not a page.
  fastify.get('/media/*', { schema: { hide: true } }, async () => {
    throw new AppError('NOT_FOUND');
  });
};

/**
 * The uploaded file's bytes, from the multipart field `file`: 413 past MAX_IMAGE_BYTES, 400 for a body
 * that is not a form with that file (not multipart, another field, a malformed form).
 */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  const required = () =>
    new AppError('IMAGE_REQUIRED', { file: [errorMessage('IMAGE_REQUIRED', request.language)] });
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw required();
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('IMAGE_TOO_LARGE');
    throw required();
  }
}

/** `POST /api/admin/companies/{company_uid}/images/`, in the admin guard's scope (admin.routes.ts). */
export const adminImageRoutes: FastifyPluginAsyncZod = async (api) => {
  // Only this scope reads forms: one file of up to 10 MB and nothing else.
  await api.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });
  api.post('/images/', {
    config: { adminRole: 'manager' },
    schema: {
      operationId: 'adminUploadImage',
      tags: ['admin', 'media'],
      summary:
        'Uploads a JPEG, PNG or WebP picture (multipart field `file`, up to 10 MB); answers its WebP widths',
      consumes: ['multipart/form-data'],
      params: adminCompanyParamsSchema,
      response: { 201: uploadedImageSchema, ...errorResponses, 413: errorBodySchema },
    },
    handler: async (request, reply) => {
      const ctx = adminContextOf(request);
      const image = await uploadImage(ctx, await uploadedBytes(request));
      return reply.code(201).send(image);
    },
  });
};
