import { randomUUID } from 'node:crypto';
import { AppError, errorMessage } from '@storefront/contracts/errors';
import type { Order, OrderBody, Subscription, SubscriptionBody } from '@storefront/contracts/orders';
import type { Executor } from '@storefront/db/client';
import type { MemberContext } from '../../lib/request-context.ts';
import { deleteCart } from '../cart/cart.repository.ts';
import {
  inPickupWindow,
  isoWeekday,
  localNow,
  pickupSlots,
  type ScheduleInput,
} from '../catalogue/pickup-schedule.ts';
import { redeemCoupon } from '../coupons/coupons.service.ts';
import { DEFAULT_PAYMENT_METHODS, quoteFare } from '../delivery/delivery.service.ts';
import { spendCoins } from '../loyalty/ledger.service.ts';
import { type PricedLines, priceLines } from './order-lines.service.ts';
import * as repo from './orders.repository.ts';
import { toOrderDto, toSubscriptionDto } from './orders.service.ts';

type Kind = 'ORDER' | 'SUBSCRIPTION';

/** The chosen slot must be one the place's schedule offers on that date (catalogue pickup-schedule). */
function checkSlot(
  ctx: MemberContext,
  body: OrderBody,
  settings: { leadMinutes: number | null; timeZone: string | null },
  hours: ScheduleInput['hours'],
): void {
  const today = localNow(new Date(), settings.timeZone ?? 'America/Lima');
  if (!inPickupWindow(body.pickup_date, today.date)) {
    const message = errorMessage('INVALID_TIME_SLOT', ctx.language);
    throw new AppError('INVALID_TIME_SLOT', { pickup_date: [message], non_field_errors: [message] });
  }
  const { slots } = pickupSlots({
    date: body.pickup_date,
    today,
    leadMinutes: settings.leadMinutes ?? 30,
    hours,
  });
  if (!slots.some((slot) => slot.start_time === body.start_time && slot.end_time === body.end_time)) {
    const message = errorMessage('INVALID_TIME_SLOT', ctx.language);
    throw new AppError('INVALID_TIME_SLOT', { start_time: [message], non_field_errors: [message] });
  }
}

function checkPayment(accepted: string[], body: OrderBody, priced: PricedLines): void {
  if (!accepted.includes(body.payment_type)) {
    throw new AppError(
      body.payment_type === 'CARD_ON_DELIVERY' ? 'CARD_PAYMENTS_NOT_ACCEPTED' : 'PAYMENT_METHOD_NOT_ACCEPTED',
    );
  }
  if (body.payment_type === 'COINS' && priced.items.some((item) => !item.isRedeemable)) {
    throw new AppError('COINS_ONLY_FOR_REDEEMABLES');
  }
}

/**
 * Locks the stock rows (SELECT … FOR UPDATE, in uid order) and checks them: a line asking for more
 * than is left is refused with the out-of-stock message naming the product. Answers what to take.
 */
async function lockStock(tx: Executor, ctx: MemberContext, placeUid: string, priced: PricedLines) {
  if (priced.stock.size === 0) return [];
  const locked = await repo.lockStock(tx, placeUid, [...priced.stock.keys()].sort());
  const take: { productUid: string; quantity: number }[] = [];
  for (const row of locked) {
    if (row.stock === null) continue;
    const quantity = priced.stock.get(row.productUid)?.quantity ?? 0;
    if (row.stock < quantity) throw outOfStock(ctx, priced, row.productUid);
    take.push({ productUid: row.productUid, quantity });
  }
  return take;
}

function outOfStock(ctx: MemberContext, priced: PricedLines, productUid: string): AppError {
  const message = errorMessage('PRODUCT_OUT_OF_STOCK', ctx.language);
  const index = priced.items.findIndex((item) => item.uid === productUid);
  return new AppError(
    'PRODUCT_OUT_OF_STOCK',
    { [`products.${index}`]: [message], non_field_errors: [message] },
    { product: productUid },
  );
}

/** The value of a settled read, or its error: the reads run together, the checks keep their order. */
const settled = <T>(result: PromiseSettledResult<T>): T => {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
};

/**
 * Everything an order and a subscription share, read before the transaction in two queries run
 * together on the pool (they take no lock, so holding a transaction open for them only lengthens it):
 * the place with its company, settings and hours, and the lines priced from the catalogue; then
 * payment, slot, delivery fare and the program are checked. Stock is checked again under its row lock
 * in the transaction; the checks answer in the order they always did.
 */
export async function prepareCheckout(
  db: Executor,
  ctx: MemberContext,
  placeUid: string,
  body: OrderBody,
  kind: Kind,
) {
  const [found, priced] = await Promise.allSettled([
    repo.findCheckoutPlace(db, ctx.app.uid, placeUid, isoWeekday(body.pickup_date)),
    priceLines(db, { uid: placeUid }, body.products, { limits: true, language: ctx.language }),
  ]);
  const checkoutPlace = settled(found);
  if (!checkoutPlace) throw new AppError('NOT_FOUND');
  const { hours, ...place } = checkoutPlace;
  if (!place.companyOfApp || !place.ecommerceEnabled) throw new AppError('ECOMMERCE_DISABLED');
  if (kind === 'SUBSCRIPTION' && !place.subscriptionEnabled) throw new AppError('SUBSCRIPTIONS_DISABLED');
  const lines = settled(priced);
  if (kind === 'SUBSCRIPTION' && lines.coins > 0) throw new AppError('REDEEMABLE_NOT_SUBSCRIBABLE');
  checkPayment(place.paymentMethods ?? [...DEFAULT_PAYMENT_METHODS], body, lines);
  checkSlot(ctx, body, place, hours);
  let deliveryPrice = 0;
  if (body.order_type === 'DELIVERY') {
    if (!place.deliveryService) throw new AppError('NO_SHIPPING_METHODS');
    deliveryPrice = (await quoteFare(db, place, body)).fare;
  }
  return { place, priced: lines, deliveryPrice, programUid: place.programUid };
}
export type PreparedCheckout = Awaited<ReturnType<typeof prepareCheckout>>;

function checkoutValues(ctx: MemberContext, body: OrderBody, prepared: PreparedCheckout) {
  const { place, priced } = prepared;
  const delivery = body.order_type === 'DELIVERY';
  return {
    appUid: ctx.app.uid,
    companyUid: place.companyUid,
    placeUid: place.uid,
    userUid: ctx.user.uid,
    orderType: body.order_type,
    paymentType: body.payment_type,
    pickupDate: body.pickup_date,
    startTime: body.start_time,
    endTime: body.end_time,
    address: delivery ? (body.address ?? '') : '',
    district: delivery ? (body.district ?? '') : '',
    reference: body.reference ?? '',
    latitude: delivery ? (body.latitude ?? null) : null,
    longitude: delivery ? (body.longitude ?? null) : null,
    comments: body.comments ?? '',
    userData: body.user_data,
    billing: body.billing ?? null,
    items: priced.items,
    subtotal: priced.subtotal,
    deliveryPrice: prepared.deliveryPrice,
    coins: priced.coins,
    programUid: prepared.programUid,
    influencerUid: body.influencer_uid ?? null,
  };
}

async function applyCoupon(
  tx: Executor,
  ctx: MemberContext,
  companyUid: string,
  body: OrderBody,
  uid: string,
  subtotal: number,
) {
  if (!body.coupon_code) return { couponUid: null, couponCode: null, discount: 0 };
  const { coupon, discount } = await redeemCoupon(tx, ctx.app.uid, companyUid, body.coupon_code, {
    userUid: ctx.user.uid,
    sourceUid: uid,
    subtotal,
  });
  return { couponUid: coupon.uid, couponCode: coupon.code, discount };
}

/**
 * POST v5/places/{place_uid}/orders/ in one transaction (architecture §4): prices from the catalogue,
 * options within limits, stock taken under row locks, coins debited for redeemable lines, the coupon
 * use counted, the next order number of the company, the first history row, the cart cleared.
 * Locks are taken in one order everywhere (stock rows, coupon, membership, counter) so that
 * concurrent orders queue instead of deadlocking. The writes go in one last statement
 * (repo.placeOrder), which also takes the stock when it is the only lock before the counter: one
 * stock row, no coupon, no coins. Otherwise the stock rows are locked first, in uid order, and
 * checked, so that the rows every order of a place waits on are held for as few round trips as can be.
 */
export async function createOrder(
  tx: Executor,
  ctx: MemberContext,
  prepared: PreparedCheckout,
  body: OrderBody,
): Promise<Order> {
  const uid = randomUUID();
  const values = checkoutValues(ctx, body, prepared);
  const lockFirst = prepared.priced.stock.size > 1 || Boolean(body.coupon_code) || values.coins > 0;
  const take = lockFirst
    ? await lockStock(tx, ctx, prepared.place.uid, prepared.priced)
    : [...prepared.priced.stock].map(([productUid, line]) => ({ productUid, quantity: line.quantity }));
  const coupon = await applyCoupon(tx, ctx, values.companyUid, body, uid, values.subtotal);
  if (values.coins > 0) {
    if (!values.programUid) throw new AppError('NOT_ENOUGH_COINS');
    await spendCoins(
      tx,
      { appUid: ctx.app.uid, userUid: ctx.user.uid, programUid: values.programUid },
      { amount: values.coins, reference: { type: 'order', id: uid } },
    );
  }
  const placed = await repo.placeOrder(
    tx,
    {
      ...values,
      ...coupon,
      uid,
      status: 'RECEIVED',
      price: values.subtotal + values.deliveryPrice - coupon.discount,
    },
    take,
    { fromStatus: null, toStatus: 'RECEIVED', actorUserUid: ctx.user.uid, actorRole: 'MEMBER' },
  );
  const [short] = placed.short;
  if (short) throw outOfStock(ctx, prepared.priced, short);
  return toOrderDto(placed.order, prepared.place.name, [placed.history]);
}

/**
 * POST v5/places/{place_uid}/subscriptions/: the order's checks on the same body plus the weekdays.
 * A subscription is a standing order: it takes no stock and no coins now (redeemable products are
 * refused), but a product out of stock is refused and the coupon use is counted.
 */
export async function createSubscription(
  tx: Executor,
  ctx: MemberContext,
  prepared: PreparedCheckout,
  body: SubscriptionBody,
): Promise<Subscription> {
  for (const [productUid, line] of prepared.priced.stock) {
    if (line.available === 0) throw outOfStock(ctx, prepared.priced, productUid);
  }
  const uid = randomUUID();
  const values = checkoutValues(ctx, body, prepared);
  const coupon = await applyCoupon(tx, ctx, values.companyUid, body, uid, values.subtotal);
  const subscription = await repo.insertSubscription(tx, {
    ...values,
    ...coupon,
    uid,
    status: 'ACTIVE',
    days: [...body.days].sort(),
    price: values.subtotal + values.deliveryPrice - coupon.discount,
  });
  await deleteCart(tx, ctx.user.uid, prepared.place.uid, 'SUBSCRIPTION');
  return toSubscriptionDto(subscription, prepared.place.name);
}
