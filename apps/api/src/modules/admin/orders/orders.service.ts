import type { AdminOrder, AdminOrdersQuery } from '@storefront/contracts/admin-orders';
import { AppError } from '@storefront/contracts/errors';
import type { Order } from '@storefront/contracts/orders';
import { STAFF_ORDER_STATUSES } from '@storefront/contracts/retail';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import { canMove, type OrderStatus, transitionOrder } from '../../orders/order-status.service.ts';
import { listHistory, type OrderRow, placeNames } from '../../orders/orders.repository.ts';
import { ordersWithPayments, orderWithPayment } from '../../payments/payments.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './orders.repository.ts';

/** The board's moves the order may make now, by the order's own state machine. */
const withMoves = (row: OrderRow, order: Order): AdminOrder => ({
  ...order,
  moves: STAFF_ORDER_STATUSES.filter((to) => canMove(row, to)),
});

async function withHistory(db: Executor, row: OrderRow): Promise<AdminOrder> {
  const names = await placeNames(db, row.appUid, [row.placeUid]);
  return withMoves(
    row,
    await orderWithPayment(db, row, names.get(row.placeUid) ?? '', await listHistory(db, row.uid)),
  );
}

export async function listOrders(ctx: AdminContext, query: AdminOrdersQuery, at: PageRequest) {
  const { rows, count } = await repo.listCompanyOrders(
    ctx.db,
    ctx.company.uid,
    {
      placeUid: query.place,
      status: query.status,
      type: query.type,
      date: query.date,
      since: query.since,
      until: query.until,
    },
    at,
  );
  const names = await placeNames(ctx.db, ctx.company.appUid, [...new Set(rows.map((row) => row.placeUid))]);
  return {
    count,
    results: (await ordersWithPayments(ctx.db, rows, names)).map((order, i) =>
      withMoves(rows[i] as OrderRow, order),
    ),
  };
}

export async function getOrder(ctx: AdminContext, orderUid: string): Promise<AdminOrder> {
  const row = await repo.findCompanyOrder(ctx.db, ctx.company.uid, orderUid);
  if (!row) throw new AppError('NOT_FOUND');
  return withHistory(ctx.db, row);
}

/**
 * The order board's moves (accept, shipped, delivered, cancel) by the order's own state machine, so
 * that stock, coins and the board's live feed follow as they do from the retail tools; audited.
 */
export function moveOrder(ctx: AdminContext, orderUid: string, status: OrderStatus): Promise<AdminOrder> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findCompanyOrder(tx, ctx.company.uid, orderUid);
    if (!found) throw new AppError('NOT_FOUND');
    const moved = await transitionOrder(tx, { appUid: found.appUid }, orderUid, status, {
      userUid: ctx.user.uid,
      role: 'STAFF',
    });
    await recordChange(
      tx,
      ctx,
      { type: 'order', uid: orderUid },
      'update',
      { status: found.status },
      { status: moved.status },
    );
    return withHistory(tx, moved);
  });
}
