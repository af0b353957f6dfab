import { z } from 'zod';
import { adminListQuerySchema, adminUid, orderingSchema } from './admin.ts';
import { adminMoneySchema } from './admin-catalogue.ts';
import { COUNTRIES } from './countries.ts';
import { ORDER_TYPES, PLACE_PAYMENT_METHODS } from './orders.ts';
import { placePhoneSchema } from './validators.ts';

// The admin's places and cities (issue 17): a place's details, weekly opening hours, pickup schedule,
// delivery areas with their fares, distance rate, payment and shipping methods. Money is a decimal
// string ("12.50"); nested lists (hours, zones) are replaced as a whole by a PATCH.

/** How a place hands orders over: the storefront offers these (delivery also needs the company's switch). */
export const SHIPPING_METHODS = ORDER_TYPES;

/** The time zones this runtime knows (Intl's list); a pickup schedule is read on one of them. */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const name = z.string().trim().min(1).max(200);
const unique = <T extends z.ZodType<string>>(item: T) =>
  z.array(item).refine((values) => new Set(values).size === values.length);

export const adminOpeningHoursSchema = z.strictObject({
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: z.number().int().min(1).max(7),
  opens: hhmm,
  closes: hhmm,
});
export type AdminOpeningHours = z.infer<typeof adminOpeningHoursSchema>;

export const adminDeliveryZoneSchema = z.object({
  uid: z.string(),
  name: z.string(),
  districts: z.array(z.string()),
  fare: z.string(),
  eta_minutes: z.number().int(),
});
export type AdminDeliveryZone = z.infer<typeof adminDeliveryZoneSchema>;

const deliveryZoneInput = z.strictObject({
  uid: adminUid.optional(),
  name,
  districts: z.array(z.string().trim().min(1).max(100)).min(1).max(100),
  fare: adminMoneySchema,
  eta_minutes: z.number().int().min(1).max(1440),
});

export const adminPlaceSchema = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string(),
  /** The name of the place's area (city), and its uid. */
  city: z.string(),
  city_uid: z.string(),
  phone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  opening_hours: z.array(adminOpeningHoursSchema),
  lead_minutes: z.number().int(),
  time_zone: z.string(),
  slot_minutes: z.number().int(),
  delivery_zones: z.array(adminDeliveryZoneSchema),
  /** The distance rate, used where the place has no delivery zones: base fare plus a rate per km. */
  distance_base_fare: z.string().nullable(),
  distance_per_km: z.string().nullable(),
  distance_max_km: z.number().nullable(),
  distance_eta_minutes: z.number().int(),
  payment_methods: z.array(z.enum(PLACE_PAYMENT_METHODS)),
  shipping_methods: z.array(z.enum(SHIPPING_METHODS)),
  version: z.number().int(),
});
export type AdminPlace = z.infer<typeof adminPlaceSchema>;

const placeFields = {
  name,
  address: z.string().trim().max(300),
  city_uid: adminUid,
  phone: placePhoneSchema,
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  opening_hours: z.array(adminOpeningHoursSchema).max(70),
  lead_minutes: z.number().int().min(0).max(10_080),
  time_zone: z.string().refine((zone) => TIME_ZONES.includes(zone)),
  slot_minutes: z.number().int().min(5).max(240),
  delivery_zones: z.array(deliveryZoneInput).max(50),
  distance_base_fare: adminMoneySchema.nullable(),
  distance_per_km: adminMoneySchema.nullable(),
  distance_max_km: z.number().positive().max(1000).nullable(),
  distance_eta_minutes: z.number().int().min(1).max(1440),
  payment_methods: unique(z.enum(PLACE_PAYMENT_METHODS)).min(1),
  shipping_methods: unique(z.enum(SHIPPING_METHODS)),
};

/** `POST places/`: a name and a city are enough; everything else has the import's defaults. */
export const adminPlaceCreateSchema = z
  .strictObject(placeFields)
  .partial()
  .required({ name: true, city_uid: true });
export type AdminPlaceCreate = z.infer<typeof adminPlaceCreateSchema>;
export const adminPlacePatchSchema = z.strictObject(placeFields).partial();
export type AdminPlacePatch = z.infer<typeof adminPlacePatchSchema>;

export const adminPlacesQuerySchema = adminListQuerySchema.extend({
  city: adminUid.optional(),
  ordering: orderingSchema(['name', 'city']).optional(),
});
export type AdminPlacesQuery = z.infer<typeof adminPlacesQuerySchema>;

/** A city: an area of the company's app (the storefront's `GET v7/areas/`). */
export const adminCitySchema = z.object({
  uid: z.string(),
  name: z.string(),
  country_code: z.string(),
  places_count: z.number().int(),
});
export type AdminCity = z.infer<typeof adminCitySchema>;

export const adminCityCreateSchema = z.strictObject({
  name,
  country_code: z.enum(COUNTRIES.map((country) => country.code) as [string, ...string[]]),
});
export type AdminCityCreate = z.infer<typeof adminCityCreateSchema>;

export const adminCitiesQuerySchema = adminListQuerySchema.extend({
  ordering: orderingSchema(['name']).optional(),
});
export type AdminCitiesQuery = z.infer<typeof adminCitiesQuerySchema>;
