import { randomUUID } from 'node:crypto';
import { AppError, errorMessage } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type {
  Order,
  OrderBody,
  OrderQuote,
  QuoteBody,
  Subscription,
  SubscriptionBody,
} from '@storefront/contracts/orders';
import { PREPAID_METHODS } from '@storefront/contracts/payments';
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
import { previewCoupon, redeemCoupon } from '../coupons/coupons.service.ts';
import { DEFAULT_PAYMENT_METHODS, quoteFare } from '../delivery/delivery.service.ts';
import { findMembership } from '../loyalty/ledger.repository.ts';
import { spendBalance, spendCoins } from '../loyalty/ledger.service.ts';
import { insertPayment } from '../payments/payments.repository.ts';
import { checkPrepaid, isPrepaid, toPaymentDto } from '../payments/payments.service.ts';
import { type PricedLines, priceLines } from './order-lines.service.ts';
import { noticeOrderStatus } from './order-notices.service.ts';
import * as repo from './orders.repository.ts';
import { toItemDto, toOrderDto, toSubscriptionDto } from './orders.service.ts';

type Kind = 'ORDER' | 'SUBSCRIPTION';

/** The chosen slot must be one the place's schedule offers on that date (catalogue pickup-schedule). */
function checkSlot(
  ctx: MemberContext,
  body: Pick<OrderBody, 'pickup_date' | 'start_time' | 'end_time'>,
  settings: { leadMinutes: number | null; timeZone: string | null; slotMinutes: number | null },
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
    slotMinutes: settings.slotMinutes ?? undefined,
    hours,
  });
  if (!slots.some((slot) => slot.start_time === body.start_time && slot.end_time === body.end_time)) {
    const message = errorMessage('INVALID_TIME_SLOT', ctx.language);
    throw new AppError('INVALID_TIME_SLOT', { start_time: [message], non_field_errors: [message] });
  }
}

function checkPayment(accepted: string[], body: QuoteBody, priced: PricedLines): void {
  if (!body.payment_type) return;
  // The gift balance is the company's prepaid money: any place of it takes it, whatever its methods.
  if (body.payment_type !== 'GIFT_CARD' && !accepted.includes(body.payment_type)) {
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

const toCents = (decimal: string) => Math.round(Number(decimal) * 100);

const giftError = (ctx: MemberContext) => {
  const message = errorMessage('GIFT_CARD_AMOUNT_INVALID', ctx.language);
  return new AppError('GIFT_CARD_AMOUNT_INVALID', {
    gift_card_amount: [message],
    non_field_errors: [message],
  });
};

/** The methods that pay the rest when part of the price comes from the gift balance. */
const GIFT_WITH = new Set(['CASH', 'CARD_ON_DELIVERY', ...PREPAID_METHODS]);

/**
 * THE price of a checkout, for the quote and the order alike: subtotal + delivery − discount, and the
 * part of it paid from the gift balance (all of it with GIFT_CARD; the amount asked, between 0 and the
 * price exclusive, with CASH or CARD_ON_DELIVERY; nothing otherwise).
 */
export function settle(
  ctx: MemberContext,
  body: QuoteBody,
  money: { subtotal: number; delivery: number; discount: number },
): { price: number; gift: number } {
  const price = money.subtotal + money.delivery - money.discount;
  if (body.payment_type === 'GIFT_CARD') {
    if (body.gift_card_amount !== undefined && toCents(body.gift_card_amount) !== price) throw giftError(ctx);
    return { price, gift: price };
  }
  if (body.gift_card_amount === undefined) return { price, gift: 0 };
  const gift = toCents(body.gift_card_amount);
  const method = body.payment_type ?? 'CASH';
  if (!GIFT_WITH.has(method) || gift <= 0 || gift >= price) throw giftError(ctx);
  return { price, gift };
}

/** The confirmed total must be the price now; otherwise nothing is written (spec's es/en message). */
function checkTotal(body: QuoteBody, price: number): void {
  if (body.total !== undefined && toCents(body.total) !== price) {
    throw new AppError('PRICE_CHANGED', undefined, { quote: { price: centsToDecimal(price) } });
  }
}

/**
 * Everything an order, a subscription and a quote share, read before the transaction in two queries
 * run together on the pool (they take no lock, so holding a transaction open for them only lengthens
 * it): the place with its company, settings and hours, and the lines priced from the catalogue; then
 * payment, slot (orders only), delivery fare, the coupon's discount, the gift balance and the price
 * (settle). Stock, coupon and balances are checked again under their locks in the transaction; the
 * checks answer in the order they always did.
 */
export async function prepareCheckout(
  db: Executor,
  ctx: MemberContext,
  placeUid: string,
  body: QuoteBody,
  kind: Kind,
  mode: 'ORDER' | 'QUOTE' = 'ORDER',
) {
  const [found, priced] = await Promise.allSettled([
    repo.findCheckoutPlace(
      db,
      ctx.app.uid,
      placeUid,
      isoWeekday(body.pickup_date ?? localNow(new Date(), 'America/Lima').date),
    ),
    priceLines(db, { uid: placeUid }, body.products, { limits: true, language: ctx.language }),
  ]);
  const checkoutPlace = settled(found);
  if (!checkoutPlace) throw new AppError('NOT_FOUND');
  const { hours, ...place } = checkoutPlace;
  if (!place.companyOfApp || !place.ecommerceEnabled) throw new AppError('ECOMMERCE_DISABLED');
  if (kind === 'SUBSCRIPTION' && !place.subscriptionEnabled) throw new AppError('SUBSCRIPTIONS_DISABLED');
  const lines = settled(priced);
  if (kind === 'SUBSCRIPTION' && lines.coins > 0) throw new AppError('REDEEMABLE_NOT_SUBSCRIBABLE');
  if (kind === 'SUBSCRIPTION' && (body.payment_type === 'GIFT_CARD' || body.gift_card_amount !== undefined))
    throw new AppError('GIFT_CARD_NOT_FOR_SUBSCRIPTION');
  // A subscription's deliveries are paid at the door: nothing would ever charge a card, Yape or a transfer.
  if (kind === 'SUBSCRIPTION' && body.payment_type && isPrepaid(body.payment_type))
    throw new AppError('PREPAID_NOT_FOR_SUBSCRIPTION');
  checkPayment(place.paymentMethods ?? [...DEFAULT_PAYMENT_METHODS], body, lines);
  const provider =
    mode === 'ORDER' && kind === 'ORDER'
      ? await checkPrepaid(db, place.companyUid, body as OrderBody, ctx.language)
      : null;
  if (mode === 'ORDER') checkSlot(ctx, body as OrderBody, place, hours);
  let deliveryPrice: number | null = 0;
  let etaMinutes: number | null = null;
  // The place's own methods (set in the admin), and delivery only where the company delivers at all.
  if (!place.shippingMethods.includes(body.order_type)) throw new AppError('NO_SHIPPING_METHODS');
  if (body.order_type === 'DELIVERY') {
    if (!place.deliveryService) throw new AppError('NO_SHIPPING_METHODS');
    // A quote before the address is typed has no fare yet; an order always needs one.
    const fare =
      mode === 'QUOTE' && !body.district?.trim() && !body.address?.trim()
        ? null
        : await quoteFare(db, place, body);
    deliveryPrice = fare?.fare ?? null;
    etaMinutes = fare?.etaMinutes ?? null;
  }
  const discount = body.coupon_code
    ? await previewCoupon(db, ctx.app.uid, place.companyUid, body.coupon_code, {
        userUid: ctx.user.uid,
        subtotal: lines.subtotal,
      })
    : 0;
  const { price, gift } = settle(ctx, body, {
    subtotal: lines.subtotal,
    delivery: deliveryPrice ?? 0,
    discount,
  });
  const membership = place.programUid ? await findMembership(db, ctx.user.uid, place.programUid) : null;
  const giftBalance = membership?.balanceCents ?? 0;
  if (gift > giftBalance) throw new AppError('NOT_ENOUGH_BALANCE');
  if (mode === 'ORDER') checkTotal(body, price);
  return {
    place,
    priced: lines,
    deliveryPrice,
    etaMinutes,
    discount,
    price,
    gift,
    giftBalance,
    programUid: place.programUid,
    provider,
  };
}
export type PreparedCheckout = Awaited<ReturnType<typeof prepareCheckout>>;

/** POST v5/places/{place_uid}/orders/quote/: the summary the member confirms, priced as the order is. */
export async function quoteCheckout(
  ctx: MemberContext,
  placeUid: string,
  body: QuoteBody,
): Promise<OrderQuote> {
  const kind = body.days ? 'SUBSCRIPTION' : 'ORDER';
  const q = await prepareCheckout(ctx.db, ctx, placeUid, body, kind, 'QUOTE');
  return {
    place: { uid: q.place.uid, name: q.place.name },
    order_type: body.order_type,
    products: q.priced.items.map(toItemDto),
    subtotal: centsToDecimal(q.priced.subtotal),
    delivery_price: q.deliveryPrice === null ? null : centsToDecimal(q.deliveryPrice),
    discount: centsToDecimal(q.discount),
    price: centsToDecimal(q.price),
    coins: q.priced.coins,
    extras: [
      ...(q.deliveryPrice ? [{ name: 'delivery', price: centsToDecimal(q.deliveryPrice) }] : []),
      ...(q.discount > 0 ? [{ name: 'discount', price: centsToDecimal(-q.discount) }] : []),
    ],
    gift_card_amount: centsToDecimal(q.gift),
    amount_due: centsToDecimal(q.price - q.gift),
    gift_balance: centsToDecimal(q.giftBalance),
  };
}

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
    receipt: body.receipt ?? null,
    items: priced.items,
    subtotal: priced.subtotal,
    deliveryPrice: prepared.deliveryPrice ?? 0,
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
  const member = values.programUid
    ? { appUid: ctx.app.uid, userUid: ctx.user.uid, programUid: values.programUid }
    : null;
  const lockFirst =
    prepared.priced.stock.size > 1 || Boolean(body.coupon_code) || values.coins > 0 || prepared.gift > 0;
  const take = lockFirst
    ? await lockStock(tx, ctx, prepared.place.uid, prepared.priced)
    : [...prepared.priced.stock].map(([productUid, line]) => ({ productUid, quantity: line.quantity }));
  const coupon = await applyCoupon(tx, ctx, values.companyUid, body, uid, values.subtotal);
  // The coupon, read again under its lock, may give another discount than the quote's.
  const { price, gift } = settle(ctx, body, {
    subtotal: values.subtotal,
    delivery: values.deliveryPrice,
    discount: coupon.discount,
  });
  checkTotal(body, price);
  if (values.coins > 0) {
    if (!member) throw new AppError('NOT_ENOUGH_COINS');
    await spendCoins(tx, member, { amount: values.coins, reference: { type: 'order', id: uid } });
  }
  if (gift > 0) {
    if (!member) throw new AppError('NOT_ENOUGH_BALANCE');
    await spendBalance(tx, member, { amountCents: gift, reference: { type: 'order', id: uid } });
  }
  // A prepaid order waits for its payment, out of the board's sight, until it is paid (§10).
  const status = isPrepaid(body.payment_type) ? 'PENDING_PAYMENT' : 'RECEIVED';
  const placed = await repo.placeOrder(
    tx,
    {
      ...values,
      ...coupon,
      uid,
      status,
      price,
      giftCardAmount: gift,
      siteOrigin: ctx.origin,
      etaMinutes: prepared.etaMinutes,
    },
    take,
    { fromStatus: null, toStatus: status, actorUserUid: ctx.user.uid, actorRole: 'MEMBER' },
  );
  const [short] = placed.short;
  if (short) throw outOfStock(ctx, prepared.priced, short);
  await noticeOrderStatus(tx, placed.order, null);
  if (!isPrepaid(body.payment_type)) return toOrderDto(placed.order, prepared.place.name, [placed.history]);
  const payment = await insertPayment(tx, {
    orderUid: uid,
    companyUid: values.companyUid,
    method: body.payment_type,
    provider: body.payment_type === 'TRANSFER' ? null : prepared.provider,
    status: 'PENDING',
    amountCents: price - gift,
    token: body.payment_token ?? null,
    installments: body.installments ?? null,
  });
  return toOrderDto(placed.order, prepared.place.name, [placed.history], {
    payment: toPaymentDto(payment),
    transfer: null,
  });
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
  const { price } = settle(ctx, body, {
    subtotal: values.subtotal,
    delivery: values.deliveryPrice,
    discount: coupon.discount,
  });
  checkTotal(body, price);
  const subscription = await repo.insertSubscription(tx, {
    ...values,
    ...coupon,
    uid,
    status: 'ACTIVE',
    days: [...body.days].sort(),
    price,
  });
  await deleteCart(tx, ctx.user.uid, prepared.place.uid, 'SUBSCRIPTION');
  return toSubscriptionDto(subscription, prepared.place.name);
}
