import { adminAuditLog } from '@storefront/db/schema/admin';
import { placeMenuCounts, placeProducts, products } from '@storefront/db/schema/catalogue';
import { and, count, eq, like } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { auth, demoMemberToken, firstSlot, pickupBody } from '../../orders/orders.fixtures.ts';
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
const auditCount = async () => (await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0;
/** The products a place's menu counts in a category (place_menu_counts, not redeemables). */
const menuCount = async (placeUid: string, categoryUid = 'pc-entradas') =>
  (
    await t.db
      .select({ n: placeMenuCounts.products })
      .from(placeMenuCounts)
      .where(
        and(
          eq(placeMenuCounts.placeUid, placeUid),
          eq(placeMenuCounts.categoryUid, categoryUid),
          eq(placeMenuCounts.isRedeemable, false),
        ),
      )
  )[0]?.n ?? 0;
const menu = (app: FastifyInstance, place = 'place-miraflores', search = 'lomo saltado') =>
  app
    .inject({
      url: `/api/v7/places/${place}/products/?search=${encodeURIComponent(search)}`,
      headers: { host: 'localhost' },
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results as { uid: string; unit_price: string; stock: number | null }[];
    });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile(), config: { MENU_CACHE_SECONDS: 60 } });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('admin categories', () => {
  it('creates, lists, changes and deletes a category, each write audited', async () => {
    const created = await call(tokens.manager, 'POST', 'categories/', { name: 'Turrones', color: '#AA3300' });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ name: 'Turrones', color: '#AA3300', version: 1, products_count: 0 });
    expect(created.headers.etag).toBe('"1"');

    const list = await call(tokens.manager, 'GET', 'categories/?search=turro');
    expect(list.json()).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ uid: category.uid }],
    });
    const byName = await call(tokens.manager, 'GET', 'categories/?ordering=-name&page_size=2');
    expect(byName.json().results).toHaveLength(2);
    expect(byName.json().next).toMatch(/^\/api\/admin\/companies\/demo-main\/categories\/\?.*page=2/);

    const renamed = await call(
      tokens.manager,
      'PATCH',
      `categories/${category.uid}/`,
      { name: 'Dulces' },
      { 'if-match': '"1"' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Dulces', version: 2 });
    const stale = await call(
      tokens.manager,
      'PATCH',
      `categories/${category.uid}/`,
      { name: 'Otro' },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      detail: expect.any(String),
      current: { name: 'Dulces', version: 2 },
    });

    const gone = await call(tokens.manager, 'DELETE', `categories/${category.uid}/`, undefined, {
      'if-match': '"2"',
    });
    expect(gone.statusCode).toBe(204);
    expect((await call(tokens.manager, 'GET', `categories/${category.uid}/`)).statusCode).toBe(404);

    const log = await call(tokens.owner, 'GET', `audit-log/?object_type=category&object_uid=${category.uid}`);
    expect(log.json().results.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    expect(log.json().results[1]).toMatchObject({
      before: { name: 'Turrones' },
      after: { name: 'Dulces' },
      user: { email: 'gerente@demo.pe' },
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await auditCount();
    const bad: [InjectOptions['method'], string, unknown, Record<string, string>?][] = [
      ['POST', 'categories/', {}],
      ['POST', 'categories/', { name: '' }],
      ['POST', 'categories/', { name: 'x', color: 'red' }],
      ['POST', 'categories/', { name: 'x', position: -1 }],
      ['POST', 'categories/', { name: 'x', extra: true }],
      ['POST', 'categories/', [1]],
      ['PATCH', 'categories/pc-entradas/', { name: 7 }],
      ['PATCH', 'categories/pc-entradas/', { name: 'x' }, { 'if-match': 'abc' }],
      ['GET', 'categories/?page=0', undefined],
      ['GET', 'categories/?page_size=1000', undefined],
      ['GET', 'categories/?ordering=color', undefined],
      ['GET', 'categories/?nope=1', undefined],
      ['GET', 'categories/bad%20uid/', undefined],
    ];
    for (const [method, path, payload, headers] of bad) {
      const res = await call(tokens.owner, method, path, payload, headers);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe('admin products', () => {
  const product = {
    title: 'Tejas de pecana',
    short_description: 'Manjar blanco y merengue',
    price: '12.5',
    category_uid: 'pc-entradas',
    option_groups: [
      {
        name: 'Tamaño',
        min: 1,
        max: 1,
        options: [
          { name: 'Chico', price: '0' },
          { name: 'Grande', price: '4.00' },
        ],
      },
    ],
  };

  it('creates a product with a required option group, reads, searches and duplicates it', async () => {
    const created = await call(tokens.manager, 'POST', 'products/', product);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      title: 'Tejas de pecana',
      price: '12.50',
      category: { uid: 'pc-entradas' },
      is_active: true,
      version: 1,
      option_groups: [
        {
          name: 'Tamaño',
          min: 1,
          max: 1,
          options: [
            { name: 'Chico', price: '0.00' },
            { name: 'Grande', price: '4.00' },
          ],
        },
      ],
    });
    const found = await call(tokens.manager, 'GET', 'products/?search=TEJAS%20peca');
    expect(found.json()).toMatchObject({ count: 1, results: [{ uid: body.uid }] });
    const filtered = await call(
      tokens.manager,
      'GET',
      'products/?category=pc-entradas&ordering=-price&page_size=100',
    );
    const prices = filtered.json().results.map((p: { price: string }) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(
      filtered.json().results.every((p: { category: { uid: string } }) => p.category.uid === 'pc-entradas'),
    ).toBe(true);

    const copy = await call(tokens.manager, 'POST', `products/${body.uid}/duplicate/`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      title: 'Tejas de pecana (copia)',
      is_active: false,
      price: '12.50',
    });
    expect(copy.json().uid).not.toBe(body.uid);
    expect(copy.json().option_groups[0].uid).not.toBe(body.option_groups[0].uid);
  });

  it('sells a new product at the places chosen with it, on their menus at once, each offer audited', async () => {
    const countsBefore = [await menuCount('place-miraflores'), await menuCount('place-cayma')];
    const created = await call(tokens.manager, 'POST', 'products/', {
      ...product,
      title: 'Suspiro de prueba',
      place_uids: ['place-miraflores', 'place-cayma', 'place-cayma'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uid } = created.json();
    const offers = await call(tokens.manager, 'GET', `availability/?product=${uid}&ordering=place`);
    expect(offers.json()).toMatchObject({
      count: 2,
      results: [
        { uid: `place-cayma.${uid}`, place: { name: 'Cayma' }, available: true, stock: null },
        { uid: `place-miraflores.${uid}`, place: { name: 'Miraflores' }, available: true, stock: null },
      ],
    });
    for (const place of ['place-miraflores', 'place-cayma'])
      expect((await menu(t.app, place, 'suspiro de prueba')).map((p) => p.uid)).toEqual([uid]);
    expect(await menu(t.app, 'place-san-isidro', 'suspiro de prueba')).toEqual([]);
    // Counted in its category on each menu, not in none.
    expect([await menuCount('place-miraflores'), await menuCount('place-cayma')]).toEqual(
      countsBefore.map((n) => n + 1),
    );
    for (const place of ['place-miraflores', 'place-cayma']) {
      const log = await call(tokens.owner, 'GET', `audit-log/?object_uid=${place}.${uid}`);
      expect(log.json().results).toMatchObject([
        { object_type: 'availability', action: 'create', after: { available: true, stock: null } },
      ]);
    }

    // Without places it is sold nowhere, as before.
    const alone = await call(tokens.manager, 'POST', 'products/', { ...product, title: 'Suspiro solo' });
    const none = await call(tokens.manager, 'GET', `availability/?product=${alone.json().uid}`);
    expect(none.json().count).toBe(0);
  });

  it('refuses a place of another company (or no place at all) with 400, and creates nothing', async () => {
    const before = await auditCount();
    const productsBefore = (await t.db.select({ n: count() }).from(products))[0]?.n;
    const offersBefore = (await t.db.select({ n: count() }).from(placeProducts))[0]?.n;
    for (const place_uids of [['place-rival'], ['place-miraflores', 'place-rival'], ['place-nowhere']]) {
      const res = await call(tokens.owner, 'POST', 'products/', { ...product, place_uids });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().place_uids).toEqual(['No existe en esta empresa.']);
    }
    for (const place_uids of ['place-miraflores', ['bad uid'], [7], null]) {
      const res = await call(tokens.owner, 'POST', 'products/', { ...product, place_uids });
      expect(res.statusCode, JSON.stringify(place_uids)).toBe(400);
    }
    // A change does not take places: the availability screen does.
    const patch = await call(tokens.owner, 'PATCH', 'products/p-causa-limena/', {
      place_uids: ['place-cayma'],
    });
    expect(patch.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(products))[0]?.n).toBe(productsBefore);
    expect((await t.db.select({ n: count() }).from(placeProducts))[0]?.n).toBe(offersBefore);
  });

  it('keeps option uids it is given back and deactivates the options left out', async () => {
    const lomo = (await call(tokens.owner, 'GET', 'products/p-lomo-saltado/')).json();
    const [termino] = lomo.option_groups;
    const patched = await call(tokens.owner, 'PATCH', 'products/p-lomo-saltado/', {
      option_groups: [{ ...termino, options: termino.options.slice(0, 2) }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().option_groups).toEqual([{ ...termino, options: termino.options.slice(0, 2) }]);
    // Another product's option uid is not this product's to take.
    const stolen = await call(tokens.owner, 'PATCH', `products/p-causa-limena/`, {
      option_groups: [{ name: 'x', options: [{ uid: termino.options[0].uid, name: 'y' }] }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toHaveProperty('option_groups');
    await call(tokens.owner, 'PATCH', 'products/p-lomo-saltado/', { option_groups: lomo.option_groups });
  });

  it('answers one 200 and 409s to concurrent PATCHes made from the same version', async () => {
    const current = (await call(tokens.owner, 'GET', 'products/p-causa-limena/')).json();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(
          i % 2 ? tokens.owner : tokens.manager,
          'PATCH',
          'products/p-causa-limena/',
          { price: `${20 + i}.00` },
          {
            'if-match': `"${current.version}"`,
          },
        ),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, ...Array(11).fill(409)]);
    const winner = answers.find((res) => res.statusCode === 200)?.json();
    expect(winner.version).toBe(current.version + 1);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().current).toEqual(winner);
    const log = await call(tokens.owner, 'GET', 'audit-log/?object_uid=p-causa-limena');
    expect(log.json().count).toBe(1);
  });

  it('refuses bad products with 400 and changes nothing', async () => {
    const before = await auditCount();
    const [{ n: productsBefore } = { n: 0 }] = await t.db.select({ n: count() }).from(products);
    const bad: [InjectOptions['method'], string, unknown][] = [
      ['POST', 'products/', {}],
      ['POST', 'products/', { ...product, price: '-1' }],
      ['POST', 'products/', { ...product, price: 12 }],
      ['POST', 'products/', { ...product, price: '1.234' }],
      ['POST', 'products/', { ...product, price: '99999999' }],
      ['POST', 'products/', { ...product, category_uid: 'pc-otra-empresa' }],
      ['POST', 'products/', { ...product, is_redeemable: true }],
      [
        'POST',
        'products/',
        { ...product, option_groups: [{ name: 'x', min: 3, max: 1, options: [{ name: 'a' }] }] },
      ],
      ['POST', 'products/', { ...product, option_groups: [{ name: 'x', options: [] }] }],
      [
        'POST',
        'products/',
        {
          ...product,
          option_groups: [
            {
              name: 'x',
              options: [
                { name: 'a', uid: 'dup' },
                { name: 'b', uid: 'dup' },
              ],
            },
          ],
        },
      ],
      ['POST', 'products/', { ...product, title: 'x'.repeat(201) }],
      ['PATCH', 'products/p-causa-limena/', { price: null }],
      ['PATCH', 'products/p-causa-limena/', { is_redeemable: true, coin_price: null }],
      ['PATCH', 'products/p-causa-limena/', { unknown: 1 }],
      ['POST', 'products/p-causa-limena/duplicate/?x=1', undefined],
      ['GET', 'products/?is_active=yes', undefined],
      ['GET', 'products/?ordering=search_text', undefined],
      ['GET', `products/?search=${'a'.repeat(101)}`, undefined],
    ];
    for (const [method, path, payload] of bad) {
      const res = await call(tokens.owner, method, path, payload);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await auditCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(products))[0]?.n).toBe(productsBefore);
  });

  it('pages deep into a big catalogue in the same order as the first pages (the deferred join)', async () => {
    // 700 products more: page 6 of 100 starts at offset 500, where the list reads uids by index first.
    await t.db.insert(products).values(
      Array.from({ length: 700 }, (_, n) => ({
        uid: `deep-${String(n).padStart(3, '0')}`,
        appUid: 'demo',
        companyUid: 'demo-main',
        title: `Plato hondo ${n % 37}`,
        unitPrice: 100 * (n % 13),
        searchText: `plato hondo ${n % 37}`,
      })),
    );
    for (const ordering of ['', '&ordering=-price', '&ordering=title']) {
      const all: string[] = [];
      for (let page = 1; page <= 8; page += 1) {
        const res = await call(tokens.manager, 'GET', `products/?page_size=100&page=${page}${ordering}`);
        expect(res.statusCode, res.body).toBe(200);
        all.push(...res.json().results.map((p: { uid: string }) => p.uid));
      }
      // Every product once, and the pages past offset 500 continue the order of the ones before.
      expect(new Set(all).size, ordering).toBe(all.length);
      const big = await call(tokens.manager, 'GET', `products/?page_size=100&page=6${ordering}`);
      expect(big.json().results.map((p: { uid: string }) => p.uid)).toEqual(all.slice(500, 600));
      const near = await call(tokens.manager, 'GET', `products/?page_size=25&page=20${ordering}`);
      const after = await call(tokens.manager, 'GET', `products/?page_size=25&page=21${ordering}`);
      expect([...near.json().results, ...after.json().results].map((p: { uid: string }) => p.uid)).toEqual(
        all.slice(475, 525),
      );
    }
    // Words under three characters are matched as plain substrings, `%` literally.
    const withOne = Array.from({ length: 700 }, (_, n) => `${n % 37}`).filter((n) => n.includes('1'));
    const short = await call(tokens.manager, 'GET', 'products/?search=hondo%201');
    expect(short.json().count).toBe(withOne.length);
    expect((await call(tokens.manager, 'GET', 'products/?search=hondo%20%25')).json().count).toBe(0);
    await t.db.delete(products).where(like(products.uid, 'deep-%'));
  });

  it("answers 404 for another company's product and category", async () => {
    const rival = `/api/admin/companies/rival-main/products/p-causa-limena/`;
    expect((await t.app.inject({ url: rival, headers: as(tokens.rivalOwner) })).statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies/rival-main/categories/',
      headers: as(tokens.rivalOwner),
      payload: { name: 'Rival' },
    });
    const theirs = created.json().uid;
    expect((await call(tokens.owner, 'GET', `categories/${theirs}/`)).statusCode).toBe(404);
    expect((await call(tokens.owner, 'PATCH', `categories/${theirs}/`, { name: 'x' })).statusCode).toBe(404);
    const withTheirs = await call(tokens.owner, 'PATCH', 'products/p-causa-limena/', {
      category_uid: theirs,
    });
    expect(withTheirs.statusCode).toBe(400);
  });
});

describe('the storefront shows admin changes at once, on every process', () => {
  it('a price changed through one process shows on another that kept the menu page', async () => {
    // A second API process on the same database, with its own page cache.
    const other = await buildApp({ config: t.app.config, db: t.db });
    await other.ready();
    try {
      // The menu page and the product's own detail, both kept by each process.
      const price = async (app: FastifyInstance) => {
        const listed = (await menu(app)).find((p) => p.uid === 'p-lomo-saltado')?.unit_price;
        const detail = await app.inject({
          url: '/api/v7/places/place-miraflores/products/p-lomo-saltado/',
          headers: { host: 'localhost' },
        });
        return detail.json().unit_price === listed ? listed : `${listed} ≠ ${detail.json().unit_price}`;
      };
      expect(await price(t.app)).toBe('35.00');
      expect(await price(other)).toBe('35.00');
      const res = await call(tokens.manager, 'PATCH', 'products/p-lomo-saltado/', { price: '36.90' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await price(t.app)).toBe('36.90');
      // NOTIFY reaches the other process, not after MENU_CACHE_SECONDS (60 s here, past the test's timeout).
      await until(async () => (await price(other)) === '36.90');
      expect(await price(other)).toBe('36.90');
    } finally {
      await other.close();
    }
  });
});

describe('admin availability per place', () => {
  const offer = 'place-miraflores.p-lomo-saltado';
  /** A product of the test's own in Entradas, sold nowhere yet. */
  const newProduct = async (title: string, price: string) =>
    (await call(tokens.manager, 'POST', 'products/', { title, price, category_uid: 'pc-entradas' })).json();

  it('marks a product sold out now, and the menu and checkout follow', async () => {
    const row = await call(tokens.manager, 'GET', `availability/${offer}/`);
    expect(row.statusCode, row.body).toBe(200);
    expect(row.json()).toMatchObject({
      place: { uid: 'place-miraflores' },
      product: { uid: 'p-lomo-saltado' },
      sold_out: false,
    });
    await menu(t.app);
    const soldOut = await call(
      tokens.manager,
      'PATCH',
      `availability/${offer}/`,
      { sold_out: true },
      { 'if-match': row.headers.etag as string },
    );
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect(soldOut.json()).toMatchObject({ stock: 0, sold_out: true, version: row.json().version + 1 });
    expect((await menu(t.app)).find((p) => p.uid === 'p-lomo-saltado')?.stock).toBe(0);
    const listed = await call(tokens.manager, 'GET', 'availability/?sold_out=true&place=place-miraflores');
    expect(listed.json().results.map((r: { uid: string }) => r.uid)).toContain(offer);

    const back = await call(tokens.manager, 'PATCH', `availability/${offer}/`, { sold_out: false });
    expect(back.json()).toMatchObject({ stock: null, sold_out: false });
    const two = await call(tokens.manager, 'PATCH', `availability/${offer}/`, { stock: 2 });
    expect(two.json()).toMatchObject({ stock: 2 });
    expect((await menu(t.app)).find((p) => p.uid === 'p-lomo-saltado')?.stock).toBe(2);
  });

  it('answers 409 to a stock set from a read older than an order or its cancellation, so no sale is erased', async () => {
    const causa = 'place-miraflores.p-causa-limena';
    const read = await call(tokens.manager, 'GET', `availability/${causa}/`);
    const set = await call(
      tokens.manager,
      'PATCH',
      `availability/${causa}/`,
      { stock: 9 },
      {
        'if-match': read.headers.etag as string,
      },
    );
    expect(set.statusCode, set.body).toBe(200);
    const member = await demoMemberToken(t.db);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v5/places/place-miraflores/orders/',
      headers: auth(member),
      payload: pickupBody(await firstSlot(t.app), [
        { uid: 'p-causa-limena', quantity: 1, option_groups: [], direct_purchase: false },
      ]),
    });
    expect(order.statusCode, order.body).toBe(201);
    const stale = await call(
      tokens.manager,
      'PATCH',
      `availability/${causa}/`,
      { stock: 9 },
      {
        'if-match': set.headers.etag as string,
      },
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().current).toMatchObject({ stock: 8 });

    const afterOrder = await call(tokens.manager, 'GET', `availability/${causa}/`);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/v5/me/orders/${order.json().uid}/`,
      headers: auth(member),
      payload: { status: 'CANCELED_BY_USER' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const staleAgain = await call(
      tokens.manager,
      'PATCH',
      `availability/${causa}/`,
      { stock: 8 },
      {
        'if-match': afterOrder.headers.etag as string,
      },
    );
    expect(staleAgain.statusCode, staleAgain.body).toBe(409);
    expect(staleAgain.json().current).toMatchObject({ stock: 9 });
  });

  it('starts and stops selling a product at a place, with the menu count following', async () => {
    const created = await newProduct('Humitas de prueba', '9.00');
    const countAt = () => menuCount('place-cayma');
    const before = await countAt();
    const res = await call(tokens.manager, 'POST', 'availability/', {
      place: 'place-cayma',
      product: created.uid,
      stock: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      uid: `place-cayma.${created.uid}`,
      available: true,
      stock: 5,
      sold_out: false,
    });
    expect(await countAt()).toBe(before + 1);
    expect((await menu(t.app, 'place-cayma', 'humitas de prueba')).map((p) => p.uid)).toEqual([created.uid]);
    const again = await call(tokens.manager, 'POST', 'availability/', {
      place: 'place-cayma',
      product: created.uid,
    });
    expect(again.statusCode).toBe(400);

    const off = await call(tokens.manager, 'PATCH', `availability/place-cayma.${created.uid}/`, {
      available: false,
    });
    expect(off.json().available).toBe(false);
    expect(await menu(t.app, 'place-cayma', 'humitas de prueba')).toEqual([]);
    expect(await countAt()).toBe(before);
    expect(
      (await call(tokens.manager, 'DELETE', `availability/place-cayma.${created.uid}/`)).statusCode,
    ).toBe(204);
    const [row] = await t.db.select().from(placeProducts).where(eq(placeProducts.productUid, created.uid));
    expect(row).toBeUndefined();
  });

  it('names each refused field, audits each change with its values, and keeps what a change does not name', async () => {
    const unknown = 'No existe en esta empresa.';
    const create = (body: object) => call(tokens.manager, 'POST', 'availability/', body);
    expect((await create({ place: 'place-rival', product: 'p-nope' })).json()).toEqual({
      place: [unknown],
      product: [unknown],
    });
    expect((await create({ place: 'place-rival', product: 'p-causa-limena' })).json()).toEqual({
      place: [unknown],
    });
    expect((await create({ place: 'place-cayma', product: 'p-nope' })).json()).toEqual({
      product: [unknown],
    });
    expect((await create({ place: 'place-miraflores', product: 'p-causa-limena' })).json()).toEqual({
      product: ['Ya existe.'],
    });
    expect((await call(tokens.manager, 'GET', 'availability/place-miraflores.p-nope/')).statusCode).toBe(404);

    const uid = 'place-miraflores.p-lomo-saltado';
    const patch = (body: object) => call(tokens.manager, 'PATCH', `availability/${uid}/`, body);
    const lastLine = async () =>
      (
        await t.db
          .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
          .from(adminAuditLog)
          .where(and(eq(adminAuditLog.objectType, 'availability'), eq(adminAuditLog.objectUid, uid)))
          .orderBy(adminAuditLog.id)
      ).at(-1);
    await patch({ available: true, stock: 7 });
    expect((await patch({ available: false })).json()).toMatchObject({ available: false, stock: 7 });
    // The audit line holds what changed.
    expect(await lastLine()).toEqual({
      action: 'update',
      before: { available: true },
      after: { available: false },
    });
    // Not sold out any more leaves a stock that was not zero as it was.
    expect((await patch({ sold_out: false })).json()).toMatchObject({ available: false, stock: 7 });
    expect((await patch({ stock: 3 })).json()).toMatchObject({ available: false, stock: 3 });
    await patch({ available: true, stock: null });
  });

  it('audits a start and a stop of selling with their values, and a stop takes the product off the menu count', async () => {
    const created = await newProduct('Alfajor de prueba', '3.00');
    const uid = `place-cayma.${created.uid}`;
    const linesOf = () =>
      t.db
        .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.objectType, 'availability'), eq(adminAuditLog.objectUid, uid)))
        .orderBy(adminAuditLog.id);
    const before = await menuCount('place-cayma');
    const res = await call(tokens.manager, 'POST', 'availability/', {
      place: 'place-cayma',
      product: created.uid,
      available: true,
      stock: 4,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await menuCount('place-cayma')).toBe(before + 1);
    expect(await linesOf()).toEqual([
      { action: 'create', before: null, after: { available: true, stock: 4 } },
    ]);

    // Deleted while still on sale: the count drops with it.
    const gone = await call(tokens.manager, 'DELETE', `availability/${uid}/`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await menuCount('place-cayma')).toBe(before);
    expect(await menu(t.app, 'place-cayma', 'alfajor de prueba')).toEqual([]);
    expect((await linesOf()).at(-1)).toEqual({
      action: 'delete',
      before: { available: true, stock: 4 },
      after: null,
    });
  });

  it('refuses bad availability input with 400 and changes nothing', async () => {
    const before = await auditCount();
    const bad: [InjectOptions['method'], string, unknown][] = [
      ['POST', 'availability/', { place: 'place-rival', product: 'p-causa-limena' }],
      ['POST', 'availability/', { place: 'place-cayma', product: 'p-nope' }],
      ['POST', 'availability/', { place: 'place-cayma', product: 'p-causa-limena', stock: -1 }],
      ['POST', 'availability/', { place: 'place-cayma' }],
      ['PATCH', `availability/${offer}/`, { stock: 1.5 }],
      ['PATCH', `availability/${offer}/`, { sold_out: true, stock: 3 }],
      ['PATCH', `availability/${offer}/`, { sold_out: 'yes' }],
      ['PATCH', 'availability/no-dot/', { stock: 1 }],
      ['GET', 'availability/?sold_out=1', undefined],
      ['GET', 'availability/?ordering=-version', undefined],
    ];
    for (const [method, path, payload] of bad) {
      const res = await call(tokens.owner, method, path, payload);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await auditCount()).toBe(before);
  });
});
