import { PICKUP_DAYS_AHEAD } from '@storefront/contracts/constants';
import { normaliseSearch } from '@storefront/contracts/search';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { importTenantFile } from '@storefront/db/tenant-import';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantFile } from '../../test/test-app.ts';
import { isoWeekday, localNow } from './pickup-schedule.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field.
type Json = Record<string, any>;

describe('catalogue and menu', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string, host = 'localhost') => {
    const res = await t.app.inject({ url, headers: { host } });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const menu = (query = '', place = 'place-miraflores') => get(`/api/v7/places/${place}/products/${query}`);
  /** Follows `next` to the end and answers every result. */
  const walk = async (url: string, host = 'localhost') => {
    const seen: Json[] = [];
    let next: string | null = url;
    let count = -1;
    while (next) {
      const target = new URL(next, 'http://localhost');
      const { status, body } = await get(target.pathname + target.search, host);
      expect(status).toBe(200);
      count = body.count;
      seen.push(...body.results);
      next = body.next;
    }
    return { count, seen };
  };

  it('pages through a place menu with next: every product once, in menu order', async () => {
    for (const pageSize of [undefined, 7]) {
      const { count, seen } = await walk(
        `/api/v7/places/place-miraflores/products/${pageSize ? `?page_size=${pageSize}` : ''}`,
      );
      const uids = seen.map((p) => p.uid);
      expect(count).toBeGreaterThanOrEqual(40);
      expect(uids).toHaveLength(count);
      expect(new Set(uids).size).toBe(count);
      // Alphabetical without accents or case, the same on every database server.
      const titles = seen.map((p) => normaliseSearch(p.title));
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(titles.indexOf('aji de gallina')).toBeLessThan(titles.indexOf('anticuchos de corazon'));
    }
    const first = await menu();
    expect(first.body.results).toHaveLength(25);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('http://localhost/api/v7/places/place-miraflores/products/?page=2');
    const second = await get('/api/v7/places/place-miraflores/products/?page=2');
    expect(second.body.previous).toBe('http://localhost/api/v7/places/place-miraflores/products/');
  });

  it('answers the product fields of spec §3 with money as decimal strings and the place stock', async () => {
    const { body } = await get('/api/v7/places/place-miraflores/products/p-causa-limena/');
    expect(body).toEqual({
      id: expect.any(Number),
      uid: 'p-causa-limena',
      title: 'Causa limeña',
      name: 'Causa limeña',
      short_description: expect.any(String),
      description: '',
      image: '/demo/products/entrada.svg',
      image_reverse: null,
      unit_price: '18.00',
      coin_price: null,
      stock: null,
      is_redeemable: false,
      direct_purchase: false,
      option_groups: [],
      brand: null,
      sku: null,
      category: { uid: 'pc-entradas', name: 'Entradas' },
    });
    expect((await get('/api/v7/places/place-miraflores/products/p-leche-de-tigre')).body.stock).toBe(3);
    expect((await get('/api/v7/places/place-cayma/products/p-chilcano-de-pescado')).body.stock).toBe(0);
    const combo = await get('/api/v7/places/place-miraflores/products/p-combo-familiar-para-4');
    expect(combo.body).toMatchObject({ direct_purchase: true, unit_price: '79.90' });
  });

  it('shows only active option groups and options, with their limits and prices', async () => {
    const { body } = await get('/api/v7/places/place-san-isidro/products/p-lomo-saltado/');
    expect(body.option_groups.map((g: Json) => g.uid)).toEqual(['og-lomo-termino', 'og-lomo-extras']);
    const [termino, extras] = body.option_groups;
    expect(termino).toMatchObject({ minimum_to_select: 1, maximum_to_select: 1, is_active: true });
    expect(extras.options.map((o: Json) => [o.name, o.price])).toEqual([
      ['Huevo frito', '2.50'],
      ['Plátano frito', '3.00'],
      ['Porción de arroz', '4.00'],
    ]);
    expect(JSON.stringify(body)).not.toContain('Papas nativas');
    // The list carries the same groups as the detail.
    const listed = await menu('?search=lomo saltado', 'place-san-isidro');
    expect(listed.body.results.find((p: Json) => p.uid === 'p-lomo-saltado').option_groups).toEqual(
      body.option_groups,
    );
  });

  it('filters by category (a comma-separated list, 000 for all) and by is_redeemable', async () => {
    const all = await menu();
    const drinks = await menu('?category=pc-bebidas');
    expect(drinks.body.count).toBe(7);
    expect(drinks.body.results.every((p: Json) => p.category.uid === 'pc-bebidas')).toBe(true);
    const two = await menu('?category=pc-bebidas,pc-postres');
    expect(two.body.count).toBe(14);
    expect((await menu('?category=000')).body.count).toBe(all.body.count);
    expect((await menu('?category=pc-cafe-bebidas')).body.count).toBe(0);

    const redeemable = await menu('?is_redeemable=true');
    expect(redeemable.body.results.map((p: Json) => [p.uid, p.coin_price])).toEqual([
      ['p-chicha-morada-de-regalo', 150],
      ['p-canje-lomo-saltado', 900],
      ['p-postre-del-dia-gratis', 300],
    ]);
    const variant = await get('/api/v7/places/place-miraflores/products/redeemables/');
    expect(variant.body.results).toEqual(redeemable.body.results);
    const notRedeemable = await menu('?is_redeemable=false');
    expect(notRedeemable.body.count).toBe(all.body.count - 3);
    expect(notRedeemable.body.results.some((p: Json) => p.is_redeemable)).toBe(false);
  });

  it('searches without case or accents, word by word, and pages the matches', async () => {
    const titles = async (search: string) =>
      (await menu(`?search=${encodeURIComponent(search)}`)).body.results.map((p: Json) => p.title);
    expect(await titles('aji')).toEqual(['Ají de gallina']);
    expect(await titles('AJÍ DE GALLINA')).toEqual(['Ají de gallina']);
    expect(await titles('limena')).toEqual(['Causa limeña', 'Suspiro a la limeña']);
    expect(await titles('saltado lomo')).toEqual(['Lomo saltado', 'Lomo saltado de canje']);
    expect(await titles('inca kola')).toEqual(['Inca Kola 500 ml']);
    expect(await titles('%')).toEqual([]);
    expect(await titles('_')).toEqual([]);
    const paged = await menu('?search=a&page_size=5');
    expect(paged.body.count).toBeGreaterThan(5);
    expect(paged.body.next).toContain('search=a');
    const { count, seen } = await walk('/api/v7/places/place-miraflores/products/?search=a&page_size=5');
    expect(seen).toHaveLength(count);
  });

  it('answers a search as every word in the search text, whichever index the words allow', async () => {
    // Words of three letters or more can go through the trigram index, shorter ones never (the
    // repository writes them apart): the matches, their order and the count are those of a plain
    // substring test over the place's menu either way.
    const rows = await t.db
      .select({ uid: placeProducts.productUid, text: placeProducts.searchText })
      .from(placeProducts)
      .where(
        and(
          eq(placeProducts.placeUid, 'place-miraflores'),
          eq(placeProducts.isAvailable, true),
          eq(placeProducts.isActive, true),
        ),
      );
    const bytes = (text: string) => Buffer.from(text, 'utf8');
    rows.sort((a, b) => Buffer.compare(bytes(a.text), bytes(b.text)) || (a.uid < b.uid ? -1 : 1));
    for (const search of [
      'a',
      'de',
      'de lomo',
      'lo sal',
      'ca',
      'causa',
      'chicha morada',
      'e a o',
      'ml 500',
      '1/2',
      '%a',
      'zzz',
    ]) {
      const words = normaliseSearch(search).split(' ');
      const expected = rows
        .filter((row) => words.every((word) => row.text.includes(word)))
        .map((row) => row.uid);
      const { count, seen } = await walk(
        `/api/v7/places/place-miraflores/products/?page_size=4&search=${encodeURIComponent(search)}`,
      );
      expect(
        seen.map((p) => p.uid),
        search,
      ).toEqual(expected);
      expect(count, search).toBe(expected.length);
    }
  });

  it('sells a product only where it is offered, and never an inactive one', async () => {
    expect((await get('/api/v7/places/place-miraflores/products/p-adobo-arequipeno')).status).toBe(404);
    expect((await get('/api/v7/places/place-cayma/products/p-adobo-arequipeno')).status).toBe(200);
    expect((await get('/api/v7/places/place-cayma/products/p-anticucho-de-pollo')).status).toBe(404);
    expect((await menu('?search=adobo')).body.count).toBe(0);
  });

  it("answers 404 for another tenant's places, products and companies", async () => {
    const multi = 'multi.localhost';
    for (const url of [
      '/api/v7/places/place-miraflores/products/',
      '/api/v7/places/place-miraflores/products/p-causa-limena/',
      '/api/v7/places/place-miraflores/pickup-schedule/',
      '/api/v7/places/place-miraflores/product-categories/',
      '/api/v7/company/demo-main/product-categories/',
      '/api/v7/products/?company=demo-main',
      '/api/v7/products/?place=place-miraflores',
      '/api/v5/companies/demo-main/ads',
      '/api/v7/apps/demo/allowed-companies/',
      '/api/v7/categories/?app=demo',
    ]) {
      const res = await get(url, multi);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ detail: 'No encontrado.' });
    }
    // A product of another company (another tenant's) in this tenant's place.
    expect((await get('/api/v7/places/place-miraflores/products/p-cafe-capuchino')).status).toBe(404);
    expect((await get('/api/v7/products/?search=causa', multi)).body.count).toBe(0);
  });

  it('answers garbage query parameters with 400 in the DRF shape, never 5xx', async () => {
    for (const url of [
      '/api/v7/places/place-miraflores/products/?page=0',
      '/api/v7/places/place-miraflores/products/?page=abc',
      '/api/v7/places/place-miraflores/products/?page_size=1000',
      '/api/v7/places/place-miraflores/products/?is_redeemable=maybe',
      '/api/v7/places/place-miraflores/products/?category=pc-bebidas;drop',
      '/api/v7/places/place-miraflores/products/?evil=1',
      '/api/v7/places/place-miraflores/products/?page=1&page=2',
      `/api/v7/places/place-miraflores/products/?search=${'x'.repeat(300)}`,
      `/api/v7/places/${'x'.repeat(200)}/products/`,
      '/api/v7/places/place-miraflores/pickup-schedule/?date=2024-13-45',
      '/api/v7/places/place-miraflores/pickup-schedule/?date=tomorrow',
      '/api/v7/products/?company=a%20b',
      '/api/v7/places/?area[]=x',
      '/api/v7/areas/?country=peru',
      '/api/v7/categories/',
      '/api/v7/categories/?app=demo&with_companies=yes',
      '/api/v5/companies/demo-main/ads?page=-1',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body).length, url).toBeGreaterThan(0);
      for (const messages of Object.values(res.body)) expect(Array.isArray(messages), url).toBe(true);
    }
    // A page past the end is empty, not an error.
    const past = await menu('?page=99');
    expect(past.status).toBe(200);
    expect(past.body.results).toEqual([]);
  });

  it('lists areas and places sorted by name, with their filters and shape', async () => {
    const areas = await get('/api/v7/areas/');
    expect(areas.body.results.map((a: Json) => a.name)).toEqual(['Arequipa', 'Lima']);
    expect((await get('/api/v7/areas/?country=MX')).body.count).toBe(0);
    expect((await get('/api/v7/areas/?country=PE&company=demo-main')).body.count).toBe(2);

    const places = await get('/api/v7/places/');
    expect(places.body.results.map((p: Json) => p.name)).toEqual([
      'Cayma',
      'Miraflores',
      'San Isidro',
      'Yanahuara',
    ]);
    expect(places.body.results[1]).toEqual({
      uid: 'place-miraflores',
      name: 'Miraflores',
      address: 'Av. Larco 345, Miraflores',
      locality: { uid: 'area-lima', name: 'Lima' },
      uses_country_delivery_service: false,
      company: { uid: 'demo-main', name: 'Sabores Demo' },
      latitude: -12.1211,
      longitude: -77.0297,
      phone: '+51 1 445 2310',
      shipping_methods: ['DELIVERY', 'PICKUP'],
    });
    const lima = await get('/api/v7/places/?area=area-lima&company=demo-main');
    expect(lima.body.results.map((p: Json) => p.uid)).toEqual(['place-miraflores', 'place-san-isidro']);
    expect((await get('/api/v7/places/?locality=area-arequipa')).body.count).toBe(2);
    const multi = await get('/api/v7/places/?company=multi-cafe', 'multi.localhost');
    expect(multi.body.results.map((p: Json) => p.uid)).toEqual(['multi-place-cafe']);
  });

  it('gives 30-minute pickup slots from the weekly hours, in the am/pm format', async () => {
    const schedule = (date: string) => get(`/api/v7/places/place-miraflores/pickup-schedule/?date=${date}`);
    // Within the pickup window after today: a Monday (11:00 to 22:00) and a Sunday (12:00 to 16:00);
    // one of them may be today itself (fewer slots), but never both.
    const today = localNow(new Date(), 'America/Lima').date;
    const ahead = (days: number) => {
      const day = new Date(`${today}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() + days);
      return day.toISOString().slice(0, 10);
    };
    const upcoming = Array.from({ length: PICKUP_DAYS_AHEAD - 1 }, (_, i) => ahead(i + 1));
    const mondayDate = upcoming.find((day) => isoWeekday(day) === 1);
    const sundayDate = upcoming.find((day) => isoWeekday(day) === 7);
    expect(mondayDate ?? sundayDate).toBeDefined();
    if (mondayDate) {
      const monday = await schedule(mondayDate);
      expect(monday.body.date).toBe(mondayDate);
      expect(monday.body.slots).toHaveLength(22);
      expect(monday.body.slots[0]).toEqual({
        label: '11:00 am - 11:30 am',
        start_time: '11:00',
        end_time: '11:30',
      });
      expect(monday.body.slots[2].label).toBe('12:00 pm - 12:30 pm');
      expect(monday.body.slots.at(-1)).toEqual({
        label: '09:30 pm - 10:00 pm',
        start_time: '21:30',
        end_time: '22:00',
      });
    }
    if (sundayDate) {
      const sunday = await schedule(sundayDate);
      expect(sunday.body.slots.map((s: Json) => s.start_time)).toEqual([
        '12:00',
        '12:30',
        '13:00',
        '13:30',
        '14:00',
        '14:30',
        '15:00',
        '15:30',
      ]);
    }
    // Past the pickup window (issue 15.8) and in the past: no slots.
    expect((await schedule(ahead(PICKUP_DAYS_AHEAD))).body.slots).toEqual([]);
    expect((await schedule('9999-12-31')).body.slots).toEqual([]);
    expect((await schedule('2020-01-06')).body.slots).toEqual([]);
    const byDefault = await get('/api/v7/places/place-miraflores/pickup-schedule/');
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists product categories of a place and of a company, in order', async () => {
    const place = await get('/api/v7/places/place-miraflores/product-categories/');
    expect(place.body.results.map((c: Json) => c.uid)).toEqual([
      'pc-entradas',
      'pc-sopas',
      'pc-fondos',
      'pc-bebidas',
      'pc-postres',
      'pc-canjes',
    ]);
    expect(place.body.results[0]).toEqual({
      uid: 'pc-entradas',
      name: 'Entradas',
      image: '/demo/products/entrada.svg',
      color: '#f59e0b',
      position: 0,
    });
    const company = await get('/api/v7/company/multi-cafe/product-categories/', 'multi.localhost');
    expect(company.body.results.map((c: Json) => c.name)).toEqual(['Cafés', 'Dulces']);
  });

  it('lists products of the allowed companies, of one company or of one place', async () => {
    const host = 'multi.localhost';
    const all = await get('/api/v7/products/', host);
    expect(all.body.count).toBe(7);
    expect(all.body.results.every((p: Json) => p.stock === null)).toBe(true);
    const cafe = await get('/api/v7/products/?company=multi-cafe&search=CAPUCHINO', host);
    expect(cafe.body.results.map((p: Json) => p.uid)).toEqual(['p-cafe-capuchino']);
    expect(cafe.body.results[0].option_groups[0].options.map((o: Json) => o.price)).toEqual([
      '0.00',
      '0.00',
      '1.50',
    ]);
    const byCategory = await get('/api/v7/products/?category=pc-cafe-dulces', host);
    expect(byCategory.body.count).toBe(2);
    const byPlace = await get('/api/v7/products/?place=place-yanahuara&search=leche de tigre');
    expect(byPlace.body.results.map((p: Json) => p.stock)).toEqual([3]);
    expect((await get('/api/v7/products/?place=place-yanahuara&company=demo-main')).body.count).toBe(47);
  });

  it('lists company categories with their companies, and allowed companies, for the multi app', async () => {
    const host = 'multi.localhost';
    const categories = await get('/api/v7/categories/?app=multi&with_companies=true', host);
    expect(categories.body.results.map((c: Json) => [c.uid, c.companies.map((x: Json) => x.uid)])).toEqual([
      ['cat-food', ['multi-cafe']],
      ['cat-fuel', ['multi-grifo']],
    ]);
    expect(categories.body.results[0].companies[0]).toMatchObject({
      name: 'Café del Parque',
      is_main: false,
    });
    const plain = await get('/api/v7/categories/?app=multi', host);
    expect(plain.body.results[0]).not.toHaveProperty('companies');
    const searched = await get('/api/v7/categories/?app=multi&with_companies=true&search=cafe', host);
    expect(searched.body.results.map((c: Json) => c.uid)).toEqual(['cat-food']);

    const allowed = await get('/api/v7/apps/multi/allowed-companies/', host);
    expect(allowed.body.results.map((c: Json) => c.uid)).toEqual(['multi-main', 'multi-cafe', 'multi-grifo']);
    const food = await get('/api/v7/apps/multi/allowed-companies/?category=cat-food', host);
    expect(food.body.results.map((c: Json) => c.uid)).toEqual(['multi-cafe']);
    const andino = await get('/api/v7/apps/multi/allowed-companies/?search=ANDINO', host);
    expect(andino.body.results.map((c: Json) => c.uid)).toEqual(['multi-grifo']);
  });

  it("lists a company's ads in order", async () => {
    const { body } = await get('/api/v5/companies/demo-main/ads');
    expect(body.results).toEqual([
      {
        uid: 'ad-martes-ceviche',
        title: 'Martes de ceviche',
        image: '/demo/products/ceviche.svg',
        link: '/carta',
        position: 0,
      },
      {
        uid: 'ad-canjea-monedas',
        title: 'Canjea tus monedas',
        image: '/demo/products/canje.svg',
        link: '/carta',
        position: 1,
      },
    ]);
  });

  it('re-imports the tenant file idempotently, keeping the live stock, and refuses uids of another app', async () => {
    const stockOf = async () => {
      const [row] = await t.db
        .select({ stock: placeProducts.stock })
        .from(placeProducts)
        .where(
          and(
            eq(placeProducts.placeUid, 'place-miraflores'),
            eq(placeProducts.productUid, 'p-leche-de-tigre'),
          ),
        );
      return row?.stock;
    };
    await t.db
      .update(placeProducts)
      .set({ stock: 1 })
      .where(
        and(eq(placeProducts.placeUid, 'place-miraflores'), eq(placeProducts.productUid, 'p-leche-de-tigre')),
      );
    const before = (await menu()).body;
    await importTenantFile(t.db, demoTenantFile(), { includeDemoUsers: false });
    expect(await stockOf()).toBe(1);
    expect((await menu()).body).toEqual(before);

    const file = demoTenantFile() as Json;
    file.apps[1].companies[1].products[0].uid = 'p-causa-limena';
    await expect(importTenantFile(t.db, file, { includeDemoUsers: false })).rejects.toThrow(
      /p-causa-limena belongs to another app/,
    );
    const badPlace = demoTenantFile() as Json;
    badPlace.apps[0].companies[0].products[0].offers = [{ place: 'multi-place-cafe' }];
    await expect(importTenantFile(t.db, badPlace, { includeDemoUsers: false })).rejects.toThrow(
      /not a place of this company/,
    );
  }, 120_000); // three imports of the whole demo file: slow when the machine is busy

  it('keeps the exact count of full pages when a re-import moves, hides or withdraws products', async () => {
    // page_size=2 fills the page, so count comes from the place's menu counts, not from the page.
    const countOf = async (query: string) => (await menu(`?page_size=2${query}`)).body.count as number;
    const walked = async (query: string) =>
      (await walk(`/api/v7/places/place-miraflores/products/?page_size=2${query}`)).seen.length;
    const shapes = ['', '&category=pc-bebidas', '&category=pc-bebidas,pc-postres', '&is_redeemable=false'];
    const before = await Promise.all(shapes.map(countOf));
    for (const [i, shape] of shapes.entries()) expect(before[i]).toBe(await walked(shape));

    const file = demoTenantFile() as Json;
    const products = file.apps[0].companies[0].products as Json[];
    const shown = (category: string) => (p: Json) => p.category === category && !p.is_redeemable && !p.offers;
    const drink = products.find(shown('pc-bebidas')) as Json;
    const hidden = products.find((p) => shown('pc-bebidas')(p) && p.uid !== drink.uid) as Json;
    const withdrawn = products.find(shown('pc-postres')) as Json;
    drink.category = 'pc-postres';
    drink.title = 'Zzz último';
    hidden.is_active = false;
    withdrawn.offers = [{ place: 'place-san-isidro' }];
    await importTenantFile(t.db, file, { includeDemoUsers: false });

    const after = await Promise.all(shapes.map(countOf));
    expect(after).toEqual(before.map((n) => n - 2));
    for (const [i, shape] of shapes.entries()) expect(after[i]).toBe(await walked(shape));
    const desserts = await walk('/api/v7/places/place-miraflores/products/?page_size=2&category=pc-postres');
    expect(desserts.seen.at(-1)?.uid).toBe(drink.uid);
    expect((await menu(`?search=${encodeURIComponent('zzz ultimo')}`)).body.results[0].uid).toBe(drink.uid);
    const categories = await get('/api/v7/places/place-miraflores/product-categories/');
    expect(categories.status).toBe(200);

    await importTenantFile(t.db, demoTenantFile(), { includeDemoUsers: false });
    expect(await Promise.all(shapes.map(countOf))).toEqual(before);
  }, 120_000);
});
