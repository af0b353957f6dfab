import { AppError } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Order, Subscription } from '@storefront/contracts/orders';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../lib/paging.ts';
import type { MemberContext } from '../../lib/request-context.ts';
import { ordersWithPayments, orderWithPayment } from '../payments/payments.service.ts';
import { transitionOrder } from './order-status.service.ts';
import * as repo from './orders.repository.ts';

type CheckoutRow = repo.OrderRow | repo.SubscriptionRow;

/** An order line as the order, the subscription and the quote show it. */
export function toItemDto(item: repo.OrderRow['items'][number]) {
  return {
    uid: item.uid,
    name: item.name,
    quantity: item.quantity,
    unit_price: centsToDecimal(item.unitPrice),
    price: centsToDecimal(item.price),
    coin_price: item.coinPrice,
    is_redeemable: item.isRedeemable,
    direct_purchase: item.directPurchase,
    option_groups: item.optionGroups.map((group) => ({
      uid: group.uid,
      name: group.name,
      options: group.options.map((o) => ({ uid: o.uid, name: o.name, price: centsToDecimal(o.price) })),
    })),
  };
}

function checkoutDto(row: CheckoutRow, placeName: string) {
  const extras = [
    ...(row.deliveryPrice > 0 ? [{ name: 'delivery', price: centsToDecimal(row.deliveryPrice) }] : []),
    ...(row.discount > 0 ? [{ name: 'discount', price: centsToDecimal(-row.discount) }] : []),
  ];
  return {
    uid: row.uid,
    place: { uid: row.placeUid, name: placeName },
    company: row.companyUid,
    order_type: row.orderType,
    payment_type: row.paymentType,
    pickup_date: row.pickupDate,
    start_time: row.startTime,
    end_time: row.endTime,
    address: row.address,
    district: row.district,
    reference: row.reference,
    latitude: row.latitude,
    longitude: row.longitude,
    comments: row.comments,
    coupon_code: row.couponCode,
    influencer_uid: row.influencerUid,
    user_data: row.userData as Order['user_data'],
    billing: row.billing,
    products: row.items.map(toItemDto),
    subtotal: centsToDecimal(row.subtotal),
    delivery_price: centsToDecimal(row.deliveryPrice),
    discount: centsToDecimal(row.discount),
    price: centsToDecimal(row.price),
    coins: row.coins,
    extras,
    created_at: row.createdAt.toISOString(),
  };
}

export function toOrderDto(
  row: repo.OrderRow,
  placeName: string,
  history?: repo.HistoryRow[],
  paid: Pick<Order, 'payment' | 'transfer'> = { payment: null, transfer: null },
): Order {
  return {
    ...checkoutDto(row, placeName),
    gift_card_amount: centsToDecimal(row.giftCardAmount),
    amount_due: centsToDecimal(row.price - row.giftCardAmount),
    number: row.number,
    status: row.status,
    eta_minutes: row.etaMinutes,
    ...paid,
    history: history?.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      by: h.actorRole,
      at: h.createdAt.toISOString(),
    })),
  };
}

export function toSubscriptionDto(row: repo.SubscriptionRow, placeName: string): Subscription {
  return { ...checkoutDto(row, placeName), status: row.status, days: row.days };
}

export interface OrdersQuery {
  payment_method?: repo.OrderRow['paymentType'];
  status?: repo.OrderStatus;
  place?: string;
}

/** GET v5/me/orders/: the member's orders, newest first. */
export async function listOrders(ctx: MemberContext, query: OrdersQuery, at: PageRequest) {
  const { count, rows } = await repo.listMemberOrders(
    ctx.db,
    ctx.app.uid,
    ctx.user.uid,
    { paymentType: query.payment_method, status: query.status, placeUid: query.place },
    at,
  );
  const names = await repo.placeNames(ctx.db, ctx.app.uid, [...new Set(rows.map((r) => r.placeUid))]);
  return { count, results: await ordersWithPayments(ctx.db, rows, names) };
}

async function orderDto(db: Executor, appUid: string, row: repo.OrderRow): Promise<Order> {
  const names = await repo.placeNames(db, appUid, [row.placeUid]);
  return orderWithPayment(db, row, names.get(row.placeUid) ?? '', await repo.listHistory(db, row.uid));
}

/** GET v5/me/orders/{uid}/ with its status history. */
export async function getOrder(ctx: MemberContext, orderUid: string): Promise<Order> {
  const row = await repo.findOrder(ctx.db, ctx.app.uid, orderUid, { userUid: ctx.user.uid });
  if (!row) throw new AppError('NOT_FOUND');
  return orderDto(ctx.db, ctx.app.uid, row);
}

/**
 * PATCH v5/me/orders/{uid}/ {"status":"CANCELED_BY_USER"}: allowed while RECEIVED, or while it waits
 * for its payment; a paid order's payment is marked for refund (payments.service refundPayment).
 */
export function cancelOrder(ctx: MemberContext, orderUid: string): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const row = await transitionOrder(
      tx,
      { appUid: ctx.app.uid, userUid: ctx.user.uid },
      orderUid,
      'CANCELED_BY_USER',
      { userUid: ctx.user.uid, role: 'MEMBER' },
    );
    return orderDto(tx, ctx.app.uid, row);
  });
}

export interface SubscriptionsQuery {
  status?: repo.SubscriptionRow['status'];
  place?: string;
  company?: string;
}

/** GET v5/subscriptions/ and v5/me/subscriptions/: the member's subscriptions, newest first. */
export async function listSubscriptions(ctx: MemberContext, query: SubscriptionsQuery, at: PageRequest) {
  const { count, rows } = await repo.listMemberSubscriptions(
    ctx.db,
    ctx.app.uid,
    ctx.user.uid,
    { status: query.status, placeUid: query.place, companyUid: query.company },
    at,
  );
  const names = await repo.placeNames(ctx.db, ctx.app.uid, [...new Set(rows.map((r) => r.placeUid))]);
  return { count, results: rows.map((row) => toSubscriptionDto(row, names.get(row.placeUid) ?? '')) };
}

/** PATCH v5/subscriptions/{uid}/ to canceled_by_user; the coupon use it counted is given back. */
export function cancelSubscription(ctx: MemberContext, uid: string): Promise<Subscription> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findSubscription(tx, ctx.app.uid, ctx.user.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'ACTIVE') throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    const canceled = await repo.cancelSubscriptionRow(tx, row.uid);
    if (row.couponUid) await repo.releaseCouponUse(tx, row.couponUid, row.uid);
    const names = await repo.placeNames(tx, ctx.app.uid, [row.placeUid]);
    return toSubscriptionDto(canceled, names.get(row.placeUid) ?? '');
  });
}
