import { AppError } from '@storefront/contracts/errors';
import type { Cart, CartBody } from '@storefront/contracts/orders';
import type { MemberContext } from '../../lib/request-context.ts';
import { findPlace } from '../catalogue/catalogue.repository.ts';
import { priceLines } from '../orders/order-lines.service.ts';
import * as repo from './cart.repository.ts';

async function placeOf(ctx: MemberContext, placeUid: string) {
  const place = await findPlace(ctx.db, ctx.app.uid, placeUid);
  if (!place) throw new AppError('NOT_FOUND');
  return place;
}

/** GET v5/me/shopping-cart/?place_uid=…&type=…: the saved cart, or an empty one. */
export async function getCart(ctx: MemberContext, placeUid: string, type: repo.CartType): Promise<Cart> {
  const place = await placeOf(ctx, placeUid);
  const row = await repo.findCart(ctx.db, ctx.app.uid, ctx.user.uid, place.uid, type);
  return {
    place: place.uid,
    type,
    products: row?.products ?? [],
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * POST v5/me/shopping-cart/: replaces the member's cart of a place with the storefront's cart
 * request. Unknown products and options are refused; option counts are checked at checkout, since
 * the storefront saves a cart while the member is still choosing. An empty cart removes the entry.
 */
export async function saveCart(ctx: MemberContext, body: CartBody): Promise<Cart> {
  const place = await placeOf(ctx, body.place);
  if (body.products.length === 0) {
    await repo.deleteCart(ctx.db, ctx.user.uid, place.uid, body.type);
    return { place: place.uid, type: body.type, products: [], updated_at: null };
  }
  await priceLines(ctx.db, place, body.products, { limits: false, language: ctx.language });
  const row = await repo.saveCart(ctx.db, {
    appUid: ctx.app.uid,
    userUid: ctx.user.uid,
    placeUid: place.uid,
    type: body.type,
    products: body.products,
  });
  return {
    place: place.uid,
    type: body.type,
    products: row.products,
    updated_at: row.updatedAt.toISOString(),
  };
}
