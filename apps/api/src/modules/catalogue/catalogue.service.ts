import type { Area } from '@storefront/contracts/app';
import type {
  Ad,
  CompanyCategory,
  PickupSchedule,
  Place,
  Product,
  ProductCategory,
} from '@storefront/contracts/catalogue';
import { AppError } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import { normaliseSearch, searchTerms } from '@storefront/contracts/search';
import type { WeeklyHours } from '@storefront/contracts/tenant-file-catalogue';
import type { PageRequest } from '../../lib/paging.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { toCompanyDto } from '../apps/apps.service.ts';
import * as repo from './catalogue.repository.ts';
import { isoWeekday, localNow, pickupSlots } from './pickup-schedule.ts';

export interface Listed<T> {
  count: number;
  results: T[];
}

/** A search of more words than this is cut: every word costs a condition. */
const MAX_SEARCH_TERMS = 8;
const termsOf = (search: string | undefined) => searchTerms(search ?? '').slice(0, MAX_SEARCH_TERMS);
const matchesAll = (text: string, terms: string[]) => {
  const normalised = normaliseSearch(text);
  return terms.every((term) => normalised.includes(term));
};

function toPlaceDto(row: repo.PlaceRow): Place {
  return {
    uid: row.uid,
    name: row.name,
    address: row.address,
    locality: { uid: row.areaUid, name: row.areaName },
    uses_country_delivery_service: row.usesCountryDeliveryService,
    company: { uid: row.companyUid, name: row.companyName },
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    shipping_methods: row.shippingMethods as Place['shipping_methods'],
  };
}

function toProductCategoryDto(row: repo.ProductCategoryRow): ProductCategory {
  return { uid: row.uid, name: row.name, image: row.image, color: row.color, position: row.position };
}

/** Products with their active option groups and options (one query for the groups of a whole page). */
async function toProductDtos(ctx: RequestContext, rows: repo.ProductRow[]): Promise<Product[]> {
  const groups = await repo.listActiveOptionGroups(
    ctx.db,
    rows.map((row) => row.product.uid),
  );
  return rows.map(({ product, categoryName, stock }) => ({
    id: product.id,
    uid: product.uid,
    title: product.title,
    name: product.title,
    short_description: product.shortDescription,
    description: product.description,
    image: product.image,
    image_reverse: product.imageReverse,
    unit_price: centsToDecimal(product.unitPrice),
    coin_price: product.isRedeemable ? product.coinPrice : null,
    stock,
    is_redeemable: product.isRedeemable,
    direct_purchase: product.directPurchase,
    option_groups: groups
      .filter(({ group }) => group.productUid === product.uid)
      .map(({ group, options }) => ({
        uid: group.uid,
        name: group.name,
        description: group.description,
        minimum_to_select: group.minimumToSelect,
        maximum_to_select: group.maximumToSelect,
        is_active: group.isActive,
        options: options.map((option) => ({
          uid: option.uid,
          name: option.name,
          description: option.description,
          price: centsToDecimal(option.price),
          is_active: option.isActive,
        })),
      })),
    brand: product.brand,
    sku: product.sku,
    category: product.categoryUid && categoryName ? { uid: product.categoryUid, name: categoryName } : null,
  }));
}

/** A place of the tenant's allowed companies; any other answers 404. */
async function placeOf(ctx: RequestContext, placeUid: string): Promise<repo.PlaceRow> {
  const place = await repo.findPlace(ctx.db, ctx.app.uid, placeUid);
  if (!place) throw new AppError('NOT_FOUND');
  return place;
}

async function allowedCompany(ctx: RequestContext, companyUid: string): Promise<void> {
  if (!(await repo.isAllowedCompany(ctx.db, ctx.app.uid, companyUid))) throw new AppError('NOT_FOUND');
}

export async function listAreas(
  ctx: RequestContext,
  query: { country?: string; company?: string },
  at: PageRequest,
): Promise<Listed<Area>> {
  if (query.company) await allowedCompany(ctx, query.company);
  const { count, rows } = await repo.listAreas(
    ctx.db,
    ctx.app.uid,
    { countryCode: query.country, companyUid: query.company },
    at,
  );
  return {
    count,
    results: rows.map((row) => ({ uid: row.uid, name: row.name, country_code: row.countryCode })),
  };
}

export async function listPlaces(
  ctx: RequestContext,
  query: { company?: string; area?: string; locality?: string },
  at: PageRequest,
): Promise<Listed<Place>> {
  if (query.company) await allowedCompany(ctx, query.company);
  if (query.area && query.locality && query.area !== query.locality) return { count: 0, results: [] };
  const { count, rows } = await repo.listPlaces(
    ctx.db,
    ctx.app.uid,
    { companyUid: query.company, areaUid: query.area ?? query.locality },
    at,
  );
  return { count, results: rows.map(toPlaceDto) };
}

/** The weekly opening hours (the pickup schedule's) of the tenant's places among `placeUids`, by place. */
export async function weeklyOpeningHours(
  ctx: RequestContext,
  placeUids: string[],
): Promise<Record<string, WeeklyHours[]>> {
  const byPlace: Record<string, WeeklyHours[]> = {};
  for (const row of await repo.listWeeklyOpeningHours(ctx.db, ctx.app.uid, placeUids)) {
    byPlace[row.placeUid] ??= [];
    byPlace[row.placeUid]?.push({
      weekday: row.weekday,
      opens: row.opens.slice(0, 5),
      closes: row.closes.slice(0, 5),
    });
  }
  return byPlace;
}

export async function getPickupSchedule(
  ctx: RequestContext,
  placeUid: string,
  date: string | undefined,
  now = new Date(),
): Promise<PickupSchedule> {
  const place = await placeOf(ctx, placeUid);
  const settings = await repo.findPickupSettings(ctx.db, place.uid);
  const today = localNow(now, settings?.timeZone ?? 'America/Lima');
  const day = date ?? today.date;
  const hours = await repo.listOpeningHours(ctx.db, place.uid, isoWeekday(day));
  return pickupSlots({
    date: day,
    today,
    leadMinutes: settings?.leadMinutes ?? 30,
    slotMinutes: settings?.slotMinutes,
    hours,
  });
}

export async function listPlaceProductCategories(
  ctx: RequestContext,
  placeUid: string,
  at: PageRequest,
): Promise<Listed<ProductCategory>> {
  const place = await placeOf(ctx, placeUid);
  const { count, rows } = await repo.listProductCategories(
    ctx.db,
    ctx.app.uid,
    place.companyUid,
    place.uid,
    at,
  );
  return { count, results: rows.map(toProductCategoryDto) };
}

export async function listCompanyProductCategories(
  ctx: RequestContext,
  companyUid: string,
  at: PageRequest,
): Promise<Listed<ProductCategory>> {
  await allowedCompany(ctx, companyUid);
  const { count, rows } = await repo.listProductCategories(ctx.db, ctx.app.uid, companyUid, null, at);
  return { count, results: rows.map(toProductCategoryDto) };
}

export interface ProductQuery {
  category?: string[];
  search?: string;
  is_redeemable?: boolean;
}

/** A place's menu: its company's active products on sale there, with the place's stock. */
export async function listPlaceProducts(
  ctx: RequestContext,
  placeUid: string,
  query: ProductQuery,
  at: PageRequest,
): Promise<Listed<Product>> {
  const place = await placeOf(ctx, placeUid);
  const { count, rows } = await repo.listProducts(
    ctx.db,
    ctx.app.uid,
    {
      companyUids: [place.companyUid],
      placeUid: place.uid,
      categoryUids: query.category ?? [],
      terms: termsOf(query.search),
      isRedeemable: query.is_redeemable,
    },
    at,
  );
  return { count, results: await toProductDtos(ctx, rows) };
}

export async function getPlaceProduct(
  ctx: RequestContext,
  placeUid: string,
  productUid: string,
): Promise<Product> {
  const place = await placeOf(ctx, placeUid);
  const row = await repo.findPlaceProduct(ctx.db, ctx.app.uid, place.companyUid, place.uid, productUid);
  if (!row) throw new AppError('NOT_FOUND');
  const [product] = await toProductDtos(ctx, [row]);
  return product as Product;
}

/**
 * Products across the app's allowed companies, or one company's, or one place's (then with its
 * stock; without a place the stock is null).
 */
export async function listProducts(
  ctx: RequestContext,
  query: ProductQuery & { company?: string; place?: string },
  at: PageRequest,
): Promise<Listed<Product>> {
  let companyUids: string[];
  if (query.place) {
    const place = await placeOf(ctx, query.place);
    if (query.company && query.company !== place.companyUid) return { count: 0, results: [] };
    companyUids = [place.companyUid];
  } else if (query.company) {
    await allowedCompany(ctx, query.company);
    companyUids = [query.company];
  } else {
    companyUids = (await repo.listAllowedCompanies(ctx.db, ctx.app.uid)).map((company) => company.uid);
  }
  const { count, rows } = await repo.listProducts(
    ctx.db,
    ctx.app.uid,
    {
      companyUids,
      placeUid: query.place,
      categoryUids: query.category ?? [],
      terms: termsOf(query.search),
      isRedeemable: query.is_redeemable,
    },
    at,
  );
  return { count, results: await toProductDtos(ctx, rows) };
}

/** Paging of a short list already in memory (an app allows tens of companies, not thousands). */
function pageInMemory<T>(items: T[], at: PageRequest): Listed<T> {
  return { count: items.length, results: items.slice(at.offset, at.offset + at.limit) };
}

/**
 * The company categories of a multisite app that hold allowed companies. A search keeps the
 * categories whose name matches (with all their companies) and those with a matching company
 * (with those companies).
 */
export async function listCompanyCategories(
  ctx: RequestContext,
  query: { app: string; with_companies?: boolean; search?: string },
  at: PageRequest,
): Promise<Listed<CompanyCategory>> {
  if (query.app !== ctx.app.uid) throw new AppError('NOT_FOUND');
  const [categories, companies] = await Promise.all([
    repo.listCompanyCategories(ctx.db, ctx.app.uid),
    repo.listAllowedCompanies(ctx.db, ctx.app.uid),
  ]);
  const terms = termsOf(query.search);
  const listed = categories.flatMap((category) => {
    const members = companies.filter((company) => company.categoryUid === category.uid);
    const shown = matchesAll(category.name, terms)
      ? members
      : members.filter((company) => matchesAll(company.name, terms));
    if (shown.length === 0) return [];
    const dto: CompanyCategory = {
      uid: category.uid,
      name: category.name,
      image: category.image,
      color: category.color,
    };
    if (query.with_companies)
      dto.companies = shown.map((company) => toCompanyDto(company, ctx.app.mainCompanyUid));
    return [dto];
  });
  return pageInMemory(listed, at);
}

export async function listAllowedCompanies(
  ctx: RequestContext,
  appUid: string,
  query: { category?: string; search?: string },
  at: PageRequest,
) {
  if (appUid !== ctx.app.uid) throw new AppError('NOT_FOUND');
  const terms = termsOf(query.search);
  const companies = (await repo.listAllowedCompanies(ctx.db, ctx.app.uid)).filter(
    (company) =>
      (!query.category || company.categoryUid === query.category) && matchesAll(company.name, terms),
  );
  return pageInMemory(
    companies.map((company) => toCompanyDto(company, ctx.app.mainCompanyUid)),
    at,
  );
}

export async function listCompanyAds(
  ctx: RequestContext,
  companyUid: string,
  at: PageRequest,
): Promise<Listed<Ad>> {
  await allowedCompany(ctx, companyUid);
  const { count, rows } = await repo.listAds(ctx.db, ctx.app.uid, companyUid, at);
  return {
    count,
    results: rows.map((ad) => ({
      uid: ad.uid,
      title: ad.title,
      image: ad.image,
      link: ad.link,
      position: ad.position,
    })),
  };
}
