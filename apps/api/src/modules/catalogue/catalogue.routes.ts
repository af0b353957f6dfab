import { areaSchema, companySchema } from '@storefront/contracts/app';
import {
  adSchema,
  allowedCompaniesQuerySchema,
  areasQuerySchema,
  categoriesQuerySchema,
  companyCategorySchema,
  listQuerySchema,
  pickupScheduleQuerySchema,
  pickupScheduleSchema,
  placeProductsQuerySchema,
  placeSchema,
  placesQuerySchema,
  productCategorySchema,
  productSchema,
  productsQuerySchema,
} from '@storefront/contracts/catalogue';
import { pageSchema } from '@storefront/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { contextOf } from '../../lib/request-context.ts';
import { errorResponses } from '../../plugins/error-handler.ts';
import * as catalogue from './catalogue.service.ts';

const uidParam = z.string().min(1).max(64);
const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/v7/areas/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listAreas',
      tags,
      summary:
        'Areas (cities) of the app, sorted by name; optionally of a country or with places of a company',
      querystring: areasQuerySchema,
      response: { 200: pageSchema(areaSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listAreas(contextOf(request), request.query, at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v7/places/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listPlaces',
      tags,
      summary: 'Places of the app, sorted by name; filters company and area (or locality)',
      querystring: placesQuerySchema,
      response: { 200: pageSchema(placeSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listPlaces(contextOf(request), request.query, at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v7/places/:place_uid/pickup-schedule/', {
    schema: {
      operationId: 'getPickupSchedule',
      tags,
      summary: "A place's 30-minute pickup slots on a date (today by default), after the lead time",
      params: z.object({ place_uid: uidParam }),
      querystring: pickupScheduleQuerySchema,
      response: { 200: pickupScheduleSchema, ...errorResponses },
    },
    handler: (request) =>
      catalogue.getPickupSchedule(contextOf(request), request.params.place_uid, request.query.date),
  });

  api.get('/v7/places/:place_uid/product-categories/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listPlaceProductCategories',
      tags,
      summary: 'Product categories with a product on sale in the place',
      params: z.object({ place_uid: uidParam }),
      querystring: listQuerySchema,
      response: { 200: pageSchema(productCategorySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listPlaceProductCategories(
        contextOf(request),
        request.params.place_uid,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v7/company/:company_uid/product-categories/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listCompanyProductCategories',
      tags,
      summary: "A company's product categories",
      params: z.object({ company_uid: uidParam }),
      querystring: listQuerySchema,
      response: { 200: pageSchema(productCategorySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listCompanyProductCategories(
        contextOf(request),
        request.params.company_uid,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  for (const redeemables of [false, true]) {
    api.get(`/v7/places/:place_uid/products/${redeemables ? 'redeemables/' : ''}`, {
      config: { publicCache: true, keptRead: true },
      schema: {
        operationId: redeemables ? 'listRedeemableProducts' : 'listPlaceProducts',
        tags,
        summary: redeemables
          ? "The place's redeemable products (bought with coins)"
          : "A place's menu: filters category (comma-separated uids, 000 = all), search, is_redeemable",
        params: z.object({ place_uid: uidParam }),
        querystring: placeProductsQuerySchema,
        response: { 200: pageSchema(productSchema), ...errorResponses },
      },
      handler: async (request) => {
        const at = pageRequest(request.query);
        const query = redeemables ? { ...request.query, is_redeemable: true } : request.query;
        const { count, results } = await catalogue.listPlaceProducts(
          contextOf(request),
          request.params.place_uid,
          query,
          at,
        );
        return pageOf(request, at, count, results);
      },
    });
  }

  api.get('/v7/places/:place_uid/products/:product_uid/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'getPlaceProduct',
      tags,
      summary: 'A product on sale in the place, with its active option groups and options',
      params: z.object({ place_uid: uidParam, product_uid: uidParam }),
      response: { 200: productSchema, ...errorResponses },
    },
    handler: (request) =>
      catalogue.getPlaceProduct(contextOf(request), request.params.place_uid, request.params.product_uid),
  });

  api.get('/v7/products/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listProducts',
      tags,
      summary: 'Products of the allowed companies; filters company, place, category, search, is_redeemable',
      querystring: productsQuerySchema,
      response: { 200: pageSchema(productSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listProducts(contextOf(request), request.query, at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v7/categories/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listCompanyCategories',
      tags,
      summary: 'Company categories of a multisite app, with their companies when with_companies=true',
      querystring: categoriesQuerySchema,
      response: { 200: pageSchema(companyCategorySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listCompanyCategories(contextOf(request), request.query, at);
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v7/apps/:uid_app/allowed-companies/', {
    config: { publicCache: true, keptRead: true },
    schema: {
      operationId: 'listAllowedCompanies',
      tags,
      summary: "The app's allowed companies; filters category and search",
      params: z.object({ uid_app: uidParam }),
      querystring: allowedCompaniesQuerySchema,
      response: { 200: pageSchema(companySchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listAllowedCompanies(
        contextOf(request),
        request.params.uid_app,
        request.query,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });

  api.get('/v5/companies/:company_uid/ads', {
    schema: {
      operationId: 'listCompanyAds',
      tags,
      summary: "A company's ads, in order",
      params: z.object({ company_uid: uidParam }),
      querystring: listQuerySchema,
      response: { 200: pageSchema(adSchema), ...errorResponses },
    },
    handler: async (request) => {
      const at = pageRequest(request.query);
      const { count, results } = await catalogue.listCompanyAds(
        contextOf(request),
        request.params.company_uid,
        at,
      );
      return pageOf(request, at, count, results);
    },
  });
};
