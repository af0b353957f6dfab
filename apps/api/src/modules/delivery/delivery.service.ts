import { AppError } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { DeliveryZones, FareEstimate, FareEstimateBody } from '@storefront/contracts/orders';
import { normaliseSearch } from '@storefront/contracts/search';
import type { Executor } from '@storefront/db/client';
import type { RequestContext } from '../../lib/request-context.ts';
import { findPlace, type PlaceRow } from '../catalogue/catalogue.repository.ts';
import * as repo from './delivery.repository.ts';

export const DEFAULT_PAYMENT_METHODS = ['CASH'] as const;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km between two coordinates. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** The payment methods a place accepts (CASH when the tenant file says nothing). */
export async function paymentMethodsOf(db: Executor, placeUid: string): Promise<string[]> {
  const settings = await repo.findCheckoutSettings(db, placeUid);
  return settings?.paymentMethods ?? [...DEFAULT_PAYMENT_METHODS];
}

/**
 * The delivery fare to an address (architecture §4 Checkout): the flat fare of the zone that covers
 * the district, or else the distance rate from the place's coordinates. A place with neither has no
 * shipping methods; an address no zone covers, or too far, is an invalid address.
 */
export async function quoteFare(
  db: Executor,
  place: Pick<PlaceRow, 'uid' | 'latitude' | 'longitude' | 'usesCountryDeliveryService'>,
  to: { district?: string; address?: string; latitude?: number; longitude?: number },
): Promise<{ fare: number; etaMinutes: number }> {
  if (!to.district?.trim()) throw new AppError('DELIVERY_AREA_REQUIRED');
  if (!to.address?.trim()) throw new AppError('INVALID_DELIVERY_ADDRESS');
  const [settings, zones] = await Promise.all([
    repo.findCheckoutSettings(db, place.uid),
    repo.listZones(db, place.uid),
  ]);
  if (zones.length > 0) {
    const district = normaliseSearch(to.district);
    const zone = zones.find((z) => z.districts.some((name) => normaliseSearch(name) === district));
    if (!zone) throw new AppError('INVALID_DELIVERY_ADDRESS');
    return { fare: zone.fare, etaMinutes: zone.etaMinutes };
  }
  const rate = settings;
  if (rate?.distanceBaseFare != null && rate.distancePerKm != null && rate.distanceMaxKm != null) {
    if (place.latitude === null || place.longitude === null) throw new AppError('DELIVERY_SERVICE_ERROR');
    if (to.latitude === undefined || to.longitude === undefined)
      throw new AppError('INVALID_DELIVERY_ADDRESS');
    const km = distanceKm(
      { lat: place.latitude, lng: place.longitude },
      { lat: to.latitude, lng: to.longitude },
    );
    if (km > rate.distanceMaxKm) throw new AppError('INVALID_DELIVERY_ADDRESS');
    return { fare: rate.distanceBaseFare + Math.ceil(km * rate.distancePerKm), etaMinutes: rate.etaMinutes };
  }
  // A place that relies on the country's delivery service has no provider configured here.
  if (place.usesCountryDeliveryService) throw new AppError('DELIVERY_SERVICE_ERROR');
  throw new AppError('NO_SHIPPING_METHODS');
}

/**
 * GET v7/deliveries/places/{place_uid}/zones/: the districts the place delivers to, for the checkout
 * to offer as a choice (empty for a place that charges by distance or has no delivery).
 */
export async function deliveryZones(ctx: RequestContext, placeUid: string): Promise<DeliveryZones> {
  const place = await findPlace(ctx.db, ctx.app.uid, placeUid);
  if (!place) throw new AppError('NOT_FOUND');
  const zones = await repo.listZones(ctx.db, place.uid);
  return {
    results: zones.map((zone) => ({
      uid: zone.uid,
      name: zone.name,
      districts: zone.districts,
      fare: centsToDecimal(zone.fare),
      eta_minutes: zone.etaMinutes,
    })),
  };
}

/** POST v7/deliveries/places/{place_uid}/fare-estimate/. */
export async function estimateFare(
  ctx: RequestContext,
  placeUid: string,
  body: FareEstimateBody,
): Promise<FareEstimate> {
  const place = await findPlace(ctx.db, ctx.app.uid, placeUid);
  if (!place) throw new AppError('NOT_FOUND');
  const quote = await quoteFare(ctx.db, place, body);
  return {
    fare: centsToDecimal(quote.fare),
    currency: ctx.app.currencySymbol,
    eta_minutes: quote.etaMinutes,
  };
}
