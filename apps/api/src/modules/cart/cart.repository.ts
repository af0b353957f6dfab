import type { Executor } from '@storefront/db/client';
import { type CartLine, carts } from '@storefront/db/schema/orders';
import { and, eq } from 'drizzle-orm';

export type CartRow = typeof carts.$inferSelect;
export type CartType = CartRow['type'];

export async function findCart(
  db: Executor,
  appUid: string,
  userUid: string,
  placeUid: string,
  type: CartType,
): Promise<CartRow | null> {
  const [row] = await db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.appUid, appUid),
        eq(carts.userUid, userUid),
        eq(carts.placeUid, placeUid),
        eq(carts.type, type),
      ),
    );
  return row ?? null;
}

export async function saveCart(
  db: Executor,
  cart: { appUid: string; userUid: string; placeUid: string; type: CartType; products: CartLine[] },
): Promise<CartRow> {
  const updatedAt = new Date();
  const [row] = await db
    .insert(carts)
    .values({ ...cart, updatedAt })
    .onConflictDoUpdate({
      target: [carts.userUid, carts.placeUid, carts.type],
      set: { products: cart.products, updatedAt },
    })
    .returning();
  if (!row) throw new Error('cart not returned');
  return row;
}

export async function deleteCart(
  db: Executor,
  userUid: string,
  placeUid: string,
  type: CartType,
): Promise<void> {
  await db
    .delete(carts)
    .where(and(eq(carts.userUid, userUid), eq(carts.placeUid, placeUid), eq(carts.type, type)));
}
