import type { Executor } from '@storefront/db/client';
import { placeOpeningHours, placePickupSettings } from '@storefront/db/schema/catalogue';
import { deliveryZones, placeCheckoutSettings } from '@storefront/db/schema/orders';
import { areas, places } from '@storefront/db/schema/tenancy';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../lib/paging.ts';

export type PlaceInsert = typeof places.$inferInsert;
export type HoursRow = typeof placeOpeningHours.$inferSelect;
export type ZoneRow = typeof deliveryZones.$inferSelect;
export type PickupInsert = Omit<typeof placePickupSettings.$inferInsert, 'placeUid'>;
export type CheckoutInsert = Omit<typeof placeCheckoutSettings.$inferInsert, 'placeUid'>;

const placeColumns = {
  place: places,
  city: areas.name,
  pickup: {
    leadMinutes: placePickupSettings.leadMinutes,
    timeZone: placePickupSettings.timeZone,
    slotMinutes: placePickupSettings.slotMinutes,
  },
  checkout: {
    paymentMethods: placeCheckoutSettings.paymentMethods,
    distanceBaseFare: placeCheckoutSettings.distanceBaseFare,
    distancePerKm: placeCheckoutSettings.distancePerKm,
    distanceMaxKm: placeCheckoutSettings.distanceMaxKm,
    etaMinutes: placeCheckoutSettings.etaMinutes,
  },
};

/** A place with its city's name and its pickup and checkout settings (null where it has none yet). */
export interface PlaceRow {
  place: typeof places.$inferSelect;
  city: string;
  pickup: { leadMinutes: number; timeZone: string; slotMinutes: number } | null;
  checkout: {
    paymentMethods: string[];
    distanceBaseFare: number | null;
    distancePerKm: number | null;
    distanceMaxKm: number | null;
    etaMinutes: number;
  } | null;
}

function placeQuery(db: Executor) {
  return db
    .select(placeColumns)
    .from(places)
    .innerJoin(areas, eq(areas.uid, places.areaUid))
    .leftJoin(placePickupSettings, eq(placePickupSettings.placeUid, places.uid))
    .leftJoin(placeCheckoutSettings, eq(placeCheckoutSettings.placeUid, places.uid));
}

const PLACE_ORDER = { name: places.name, city: areas.name } as const;

/** The company's places: search (name, address, city), a city, ordering name or city. */
export async function listPlaces(
  db: Executor,
  companyUid: string,
  filters: { search?: string; city?: string; ordering?: string },
  at: PageRequest,
) {
  const pattern = filters.search ? `%${filters.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where: SQL | undefined = and(
    eq(places.companyUid, companyUid),
    filters.city ? eq(places.areaUid, filters.city) : undefined,
    pattern
      ? sql`(${places.name} ilike ${pattern} or ${places.address} ilike ${pattern} or ${areas.name} ilike ${pattern})`
      : undefined,
  );
  const field = (filters.ordering ?? 'name').replace(/^-/, '') as keyof typeof PLACE_ORDER;
  const direction = filters.ordering?.startsWith('-') ? desc : asc;
  const [rows, [total]] = await Promise.all([
    placeQuery(db)
      .where(where)
      .orderBy(direction(PLACE_ORDER[field]), direction(places.uid))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(places).innerJoin(areas, eq(areas.uid, places.areaUid)).where(where),
  ]);
  return { rows: rows as PlaceRow[], count: total?.n ?? 0 };
}

/** One place of the company; `lock` takes its row FOR UPDATE (the lost-update check of a write). */
export async function findPlace(
  db: Executor,
  companyUid: string,
  uid: string,
  lock = false,
): Promise<PlaceRow | undefined> {
  const query = placeQuery(db).where(and(eq(places.companyUid, companyUid), eq(places.uid, uid)));
  const [row] = await (lock ? query.for('update', { of: places }) : query);
  return row as PlaceRow | undefined;
}

export function listHours(db: Executor, placeUids: string[]): Promise<HoursRow[]> {
  if (placeUids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(placeOpeningHours)
    .where(inArray(placeOpeningHours.placeUid, placeUids))
    .orderBy(asc(placeOpeningHours.weekday), asc(placeOpeningHours.opens));
}

export function listZones(db: Executor, placeUids: string[]): Promise<ZoneRow[]> {
  if (placeUids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(deliveryZones)
    .where(inArray(deliveryZones.placeUid, placeUids))
    .orderBy(asc(deliveryZones.name), asc(deliveryZones.uid));
}

export async function insertPlace(db: Executor, values: PlaceInsert): Promise<void> {
  await db.insert(places).values(values);
}

/** Writes the place's own columns and counts a new version (every admin write does, nested lists too). */
export async function updatePlace(
  db: Executor,
  uid: string,
  changes: Partial<Omit<PlaceInsert, 'uid' | 'appUid' | 'companyUid' | 'version'>>,
): Promise<void> {
  await db
    .update(places)
    .set({ ...changes, version: sql`${places.version} + 1` })
    .where(eq(places.uid, uid));
}

export async function replaceHours(
  db: Executor,
  placeUid: string,
  hours: { weekday: number; opens: string; closes: string }[],
): Promise<void> {
  await db.delete(placeOpeningHours).where(eq(placeOpeningHours.placeUid, placeUid));
  if (hours.length > 0)
    await db.insert(placeOpeningHours).values(hours.map((interval) => ({ placeUid, ...interval })));
}

export async function replaceZones(
  db: Executor,
  placeUid: string,
  zones: Omit<ZoneRow, 'placeUid'>[],
): Promise<void> {
  await db.delete(deliveryZones).where(eq(deliveryZones.placeUid, placeUid));
  if (zones.length > 0) await db.insert(deliveryZones).values(zones.map((zone) => ({ placeUid, ...zone })));
}

export async function savePickupSettings(db: Executor, placeUid: string, values: PickupInsert) {
  await db
    .insert(placePickupSettings)
    .values({ placeUid, ...values })
    .onConflictDoUpdate({ target: placePickupSettings.placeUid, set: values });
}

export async function saveCheckoutSettings(db: Executor, placeUid: string, values: CheckoutInsert) {
  await db
    .insert(placeCheckoutSettings)
    .values({ placeUid, ...values })
    .onConflictDoUpdate({ target: placeCheckoutSettings.placeUid, set: values });
}

/** A city (area) of the app, or undefined. */
export async function findCity(db: Executor, appUid: string, uid: string) {
  const [row] = await db
    .select()
    .from(areas)
    .where(and(eq(areas.appUid, appUid), eq(areas.uid, uid)));
  return row;
}

const placesInCity = (companyUid: string) =>
  // Spelled out: inside a select list drizzle leaves a column unqualified, which p.uid would capture.
  sql<number>`(select count(*)::int from places p where p.area_uid = areas.uid and p.company_uid = ${companyUid})`;

/** The app's cities with how many of the company's places each has: search (name), ordering name. */
export async function listCities(
  db: Executor,
  appUid: string,
  companyUid: string,
  filters: { search?: string; ordering?: string },
  at: PageRequest,
) {
  const pattern = filters.search ? `%${filters.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(eq(areas.appUid, appUid), pattern ? sql`${areas.name} ilike ${pattern}` : undefined);
  const direction = filters.ordering?.startsWith('-') ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ area: areas, placesCount: placesInCity(companyUid) })
      .from(areas)
      .where(where)
      .orderBy(direction(areas.name), direction(areas.uid))
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(areas).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findCityWithCount(db: Executor, appUid: string, companyUid: string, uid: string) {
  const [row] = await db
    .select({ area: areas, placesCount: placesInCity(companyUid) })
    .from(areas)
    .where(and(eq(areas.appUid, appUid), eq(areas.uid, uid)));
  return row;
}

/** Whether the app already has a city of this name in this country (names compare case-insensitively). */
export async function cityNamed(db: Executor, appUid: string, name: string, countryCode: string) {
  const [row] = await db
    .select({ uid: areas.uid })
    .from(areas)
    .where(
      and(
        eq(areas.appUid, appUid),
        eq(areas.countryCode, countryCode),
        sql`lower(${areas.name}) = lower(${name})`,
      ),
    );
  return row;
}

export async function insertCity(db: Executor, values: typeof areas.$inferInsert): Promise<void> {
  await db.insert(areas).values(values);
}
