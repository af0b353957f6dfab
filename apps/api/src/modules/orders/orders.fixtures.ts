import type { Database } from '@storefront/db/client';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { users } from '@storefront/db/schema/users';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { localNow } from '../catalogue/pickup-schedule.ts';
import { issueToken } from '../sessions/sessions.service.ts';

// Shared by the order tests, the crash test and the bench: demo members, a valid slot, a body.

export const DEMO_MEMBER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0001';
export const HOST = 'localhost';

const productAt = (place: string, product: string) =>
  and(eq(placeProducts.placeUid, place), eq(placeProducts.productUid, product));

/** A product's stock at a place, as the database has it (null: not counted). */
export async function stockAt(db: Database, place: string, product: string) {
  const [row] = await db
    .select({ stock: placeProducts.stock })
    .from(placeProducts)
    .where(productAt(place, product));
  return row?.stock;
}

/** Sets a product's stock at a place directly, behind the server's back. */
export async function setStock(db: Database, place: string, product: string, stock: number | null) {
  await db.update(placeProducts).set({ stock }).where(productAt(place, product));
}

/** n fresh members of the demo app, each with a sign-in token. */
export async function createMembers(db: Database, n: number, prefix = 'buyer'): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        appUid: 'demo',
        email: `${prefix}${i}-${Date.now()}@test.pe`,
        firstName: 'Comprador',
        lastName: String(i),
      })),
    )
    .returning({ uid: users.uid, appUid: users.appUid });
  return Promise.all(rows.map((row) => issueToken(db, row)));
}

export const demoMemberToken = (db: Database) => issueToken(db, { uid: DEMO_MEMBER_UID, appUid: 'demo' });

/** Tomorrow on the place's clock: every slot of the day is open. */
export function tomorrow(): string {
  const today = localNow(new Date(), 'America/Lima').date;
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The first pickup slot of a place tomorrow, from the catalogue's pickup-schedule call. */
export async function firstSlot(app: FastifyInstance, place = 'place-miraflores') {
  const date = tomorrow();
  const res = await app.inject({
    url: `/api/v7/places/${place}/pickup-schedule/?date=${date}`,
    headers: { host: HOST },
  });
  const slot = res.json().slots[0] as { start_time: string; end_time: string };
  return { pickup_date: date, start_time: slot.start_time, end_time: slot.end_time };
}

export const userData = {
  full_name: 'Lucía Quispe',
  document_type: 'NATIONAL_ID',
  document_number: '44556677',
  email: 'socio@demo.pe',
  contact_number: '+51987654321',
};

/** A pickup order paid in cash for some lines, at the given slot. */
export function pickupBody(
  slot: { pickup_date: string; start_time: string; end_time: string },
  products: unknown[],
  extra: Record<string, unknown> = {},
) {
  return { order_type: 'PICKUP', payment_type: 'CASH', products, user_data: userData, ...slot, ...extra };
}

export const auth = (token: string, more: Record<string, string> = {}) => ({
  host: HOST,
  authorization: `Token ${token}`,
  ...more,
});

/** An order to post: the member's token, its body, the place (Miraflores unless told) and more headers. */
export interface OrderPost {
  token: string;
  payload: object;
  place?: string;
  headers?: Record<string, string>;
}

/** The request that posts an order as a member, for a caller that injects it itself. */
export function orderRequest({
  token,
  payload,
  place = 'place-miraflores',
  headers = {},
}: OrderPost): InjectOptions {
  return { method: 'POST', url: `/api/v5/places/${place}/orders/`, headers: auth(token, headers), payload };
}

/** Posts an order as a member: the answer as it is, whatever its status. */
export const postOrder = (app: FastifyInstance, order: OrderPost) => app.inject(orderRequest(order));

/** A line of a product without options, not a direct purchase. */
export const orderLine = (uid: string, quantity = 1) => ({
  uid,
  quantity,
  option_groups: [],
  direct_purchase: false,
});

/** A demo line with options: lomo saltado a punto, with a fried egg. */
export const lomoSaltadoLine = {
  uid: 'p-lomo-saltado',
  quantity: 1,
  option_groups: [
    { uid: 'og-lomo-termino', options: [{ uid: 'og-lomo-termino-a-punto' }] },
    { uid: 'og-lomo-extras', options: [{ uid: 'og-lomo-extras-huevo-frito' }] },
  ],
  direct_purchase: false,
};

/** The benchmarks' order: two lines, one of them with options (the stock of p-causa-limena is taken). */
export const benchOrderLines = [orderLine('p-causa-limena'), lomoSaltadoLine];
