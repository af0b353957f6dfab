import {
  adminCompanyParamsSchema,
  adminObjectParamsSchema,
  conflictSchema,
  ifMatchSchema,
} from '@storefront/contracts/admin';
import {
  adminAvailabilityCreateSchema,
  adminAvailabilityParamsSchema,
  adminAvailabilityPatchSchema,
  adminAvailabilityQuerySchema,
  adminAvailabilitySchema,
  adminCategoriesQuerySchema,
  adminCategoryCreateSchema,
  adminCategoryPatchSchema,
  adminCategorySchema,
  adminProductCreateSchema,
  adminProductPatchSchema,
  adminProductSchema,
  adminProductsQuerySchema,
} from '@storefront/contracts/admin-catalogue';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageRequest } from '../../../lib/paging.ts';
import { errorResponses } from '../../../plugins/error-handler.ts';
import { adminContextOf } from '../access/admin-guard.ts';
import * as availability from './availability.service.ts';
import * as categories from './categories.service.ts';
import * as products from './products.service.ts';
import { etagOf } from './versions.ts';

const tags = ['admin'];
/** `If-Match: "<version>"` on PATCH and DELETE; other headers pass. */
export const ifMatchHeaders = z.looseObject({ 'if-match': ifMatchSchema.optional() });
export const ifMatchOf = (request: FastifyRequest) =>
  (request.headers as { 'if-match'?: number })['if-match'];

/** Sends the object with its version as ETag. */
export const withEtag = <T extends { version: number }>(reply: FastifyReply, object: T, status = 200) => {
  reply.code(status).header('etag', etagOf(object.version));
  return object;
};

/**
 * List, create, read, update and delete of one admin resource: the same shapes, statuses, ETag and
 * If-Match for each (the contract in packages/contracts/src/admin.ts). Without `remove`, no DELETE.
 */
export function crud<
  Item extends z.ZodType<{ version: number }>,
  Create extends z.ZodType,
  Patch extends z.ZodType,
  Query extends z.ZodType,
  Params extends z.ZodType<{ companyUid: string; uid: string }>,
>(
  // The plain instance: the item types are generic here; zod still validates and serialises each route.
  api: FastifyInstance,
  spec: {
    path: string;
    name: string;
    item: Item;
    create: Create;
    patch: Patch;
    query: Query;
    params: Params;
    describe: string;
    service: {
      list: (
        ctx: ReturnType<typeof adminContextOf>,
        query: z.infer<Query>,
        at: ReturnType<typeof pageRequest>,
      ) => Promise<{ count: number; results: z.infer<Item>[] }>;
      get: (ctx: ReturnType<typeof adminContextOf>, uid: string) => Promise<z.infer<Item>>;
      create: (ctx: ReturnType<typeof adminContextOf>, body: z.infer<Create>) => Promise<z.infer<Item>>;
      update: (
        ctx: ReturnType<typeof adminContextOf>,
        uid: string,
        body: z.infer<Patch>,
        ifMatch: number | undefined,
      ) => Promise<z.infer<Item>>;
      remove?: (
        ctx: ReturnType<typeof adminContextOf>,
        uid: string,
        ifMatch: number | undefined,
      ) => Promise<void>;
    };
  },
) {
  const { path, name, item, service } = spec;
  const capital = name[0]?.toUpperCase() + name.slice(1);
  const config = { adminRole: 'manager' as const };
  api.get(`/${path}/`, {
    config,
    schema: {
      operationId: `adminList${capital}`,
      tags,
      summary: spec.describe,
      params: adminCompanyParamsSchema,
      querystring: spec.query,
      response: { 200: pageSchema(item), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query as { page?: number; page_size?: number });
      const { count, results } = await service.list(
        adminContextOf(request),
        request.query as z.infer<Query>,
        at,
      );
      return pageOf(request, at, count, results, { relative: true });
    },
  });
  api.post(`/${path}/`, {
    config,
    schema: {
      operationId: `adminCreate${capital}`,
      tags,
      summary: `Creates one (${name})`,
      params: adminCompanyParamsSchema,
      body: spec.create,
      response: { 201: item, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await service.create(adminContextOf(request), request.body as z.infer<Create>), 201),
  });
  api.get(`/${path}/:uid/`, {
    config,
    schema: {
      operationId: `adminGet${capital}`,
      tags,
      summary: `One (${name}), with its version as ETag`,
      params: spec.params,
      response: { 200: item, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await service.get(adminContextOf(request), (request.params as { uid: string }).uid)),
  });
  api.patch(`/${path}/:uid/`, {
    config,
    schema: {
      operationId: `adminUpdate${capital}`,
      tags,
      summary: `Changes the fields sent (${name}); If-Match: "<version>" answers 409 with the current one when stale`,
      params: spec.params,
      headers: ifMatchHeaders,
      body: spec.patch,
      response: { 200: item, 409: conflictSchema(item), ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(
        reply,
        await service.update(
          adminContextOf(request),
          (request.params as { uid: string }).uid,
          request.body as z.infer<Patch>,
          ifMatchOf(request),
        ),
      ),
  });
  const { remove } = service;
  if (!remove) return;
  api.delete(`/${path}/:uid/`, {
    config,
    schema: {
      operationId: `adminDelete${capital}`,
      tags,
      summary: `Deletes one (${name}); If-Match as for PATCH`,
      params: spec.params,
      headers: ifMatchHeaders,
      response: { 204: z.null(), 409: conflictSchema(item), ...errorResponses },
    },
    handler: async (request, reply) => {
      await remove(adminContextOf(request), (request.params as { uid: string }).uid, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  });
}

/** Categories, products (with duplicate) and availability per place: owners and managers. */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (api) => {
  // This process drops its menu pages before answering a write; the others hear catalogue_events.
  api.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300)
      request.server.menuCache.catalogueChanged(adminContextOf(request).company.appUid);
  });
  crud(api, {
    path: 'categories',
    name: 'categories',
    item: adminCategorySchema,
    create: adminCategoryCreateSchema,
    patch: adminCategoryPatchSchema,
    query: adminCategoriesQuerySchema,
    params: adminObjectParamsSchema,
    describe: "The company's product categories: search (name), ordering position or name",
    service: {
      list: categories.listCategories,
      get: categories.getCategory,
      create: categories.createCategory,
      update: categories.updateCategory,
      remove: categories.deleteCategory,
    },
  });
  crud(api, {
    path: 'products',
    name: 'products',
    item: adminProductSchema,
    create: adminProductCreateSchema,
    patch: adminProductPatchSchema,
    query: adminProductsQuerySchema,
    params: adminObjectParamsSchema,
    describe:
      "The company's products: search (title, brand, sku), filters category, is_active, is_redeemable, brand; ordering title, price, sku, brand",
    service: {
      list: products.listProducts,
      get: products.getProduct,
      create: products.createProduct,
      update: products.updateProduct,
      remove: products.deleteProduct,
    },
  });
  api.post('/products/:uid/duplicate/', {
    config: { adminRole: 'manager' },
    schema: {
      operationId: 'adminDuplicateProduct',
      tags,
      summary: 'A copy of the product (inactive, sold nowhere yet) with new uids',
      params: adminObjectParamsSchema,
      querystring: z.strictObject({}),
      response: { 201: adminProductSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      withEtag(reply, await products.duplicateProduct(adminContextOf(request), request.params.uid), 201),
  });
  crud(api, {
    path: 'availability',
    name: 'availability',
    item: adminAvailabilitySchema,
    create: adminAvailabilityCreateSchema,
    patch: adminAvailabilityPatchSchema,
    query: adminAvailabilityQuerySchema,
    params: adminAvailabilityParamsSchema,
    describe:
      'Which products each place sells, with its stock (null = unlimited) and sold_out: filters place, product, available, sold_out; search; ordering product, place, stock',
    service: {
      list: availability.listAvailability,
      get: availability.getAvailability,
      create: availability.createAvailability,
      update: availability.updateAvailability,
      remove: availability.deleteAvailability,
    },
  });
};
