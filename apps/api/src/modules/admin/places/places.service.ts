import { randomUUID } from 'node:crypto';
import { moneyToCents } from '@storefront/contracts/admin-catalogue';
import type {
  AdminCitiesQuery,
  AdminCity,
  AdminCityCreate,
  AdminPlace,
  AdminPlaceCreate,
  AdminPlacePatch,
  AdminPlacesQuery,
} from '@storefront/contracts/admin-places';
import { AppError, errorMessage, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import { findSettings } from '../../payments/payments.repository.ts';
import { needsProvider } from '../../payments/payments.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { announceCatalogueChange } from '../catalogue/catalogue.repository.ts';
import { checkVersion } from '../catalogue/versions.ts';
import * as repo from './places.repository.ts';

// What a place without its own settings gets: the tenant import's defaults (and the storefront's).
const PICKUP_DEFAULTS = { leadMinutes: 30, timeZone: 'America/Lima', slotMinutes: 30 };
const CHECKOUT_DEFAULTS = {
  paymentMethods: ['CASH'],
  distanceBaseFare: null,
  distancePerKm: null,
  distanceMaxKm: null,
  etaMinutes: 45,
};

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));
const cents = (value: string | null) => (value === null ? null : moneyToCents(value));

function toPlace(row: repo.PlaceRow, hours: repo.HoursRow[], zones: repo.ZoneRow[]): AdminPlace {
  const { place } = row;
  const pickup = row.pickup ?? PICKUP_DEFAULTS;
  const checkout = row.checkout ?? CHECKOUT_DEFAULTS;
  return {
    uid: place.uid,
    name: place.name,
    address: place.address,
    city: row.city,
    city_uid: place.areaUid,
    phone: place.phone,
    latitude: place.latitude,
    longitude: place.longitude,
    opening_hours: hours
      .filter((interval) => interval.placeUid === place.uid)
      .map(({ weekday, opens, closes }) => ({
        weekday,
        opens: opens.slice(0, 5),
        closes: closes.slice(0, 5),
      })),
    lead_minutes: pickup.leadMinutes,
    time_zone: pickup.timeZone,
    slot_minutes: pickup.slotMinutes,
    delivery_zones: zones
      .filter((zone) => zone.placeUid === place.uid)
      .map((zone) => ({
        uid: zone.uid,
        name: zone.name,
        districts: zone.districts,
        fare: centsToDecimal(zone.fare),
        eta_minutes: zone.etaMinutes,
      })),
    distance_base_fare: money(checkout.distanceBaseFare),
    distance_per_km: money(checkout.distancePerKm),
    distance_max_km: checkout.distanceMaxKm,
    distance_eta_minutes: checkout.etaMinutes,
    payment_methods: checkout.paymentMethods as AdminPlace['payment_methods'],
    shipping_methods: place.shippingMethods as AdminPlace['shipping_methods'],
    version: place.version,
  };
}

async function toPlaces(db: Executor, rows: repo.PlaceRow[]): Promise<AdminPlace[]> {
  const uids = rows.map((row) => row.place.uid);
  const [hours, zones] = await Promise.all([repo.listHours(db, uids), repo.listZones(db, uids)]);
  return rows.map((row) => toPlace(row, hours, zones));
}

/** The fields the audit log compares (and a PATCH that changes none of them keeps the version). */
const audited = ({ uid: _, version: __, city: ___, ...fields }: AdminPlace) => ({
  ...fields,
  // A zone sent again without its uid is the same zone.
  delivery_zones: fields.delivery_zones.map(({ uid: ____, ...zone }) => zone),
});

export async function listPlaces(ctx: AdminContext, query: AdminPlacesQuery, at: PageRequest) {
  const { rows, count } = await repo.listPlaces(ctx.db, ctx.company.uid, query, at);
  return { count, results: await toPlaces(ctx.db, rows) };
}

async function loadPlace(db: Executor, ctx: AdminContext, uid: string, lock = false) {
  const row = await repo.findPlace(db, ctx.company.uid, uid, lock);
  if (!row) throw new AppError('NOT_FOUND');
  const [place] = await toPlaces(db, [row]);
  return place as AdminPlace;
}

export const getPlace = (ctx: AdminContext, uid: string) => loadPlace(ctx.db, ctx, uid);

type PlaceValues = Omit<AdminPlace, 'uid' | 'city' | 'version' | 'delivery_zones'> & {
  delivery_zones: AdminPlaceCreate['delivery_zones'] & object;
};

/**
 * The rules between fields, on the place as it would be: closing after opening, no overlapping hours
 * on one day, a distance rate whole or absent, a district in one zone only, and delivery only with a
 * fare to charge. Every fault is answered at once, field by field; nothing is written.
 */
function checkPlace(ctx: AdminContext, place: PlaceValues, touched: (field: keyof PlaceValues) => boolean) {
  const errors: FieldErrors = {};
  const fail = (field: string, message: keyof typeof FIELD_MESSAGES) => {
    errors[field] = [...(errors[field] ?? []), FIELD_MESSAGES[message][ctx.language]];
  };
  const hours = place.opening_hours.map((interval, index) => ({ ...interval, index }));
  for (const interval of hours)
    if (interval.closes <= interval.opens) fail(`opening_hours.${interval.index}.closes`, 'closesAfterOpens');
  hours.sort((a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens));
  for (const [i, interval] of hours.entries()) {
    const previous = hours[i - 1];
    if (previous && previous.weekday === interval.weekday && interval.opens < previous.closes)
      fail(`opening_hours.${interval.index}.opens`, 'hoursOverlap');
  }
  const rate = [place.distance_base_fare, place.distance_per_km, place.distance_max_km];
  const hasRate = rate.every((value) => value !== null);
  if (!hasRate && rate.some((value) => value !== null)) {
    for (const field of ['distance_base_fare', 'distance_per_km', 'distance_max_km'] as const)
      if (place[field] === null) fail(field, 'distanceRateIncomplete');
  }
  const seen = new Set<string>();
  for (const [index, zone] of place.delivery_zones.entries()) {
    for (const district of zone.districts) {
      const key = district.trim().toLowerCase();
      if (seen.has(key)) fail(`delivery_zones.${index}.districts`, 'districtTwice');
      seen.add(key);
    }
  }
  // Only when the write is about delivery: an older place that offers it without fares still saves its name.
  const aboutDelivery = (['shipping_methods', 'delivery_zones', 'distance_base_fare'] as const).some(touched);
  if (
    aboutDelivery &&
    place.shipping_methods.includes('DELIVERY') &&
    place.delivery_zones.length === 0 &&
    !hasRate
  )
    fail('shipping_methods', 'deliveryNeedsFares');
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
}

async function checkCity(tx: Executor, ctx: AdminContext, cityUid: string) {
  const city = await repo.findCity(tx, ctx.company.appUid, cityUid);
  if (!city) throw new AppError('VALIDATION', { city_uid: [FIELD_MESSAGES.unknownCity[ctx.language]] });
}

const ownColumns = (values: PlaceValues) => ({
  name: values.name,
  address: values.address,
  areaUid: values.city_uid,
  phone: values.phone,
  latitude: values.latitude,
  longitude: values.longitude,
  shippingMethods: values.shipping_methods,
});

/** The settings and lists of the place that `touched` names (hours and zones replaced as a whole). */
async function writeSettings(
  tx: Executor,
  uid: string,
  values: PlaceValues,
  touched: (field: keyof PlaceValues) => boolean,
  existingZones: Set<string>,
) {
  if (touched('opening_hours')) await repo.replaceHours(tx, uid, values.opening_hours);
  if (touched('delivery_zones'))
    await repo.replaceZones(
      tx,
      uid,
      values.delivery_zones.map((zone) => ({
        uid: zone.uid && existingZones.has(zone.uid) ? zone.uid : randomUUID(),
        name: zone.name,
        districts: zone.districts,
        fare: moneyToCents(zone.fare),
        etaMinutes: zone.eta_minutes,
      })),
    );
  await repo.savePickupSettings(tx, uid, {
    leadMinutes: values.lead_minutes,
    timeZone: values.time_zone,
    slotMinutes: values.slot_minutes,
  });
  await repo.saveCheckoutSettings(tx, uid, {
    paymentMethods: values.payment_methods,
    distanceBaseFare: cents(values.distance_base_fare),
    distancePerKm: cents(values.distance_per_km),
    distanceMaxKm: values.distance_max_km,
    etaMinutes: values.distance_eta_minutes,
  });
}

/** ONLINE_CARD and YAPE go through the company's provider: refused while it has none enabled (§10). */
async function checkOnlineMethods(tx: Executor, ctx: AdminContext, methods: readonly string[]) {
  if (!methods.some((method) => needsProvider(method))) return;
  const settings = await findSettings(tx, ctx.company.uid);
  if (!settings?.enabled || !settings.provider) {
    const message = errorMessage('PAYMENT_PROVIDER_REQUIRED', ctx.language);
    throw new AppError('PAYMENT_PROVIDER_REQUIRED', {
      payment_methods: [message],
      non_field_errors: [message],
    });
  }
}

/** The place as `values` would make it, in the answer's spelling ("5" is "5.00"), for comparing. */
const proposedPlace = (before: AdminPlace, values: PlaceValues): AdminPlace => ({
  ...before,
  ...values,
  opening_hours: [...values.opening_hours].sort(
    (a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens),
  ),
  distance_base_fare: money(cents(values.distance_base_fare)),
  distance_per_km: money(cents(values.distance_per_km)),
  delivery_zones: values.delivery_zones.map((zone) => ({
    uid: '',
    name: zone.name,
    districts: zone.districts,
    fare: centsToDecimal(moneyToCents(zone.fare)),
    eta_minutes: zone.eta_minutes,
  })),
});

/** A new place of the company, with the import's defaults for what the body leaves out (pickup only). */
export function createPlace(ctx: AdminContext, body: AdminPlaceCreate): Promise<AdminPlace> {
  return ctx.db.transaction(async (tx) => {
    await checkCity(tx, ctx, body.city_uid);
    const values: PlaceValues = {
      address: '',
      phone: '',
      latitude: null,
      longitude: null,
      opening_hours: [],
      lead_minutes: PICKUP_DEFAULTS.leadMinutes,
      time_zone: PICKUP_DEFAULTS.timeZone,
      slot_minutes: PICKUP_DEFAULTS.slotMinutes,
      delivery_zones: [],
      distance_base_fare: null,
      distance_per_km: null,
      distance_max_km: null,
      distance_eta_minutes: CHECKOUT_DEFAULTS.etaMinutes,
      payment_methods: ['CASH'],
      shipping_methods: ['PICKUP'],
      ...body,
    };
    checkPlace(ctx, values, () => true);
    await checkOnlineMethods(tx, ctx, values.payment_methods);
    const uid = randomUUID();
    await repo.insertPlace(tx, {
      uid,
      appUid: ctx.company.appUid,
      companyUid: ctx.company.uid,
      ...ownColumns(values),
    });
    await writeSettings(tx, uid, values, () => true, new Set());
    const created = await loadPlace(tx, ctx, uid);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: 'place', uid }, 'create', null, audited(created));
    return created;
  });
}

/**
 * Changes a place: its row is locked (FOR UPDATE) before the If-Match check, so concurrent writes from
 * one version give one 200 and 409s. A PATCH that changes nothing keeps the version and logs nothing.
 * The storefront's menus and pages of every process follow at once (catalogue_events).
 */
export function updatePlace(
  ctx: AdminContext,
  uid: string,
  body: AdminPlacePatch,
  ifMatch: number | undefined,
): Promise<AdminPlace> {
  return ctx.db.transaction(async (tx) => {
    const before = await loadPlace(tx, ctx, uid, true);
    checkVersion(ifMatch, before);
    if (body.city_uid !== undefined && body.city_uid !== before.city_uid)
      await checkCity(tx, ctx, body.city_uid);
    const { uid: _, city: __, version: ___, ...current } = before;
    const values: PlaceValues = { ...current, ...body };
    const touched = (field: keyof PlaceValues) => body[field] !== undefined;
    checkPlace(ctx, values, touched);
    if (touched('payment_methods')) await checkOnlineMethods(tx, ctx, values.payment_methods);
    if (JSON.stringify(audited(proposedPlace(before, values))) === JSON.stringify(audited(before)))
      return before;
    await repo.updatePlace(tx, uid, ownColumns(values));
    await writeSettings(tx, uid, values, touched, new Set(before.delivery_zones.map((zone) => zone.uid)));
    const after = await loadPlace(tx, ctx, uid);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: 'place', uid }, 'update', audited(before), audited(after));
    return after;
  });
}

function toCity(row: {
  area: { uid: string; name: string; countryCode: string };
  placesCount: number;
}): AdminCity {
  return {
    uid: row.area.uid,
    name: row.area.name,
    country_code: row.area.countryCode,
    places_count: row.placesCount,
  };
}

export async function listCities(ctx: AdminContext, query: AdminCitiesQuery, at: PageRequest) {
  const { rows, count } = await repo.listCities(ctx.db, ctx.company.appUid, ctx.company.uid, query, at);
  return { count, results: rows.map(toCity) };
}

export async function getCity(ctx: AdminContext, uid: string): Promise<AdminCity> {
  const row = await repo.findCityWithCount(ctx.db, ctx.company.appUid, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toCity(row);
}

/** A new city (area) of the company's app; a name the app has in that country already is a 400. */
export function createCity(ctx: AdminContext, body: AdminCityCreate): Promise<AdminCity> {
  return ctx.db.transaction(async (tx) => {
    if (await repo.cityNamed(tx, ctx.company.appUid, body.name, body.country_code))
      throw new AppError('VALIDATION', { name: [FIELD_MESSAGES.alreadyExists[ctx.language]] });
    const uid = randomUUID();
    await repo.insertCity(tx, {
      uid,
      appUid: ctx.company.appUid,
      name: body.name,
      countryCode: body.country_code,
    });
    const created: AdminCity = { uid, name: body.name, country_code: body.country_code, places_count: 0 };
    await recordChange(tx, ctx, { type: 'city', uid }, 'create', null, {
      name: created.name,
      country_code: created.country_code,
    });
    return created;
  });
}
