import { AppError, errorMessage } from '@storefront/contracts/errors';
import {
  type Cart,
  type CartBody,
  type CartLineInput,
  REORDER_REASONS,
  type Reorder,
} from '@storefront/contracts/orders';
import type { MemberContext } from '../../lib/request-context.ts';
import { findPlace } from '../catalogue/catalogue.repository.ts';
import { priceLines } from '../orders/order-lines.service.ts';
import { findOrder } from '../orders/orders.repository.ts';
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

const isReason = (code: string): code is Reorder['left_out'][number]['reason'] =>
  (REORDER_REASONS as readonly string[]).includes(code);

/**
 * POST v5/me/orders/{order_uid}/reorder/: the order's lines that can still be sold (on sale in the
 * place, options still active and within their limits, enough stock) replace the member's regular cart
 * of that place; the others are answered with the reason. Prices are not copied: the cart is priced
 * from the catalogue whenever it is shown or ordered. When no line can be sold the cart is kept.
 */
export async function reorder(ctx: MemberContext, orderUid: string): Promise<Reorder> {
  const order = await findOrder(ctx.db, ctx.app.uid, orderUid, { userUid: ctx.user.uid });
  if (!order) throw new AppError('NOT_FOUND');
  const place = await placeOf(ctx, order.placeUid);
  const kept: CartLineInput[] = [];
  const leftOut: Reorder['left_out'] = [];
  for (const item of order.items) {
    const line = {
      id: `${item.uid}_${kept.filter((k) => k.uid === item.uid).length}`,
      uid: item.uid,
      quantity: item.quantity,
      option_groups: item.optionGroups.map((group) => ({
        uid: group.uid,
        options: group.options.map((option) => ({ uid: option.uid })),
      })),
      direct_purchase: false,
    };
    const reason = await unsellable(ctx, place, line, kept);
    if (reason)
      leftOut.push({
        uid: item.uid,
        name: item.name,
        quantity: item.quantity,
        reason,
        message: errorMessage(reason, ctx.language),
      });
    else kept.push(line);
  }
  const cart =
    kept.length > 0
      ? await saveCart(ctx, { place: place.uid, type: 'REGULAR', products: kept })
      : await getCart(ctx, place.uid, 'REGULAR');
  return { cart, left_out: leftOut };
}

/** Why a line cannot be sold now (with the lines kept before it taking their stock), or null. */
async function unsellable(
  ctx: MemberContext,
  place: { uid: string },
  line: CartLineInput,
  kept: CartLineInput[],
): Promise<Reorder['left_out'][number]['reason'] | null> {
  try {
    const { stock } = await priceLines(ctx.db, place, [line], { limits: true, language: ctx.language });
    const row = stock.get(line.uid);
    const before = kept.filter((k) => k.uid === line.uid).reduce((sum, k) => sum + k.quantity, 0);
    return row && row.available < before + line.quantity ? 'PRODUCT_OUT_OF_STOCK' : null;
  } catch (error) {
    if (error instanceof AppError && isReason(error.code)) return error.code;
    throw error;
  }
}
