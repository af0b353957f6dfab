import { AppError } from '@storefront/contracts/errors';
import type { Executor } from '@storefront/db/client';
import { announceCatalogueChange } from '../admin/catalogue/catalogue.repository.ts';
import { earnForDeliveredOrder, refundBalance, refundCoins } from '../loyalty/ledger.service.ts';
import { markCancelled } from '../payments/payments.repository.ts';
import { issueReceiptOnMove } from '../receipts/receipts.service.ts';
import { noticeOrderStatus } from './order-notices.service.ts';
import * as repo from './orders.repository.ts';

export type { OrderRow, OrderStatus } from './orders.repository.ts';

/** Who moves an order: the member, a staff user (retail module) or the system. */
export interface StatusActor {
  userUid: string | null;
  role: 'MEMBER' | 'STAFF' | 'SYSTEM';
}

/** Where an order ends: no move leaves these statuses. */
// Stryker disable next-line ArrayDeclaration: a made-up status in this list is no status a move can name.
const FINAL: readonly repo.OrderStatus[] = [];

/** The edges of architecture §4; SHIPPED is for delivery, ACCEPTED → DELIVERED for pickup. */
const EDGES: Record<repo.OrderStatus, readonly repo.OrderStatus[]> = {
  PENDING_PAYMENT: ['RECEIVED', 'PAYMENT_FAILED', 'PAYMENT_EXPIRED', 'CANCELED_BY_USER'],
  PAYMENT_FAILED: FINAL,
  PAYMENT_EXPIRED: FINAL,
  RECEIVED: ['ACCEPTED', 'CANCELED_BY_PLACE', 'CANCELED_BY_USER'],
  ACCEPTED: ['SHIPPED', 'DELIVERED', 'CANCELED_BY_PLACE'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: FINAL,
  CANCELED_BY_PLACE: FINAL,
  CANCELED_BY_USER: FINAL,
};

export function canMove(order: Pick<repo.OrderRow, 'status' | 'orderType'>, to: repo.OrderStatus): boolean {
  if (!EDGES[order.status].includes(to)) return false;
  // Only ACCEPTED leads to SHIPPED; DELIVERED is reached from SHIPPED too.
  if (to === 'SHIPPED') return order.orderType === 'DELIVERY';
  if (order.status === 'ACCEPTED' && to === 'DELIVERED') return order.orderType === 'PICKUP';
  return true;
}

const isCancel = (status: repo.OrderStatus) =>
  status === 'CANCELED_BY_PLACE' || status === 'CANCELED_BY_USER';

/**
 * Gives back what an order took: its stock (rows locked in uid order), its coupon use, its coins and
 * its gift balance (one lock of the membership, after the stock and coupon, as when ordering). Stock
 * given back is announced to every process at commit: a payment expired by the reconciliation or
 * declined by the provider's notice moves it outside any storefront request, and the embedded
 * database's answers are kept for a minute (decision 035).
 */
async function giveBack(tx: Executor, order: repo.OrderRow): Promise<void> {
  const taken = (await repo.takenStock(tx, order.uid)).filter((row) => row.quantity < 0);
  if (taken.length > 0) {
    await repo.lockStock(
      tx,
      order.placeUid,
      taken.map((row) => row.productUid),
    );
    await repo.moveStock(
      tx,
      taken.map((row) => ({
        placeUid: order.placeUid,
        productUid: row.productUid,
        orderUid: order.uid,
        delta: -row.quantity,
        reason: 'CANCEL' as const,
      })),
    );
    await announceCatalogueChange(tx, order.appUid, order.companyUid);
  }
  if (order.couponUid) await repo.releaseCouponUse(tx, order.couponUid, order.uid);
  if (order.coins > 0 && order.programUid) {
    await refundCoins(
      tx,
      { appUid: order.appUid, userUid: order.userUid, programUid: order.programUid },
      { amount: order.coins, reference: { type: 'order', id: order.uid } },
    );
  }
  if (order.giftCardAmount > 0 && order.programUid) {
    await refundBalance(
      tx,
      { appUid: order.appUid, userUid: order.userUid, programUid: order.programUid },
      { amountCents: order.giftCardAmount, reference: { type: 'order', id: order.uid } },
    );
  }
}

/**
 * Moves an order along the edges of architecture §4 in the caller's transaction, recording who and
 * when. A cancellation gives back stock, coins and the coupon use; DELIVERED earns coins and points
 * through the ledger. Any other move is refused (400) and changes nothing. `scope.userUid` limits the
 * call to that member's orders; another tenant's or member's order answers 404.
 */
export async function transitionOrder(
  tx: Executor,
  scope: { appUid: string; userUid?: string },
  orderUid: string,
  to: repo.OrderStatus,
  actor: StatusActor,
): Promise<repo.OrderRow> {
  const order = await repo.findOrder(tx, scope.appUid, orderUid, { userUid: scope.userUid, lock: true });
  if (!order) throw new AppError('NOT_FOUND');
  if (!canMove(order, to)) throw new AppError('ORDER_STATUS_NOT_ALLOWED');
  const moved = await repo.setOrderStatus(tx, order.uid, to);
  await repo.insertHistory(tx, {
    orderUid: order.uid,
    fromStatus: order.status,
    toStatus: to,
    actorUserUid: actor.userUid,
    actorRole: actor.role,
  });
  await noticeOrderStatus(tx, moved, order.status);
  await issueReceiptOnMove(tx, moved, order.status);
  if (isCancel(to)) await markCancelled(tx, order.uid);
  if (isCancel(to) || to === 'PAYMENT_FAILED' || to === 'PAYMENT_EXPIRED') await giveBack(tx, order);
  if (to === 'DELIVERED' && order.programUid) {
    await earnForDeliveredOrder(
      tx,
      { appUid: order.appUid, userUid: order.userUid, programUid: order.programUid },
      { uid: order.uid, paidCents: order.price },
    );
  }
  return moved;
}
