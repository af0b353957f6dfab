import { adminAuditLog } from '@storefront/db/schema/admin';
import { placeOpeningHours, placePickupSettings } from '@storefront/db/schema/catalogue';
import { deliveryZones, placeCheckoutSettings } from '@storefront/db/schema/orders';
import { areas, places } from '@storefront/db/schema/tenancy';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { auth, demoMemberToken, HOST, tomorrow } from '../../orders/orders.fixtures.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  as,
} from '../admin.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const PLACE = 'place-miraflores';

/** Everything a place write may touch, to prove that a refused one touched nothing. */
const snapshot = async () => ({
  places: await t.db.select().from(places).orderBy(asc(places.uid)),
  hours: await t.db
    .select()
    .from(placeOpeningHours)
    .orderBy(asc(placeOpeningHours.placeUid), asc(placeOpeningHours.weekday), asc(placeOpeningHours.opens)),
  zones: await t.db.select().from(deliveryZones).orderBy(asc(deliveryZones.uid)),
  pickup: await t.db.select().from(placePickupSettings).orderBy(asc(placePickupSettings.placeUid)),
  checkout: await t.db.select().from(placeCheckoutSettings).orderBy(asc(placeCheckoutSettings.placeUid)),
  areas: await t.db.select().from(areas).orderBy(asc(areas.uid)),
  audit: (await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n,
});

const storefront = (url: string, token?: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/${url}`,
    headers: token ? auth(token) : { host: HOST },
    ...(payload ? { payload } : {}),
  });

/** Tomorrow's ISO weekday on the demo's clock (the pickup window's first whole day). */
const tomorrowWeekday = () => {
  const day = new Date(`${tomorrow()}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

const quote = (token: string, body: Record<string, unknown>) =>
  storefront(`v5/places/${PLACE}/orders/quote/`, token, {
    order_type: 'PICKUP',
    products: [{ uid: 'p-causa-limena', quantity: 1, option_groups: [], direct_purchase: false }],
    ...body,
  });

beforeAll(async () => {
  // Kept pages (as in production), so that the caches' moves can be seen.
  t = await createTestApp({ tenantFile: adminTenantFile(), config: { MENU_CACHE_SECONDS: 60 } });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('admin places', () => {
  it("lists the company's places with their settings, searched, filtered by city and paged", async () => {
    const all = await call(tokens.manager, 'GET', 'places/?ordering=name&page_size=2');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 4, next: expect.stringContaining('page=2'), previous: null });
    expect(all.json().results.map((p: { name: string }) => p.name)).toEqual(['Cayma', 'Miraflores']);
    const searched = await call(tokens.manager, 'GET', 'places/?search=larco');
    expect(searched.json().results.map((p: { uid: string }) => p.uid)).toEqual([PLACE]);
    const arequipa = await call(tokens.manager, 'GET', 'places/?city=area-arequipa&ordering=-name');
    expect(arequipa.json().results.map((p: { uid: string }) => p.uid)).toEqual([
      'place-yanahuara',
      'place-cayma',
    ]);
    const one = await call(tokens.manager, 'GET', `places/${PLACE}/`);
    expect(one.headers.etag).toBe('"1"');
    expect(one.json()).toMatchObject({
      name: 'Miraflores',
      city: 'Lima',
      city_uid: 'area-lima',
      latitude: -12.1211,
      lead_minutes: 30,
      time_zone: 'America/Lima',
      slot_minutes: 30,
      payment_methods: ['CASH', 'CARD_ON_DELIVERY', 'COINS', 'ONLINE_CARD', 'YAPE', 'TRANSFER'],
      shipping_methods: ['DELIVERY', 'PICKUP'],
      version: 1,
    });
    expect(one.json().opening_hours[0]).toEqual({ weekday: 1, opens: '11:00', closes: '22:00' });
    expect(one.json().delivery_zones).toContainEqual({
      uid: 'zone-miraflores',
      name: 'Miraflores',
      districts: ['Miraflores'],
      fare: '5.00',
      eta_minutes: 30,
    });
  });

  it('refuses bad input with a 400 per field, in the caller language, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ opening_hours: [{ weekday: 1, opens: '18:00', closes: '09:00' }] }, 'opening_hours.0.closes'],
      [
        {
          opening_hours: [
            { weekday: 2, opens: '09:00', closes: '13:00' },
            { weekday: 2, opens: '12:00', closes: '15:00' },
          ],
        },
        'opening_hours.1.opens',
      ],
      [{ opening_hours: [{ weekday: 8, opens: '09:00', closes: '13:00' }] }, 'opening_hours.0.weekday'],
      [
        { delivery_zones: [{ name: 'Centro', districts: ['Centro'], fare: '-1.00', eta_minutes: 30 }] },
        'delivery_zones.0.fare',
      ],
      [
        {
          delivery_zones: [
            { name: 'A', districts: ['Lince'], fare: '3.00', eta_minutes: 30 },
            { name: 'B', districts: ['lince'], fare: '4.00', eta_minutes: 30 },
          ],
        },
        'delivery_zones.1.districts',
      ],
      [{ payment_methods: ['CASH', 'BITCOIN'] }, 'payment_methods.1'],
      [{ payment_methods: [] }, 'payment_methods'],
      [{ latitude: 200 }, 'latitude'],
      [{ longitude: -181 }, 'longitude'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ city_uid: 'no-such-city' }, 'city_uid'],
      [{ city_uid: 'multi-area-lima' }, 'city_uid'],
      [{ distance_base_fare: '4.00' }, 'distance_per_km'],
      [{ shipping_methods: ['PICKUP', 'PICKUP'] }, 'shipping_methods'],
      [{ shipping_methods: ['SHIPPING'] }, 'shipping_methods.0'],
      [{ phone: 'call me' }, 'phone'],
      [{ name: '' }, 'name'],
      [{ version: 7 }, 'version'],
    ];
    for (const [body, field] of cases) {
      const res = await call(tokens.manager, 'PATCH', `places/${PLACE}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toHaveProperty([field]);
    }
    // Delivery at a place with neither zones nor a distance rate: nothing to charge.
    const noFare = await call(tokens.manager, 'PATCH', 'places/place-cayma/', {
      shipping_methods: ['DELIVERY'],
    });
    expect(noFare.json()).toEqual({
      shipping_methods: [
        'El delivery necesita una zona de reparto con su tarifa o una tarifa por distancia.',
      ],
    });
    const english = await call(
      tokens.manager,
      'PATCH',
      `places/${PLACE}/`,
      { opening_hours: [{ weekday: 1, opens: '18:00', closes: '09:00' }] },
      { 'accept-language': 'en' },
    );
    expect(english.json()).toEqual({
      'opening_hours.0.closes': ['The closing time must be after the opening time.'],
    });
    const badCreate = await call(tokens.manager, 'POST', 'places/', { name: 'Sin ciudad' });
    expect(badCreate.json()).toHaveProperty('city_uid');
    expect(await snapshot()).toEqual(before);
  });

  it('creates a place that the storefront lists and schedules at once, audited', async () => {
    const created = await call(tokens.manager, 'POST', 'places/', {
      name: 'Barranco',
      address: 'Av. Grau 300, Barranco',
      city_uid: 'area-lima',
      phone: '+51 1 555 0101',
      latitude: -12.149,
      longitude: -77.021,
      opening_hours: [
        { weekday: tomorrowWeekday(), opens: '12:00', closes: '14:00' },
        { weekday: tomorrowWeekday(), opens: '18:00', closes: '19:00' },
      ],
      slot_minutes: 60,
      delivery_zones: [{ name: 'Barranco', districts: ['Barranco'], fare: '6.5', eta_minutes: 25 }],
      payment_methods: ['CASH'],
      shipping_methods: ['DELIVERY', 'PICKUP'],
    });
    expect(created.statusCode).toBe(201);
    const place = created.json();
    expect(place).toMatchObject({ city: 'Lima', version: 1, lead_minutes: 30, time_zone: 'America/Lima' });
    expect(place.delivery_zones[0]).toMatchObject({ fare: '6.50' });
    const listed = await storefront('v7/places/?company=demo-main&page_size=100');
    expect(listed.json().results).toContainEqual(
      expect.objectContaining({
        uid: place.uid,
        name: 'Barranco',
        phone: '+51 1 555 0101',
        shipping_methods: ['DELIVERY', 'PICKUP'],
      }),
    );
    const schedule = await storefront(`v7/places/${place.uid}/pickup-schedule/?date=${tomorrow()}`);
    expect(schedule.json().slots.map((slot: { start_time: string }) => slot.start_time)).toEqual([
      '12:00',
      '13:00',
      '18:00',
    ]);
    const [line] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, place.uid));
    expect(line).toMatchObject({ objectType: 'place', action: 'create' });
  });

  it('shows a new fare, new hours, payment and shipping methods on the storefront at once', async () => {
    const member = await demoMemberToken(t.db);
    const version = t.app.menuCache.version('demo');
    const current = (await call(tokens.manager, 'GET', `places/${PLACE}/`)).json();
    const res = await call(
      tokens.manager,
      'PATCH',
      `places/${PLACE}/`,
      {
        delivery_zones: [
          ...current.delivery_zones.filter((zone: { uid: string }) => zone.uid !== 'zone-miraflores'),
          {
            uid: 'zone-miraflores',
            name: 'Miraflores',
            districts: ['Miraflores'],
            fare: '7.25',
            eta_minutes: 30,
          },
        ],
        opening_hours: [{ weekday: tomorrowWeekday(), opens: '15:00', closes: '16:30' }],
        slot_minutes: 45,
        payment_methods: ['CASH', 'COINS'],
      },
      { 'if-match': `"${current.version}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${current.version + 1}"`);
    // This process's menu and page caches moved on before the answer.
    expect(t.app.menuCache.version('demo')).toBeGreaterThan(version);
    const fare = await storefront(`v7/deliveries/places/${PLACE}/fare-estimate/`, undefined, {
      address: 'Calle Berlín 200',
      district: 'Miraflores',
    });
    expect(fare.json()).toMatchObject({ fare: '7.25', eta_minutes: 30 });
    const zones = await storefront(`v7/deliveries/places/${PLACE}/zones/`);
    expect(
      zones.json().results.find((zone: { uid: string }) => zone.uid === 'zone-miraflores'),
    ).toMatchObject({
      fare: '7.25',
    });
    const schedule = await storefront(`v7/places/${PLACE}/pickup-schedule/?date=${tomorrow()}`);
    expect(schedule.json().slots.map((slot: { label: string }) => slot.label)).toEqual([
      '03:00 pm - 03:45 pm',
      '03:45 pm - 04:30 pm',
    ]);
    const card = await quote(member, { payment_type: 'CARD_ON_DELIVERY' });
    expect(card.statusCode).toBe(400);
    expect(card.json().non_field_errors).toEqual(['El negocio no acepta pagos con tarjeta']);
    expect((await quote(member, { payment_type: 'CASH' })).statusCode).toBe(200);
    const delivery = await quote(member, {
      order_type: 'DELIVERY',
      district: 'Miraflores',
      address: 'Berlín 2',
    });
    expect(delivery.json().delivery_price).toBe('7.25');

    const pickupOnly = await call(tokens.manager, 'PATCH', `places/${PLACE}/`, {
      shipping_methods: ['PICKUP'],
    });
    expect(pickupOnly.json().shipping_methods).toEqual(['PICKUP']);
    const refused = await quote(member, {
      order_type: 'DELIVERY',
      district: 'Miraflores',
      address: 'Berlín 2',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().non_field_errors).toEqual(['La tienda no tiene métodos de envío']);
    const listed = await storefront('v7/places/?company=demo-main&page_size=100');
    expect(listed.json().results.find((p: { uid: string }) => p.uid === PLACE).shipping_methods).toEqual([
      'PICKUP',
    ]);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectUid, PLACE))
      .orderBy(adminAuditLog.id);
    expect(audit.map((line) => line.action)).toEqual(['update', 'update']);
    expect(audit[1]?.before).toEqual({ shipping_methods: ['DELIVERY', 'PICKUP'] });
  });

  it("moves the kept menu and page caches of another process too (catalogue_events), the app's only", async () => {
    const other = await buildApp({ config: t.app.config, db: t.db });
    await other.ready();
    try {
      const before = other.menuCache.version('demo');
      const multi = () => [other.menuCache.version('multi'), t.app.menuCache.version('multi')];
      const multiBefore = multi();
      const res = await call(tokens.manager, 'PATCH', 'places/place-yanahuara/', { lead_minutes: 25 });
      expect(res.statusCode, res.body).toBe(200);
      await until(() => other.menuCache.version('demo') !== before);
      expect(other.menuCache.version('demo')).toBeGreaterThan(before);
      // Another app's kept pages stay in both processes.
      expect(multi()).toEqual(multiBefore);
    } finally {
      await other.close();
    }
  });

  it('keeps the version of a PATCH that changes nothing, and writes no audit line', async () => {
    const current = (await call(tokens.manager, 'GET', 'places/place-yanahuara/')).json();
    const before = await snapshot();
    const res = await call(tokens.manager, 'PATCH', 'places/place-yanahuara/', {
      name: current.name,
      opening_hours: [...current.opening_hours].reverse(),
      delivery_zones: current.delivery_zones.map(({ uid: _, ...zone }: { uid: string; fare: string }) => ({
        ...zone,
        fare: String(Number(zone.fare)),
      })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(current.version);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another company's place, and 409 with the current place to a stale If-Match", async () => {
    expect((await call(tokens.owner, 'GET', 'places/place-rival/')).statusCode).toBe(404);
    const foreign = await call(tokens.owner, 'PATCH', 'places/place-rival/', { name: 'Mío' });
    expect(foreign.statusCode).toBe(404);
    const current = (await call(tokens.owner, 'GET', 'places/place-san-isidro/')).json();
    const stale = await call(
      tokens.owner,
      'PATCH',
      'places/place-san-isidro/',
      { phone: '+51 1 000 0000' },
      { 'if-match': `"${current.version - 1}"` },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual(current);
  });

  it('answers one 200 and 409s to concurrent PATCHes made from the same version', async () => {
    const current = (await call(tokens.owner, 'GET', 'places/place-san-isidro/')).json();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(
          i % 2 ? tokens.owner : tokens.manager,
          'PATCH',
          'places/place-san-isidro/',
          { lead_minutes: 40 + i, distance_base_fare: `${4 + i}.00` },
          { 'if-match': `"${current.version}"` },
        ),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(11).fill(409)]);
    const after = (await call(tokens.owner, 'GET', 'places/place-san-isidro/')).json();
    expect(after.version).toBe(current.version + 1);
    const winner = answers.find((res) => res.statusCode === 200)?.json();
    expect(after).toEqual(winner);
  });
});

describe('admin cities', () => {
  it("lists the app's cities with the company's places and creates one, audited", async () => {
    const list = await call(tokens.manager, 'GET', 'cities/?ordering=name');
    expect(list.json().results).toEqual([
      { uid: 'area-arequipa', name: 'Arequipa', country_code: 'PE', places_count: 2 },
      expect.objectContaining({ uid: 'area-lima', name: 'Lima' }),
    ]);
    const created = await call(tokens.manager, 'POST', 'cities/', { name: 'Cusco', country_code: 'PE' });
    expect(created.statusCode).toBe(201);
    const city = created.json();
    expect(city).toMatchObject({ name: 'Cusco', country_code: 'PE', places_count: 0 });
    expect((await call(tokens.manager, 'GET', `cities/${city.uid}/`)).json()).toEqual(city);
    const areasListed = await storefront('v7/areas/');
    expect(areasListed.json().results.map((area: { name: string }) => area.name)).toContain('Cusco');
    const moved = await call(tokens.manager, 'PATCH', 'places/place-cayma/', { city_uid: city.uid });
    expect(moved.json()).toMatchObject({ city: 'Cusco', city_uid: city.uid });
    const [line] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, city.uid));
    expect(line).toMatchObject({ objectType: 'city', action: 'create', after: { name: 'Cusco' } });

    const before = await snapshot();
    const twice = await call(tokens.manager, 'POST', 'cities/', { name: 'cusco', country_code: 'PE' });
    expect(twice.json()).toEqual({ name: ['Ya existe.'] });
    const country = await call(tokens.manager, 'POST', 'cities/', { name: 'Quito', country_code: 'XX' });
    expect(country.json()).toHaveProperty('country_code');
    expect(await snapshot()).toEqual(before);
    // Another app's owner, on their own company, does not see this app's city.
    const foreign = await t.app.inject({
      url: `/api/admin/companies/multi-main/cities/${city.uid}/`,
      headers: as(tokens.multiOwner),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
