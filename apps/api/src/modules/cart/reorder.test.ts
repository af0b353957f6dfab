import { options, placeProducts, products } from '@storefront/db/schema/catalogue';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { auth, createMembers, firstSlot, lomoSaltadoLine, pickupBody } from '../orders/orders.fixtures.ts';

// Issue 30 item 2: "Pedir de nuevo" fills the cart of the order's place with the lines that can still
// be sold, at today's prices, and names the others with the reason.

let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
const PLACE = 'place-miraflores';

const post = (url: string, tok: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: auth(tok), ...(payload ? { payload } : {}) });
const savedCart = (tok: string) =>
  t.app.inject({ url: `/api/v5/me/shopping-cart/?place_uid=${PLACE}`, headers: auth(tok) });
const line = (uid: string, quantity: number) => ({
  uid,
  quantity,
  option_groups: [],
  direct_purchase: false,
});

beforeAll(async () => {
  t = await createTestApp();
  slot = await firstSlot(t.app);
});
afterAll(() => t.close());

describe('reorder', () => {
  it('leaves out a sold-out product and an inactive option, with the reasons, and prices the rest now', async () => {
    const [tok] = (await createMembers(t.db, 1, 'again')) as [string];
    const placed = await post(
      `v5/places/${PLACE}/orders/`,
      tok,
      pickupBody(slot, [lomoSaltadoLine, line('p-causa-limena', 2), line('p-arroz-con-pollo', 3)]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    // Since the order: the fried egg is no longer offered, the causa sold out, the rice got dearer.
    await t.db.update(options).set({ isActive: false }).where(eq(options.uid, 'og-lomo-extras-huevo-frito'));
    await t.db
      .update(placeProducts)
      .set({ stock: 0 })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-causa-limena')));
    await t.db.update(products).set({ unitPrice: 2600 }).where(eq(products.uid, 'p-arroz-con-pollo'));

    const res = await post(`v5/me/orders/${placed.json().uid}/reorder/`, tok);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      cart: {
        place: PLACE,
        type: 'REGULAR',
        products: [{ id: 'p-arroz-con-pollo_0', ...line('p-arroz-con-pollo', 3) }],
        updated_at: expect.any(String),
      },
      left_out: [
        {
          uid: 'p-lomo-saltado',
          name: 'Lomo saltado',
          quantity: 1,
          reason: 'OPTION_NOT_AVAILABLE',
          message: 'Una de las opciones elegidas no está disponible',
        },
        {
          uid: 'p-causa-limena',
          name: 'Causa limeña',
          quantity: 2,
          reason: 'PRODUCT_OUT_OF_STOCK',
          message: 'Este producto está agotado',
        },
      ],
    });
    expect((await savedCart(tok)).json().products).toEqual(res.json().cart.products);
    const quote = await post(`v5/places/${PLACE}/orders/quote/`, tok, {
      order_type: 'PICKUP',
      products: res.json().cart.products,
    });
    expect(quote.json()).toMatchObject({ subtotal: '78.00' });

    // Everything on sale again: the whole order goes back, replacing the cart.
    await t.db.update(options).set({ isActive: true }).where(eq(options.uid, 'og-lomo-extras-huevo-frito'));
    await t.db
      .update(placeProducts)
      .set({ stock: null })
      .where(and(eq(placeProducts.placeUid, PLACE), eq(placeProducts.productUid, 'p-causa-limena')));
    const again = await post(`v5/me/orders/${placed.json().uid}/reorder/`, tok);
    expect(again.json().left_out).toEqual([]);
    expect(again.json().cart.products).toEqual([
      { id: 'p-lomo-saltado_0', ...lomoSaltadoLine },
      { id: 'p-causa-limena_0', ...line('p-causa-limena', 2) },
      { id: 'p-arroz-con-pollo_0', ...line('p-arroz-con-pollo', 3) },
    ]);
  });

  it("answers 404 for another member's order and leaves both carts alone", async () => {
    const [owner, other] = (await createMembers(t.db, 2, 'theirs')) as [string, string];
    const placed = await post(
      `v5/places/${PLACE}/orders/`,
      owner,
      pickupBody(slot, [line('p-arroz-con-pollo', 1)]),
    );
    await post('v5/me/shopping-cart/', other, { place: PLACE, products: [line('p-lomo-saltado', 1)] });
    const res = await post(`v5/me/orders/${placed.json().uid}/reorder/`, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.' });
    expect((await savedCart(other)).json().products).toEqual([line('p-lomo-saltado', 1)]);
    expect((await savedCart(owner)).json().products).toEqual([]);
    expect((await post('v5/me/orders/not-an-order/reorder/', other)).statusCode).toBe(400);
  });
});
