import multipart from '@fastify/multipart';
import { adminCompanyParamsSchema, conflictSchema } from '@storefront/contracts/admin';
import {
  adminProductSchema,
  adminProductsExportQuerySchema,
  adminProductsImportSummarySchema,
  MAX_IMPORT_BYTES,
} from '@storefront/contracts/admin-catalogue';
import { AppError } from '@storefront/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import { exportProducts, importProducts } from './products-file.service.ts';

const tags = ['admin'];
const config = { adminRole: 'manager' as const };

/** The uploaded file's bytes (multipart field `file`): 413 past 10 MB, 400 for anything but that file. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw new AppError('IMPORT_FILE_REQUIRED');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('IMPORT_TOO_LARGE');
    throw new AppError('IMPORT_FILE_REQUIRED');
  }
}

/** `products/export/` and `products/import/` (decision 022), in the admin guard's scope. */
export const adminProductsFileRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });

  api.get('/products/export/', {
    config,
    schema: {
      operationId: 'adminExportProducts',
      tags,
      summary:
        'Every product of the company as a CSV or XLSX file, in the columns the import takes (uid, sku, title, …)',
      params: adminCompanyParamsSchema,
      querystring: adminProductsExportQuerySchema,
      response: { 200: z.any().describe('The file (text/csv or XLSX)'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { format } = request.query;
      const file = await exportProducts(adminContextOf(request), format);
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header(
          'content-disposition',
          `attachment; filename="products-${request.params.companyUid}.${format}"`,
        )
        .send(file as never); // a Buffer goes out as is, past the JSON serializer
    },
  });

  api.post('/products/import/', {
    config,
    schema: {
      operationId: 'adminImportProducts',
      tags,
      summary:
        'Creates or updates products from a CSV or XLSX file (multipart field `file`, up to 10 MB), matched by uid or sku; all or nothing: a refused row answers 400 {rows: [{row, errors}]} and writes nothing; written in short batches, a product changed meanwhile answers 409 and undoes the batches written',
      consumes: ['multipart/form-data'],
      params: adminCompanyParamsSchema,
      response: {
        200: adminProductsImportSummarySchema,
        409: conflictSchema(adminProductSchema),
        ...errorResponses,
        413: errorBodySchema,
      },
    },
    // This process drops its menu pages after each batch that moved them; the others hear catalogue_events.
    handler: async (request) => {
      const ctx = adminContextOf(request);
      return importProducts(ctx, await uploadedFile(request), () =>
        request.server.menuCache.catalogueChanged(ctx.company.appUid),
      );
    },
  });
};
