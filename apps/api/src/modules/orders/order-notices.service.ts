import type { Executor } from '@storefront/db/client';
import { queueMail } from '../mail/mail.service.ts';
import { queuePush } from '../push/push.service.ts';
import { receiptMail, statusMail, statusNotification } from './order-mail.ts';
import { findNoticeParties } from './order-notices.repository.ts';
import type { OrderRow, OrderStatus } from './orders.repository.ts';

/**
 * What the member hears of an order entering a status, queued in the transaction that moves it (the
 * outbox sends it only if the move commits): the receipt on entering RECEIVED, whether the order is
 * created so or moved there once paid; a status mail on every later move, unless the member turned
 * them off in their profile. An order's creation in any other status (waiting for payment) says nothing.
 * Every move (not the creation: the member is on the page) is also a notification to each device where
 * the member allowed them.
 */
export async function noticeOrderStatus(tx: Executor, order: OrderRow, from: OrderStatus | null) {
  const receipt = order.status === 'RECEIVED';
  if (!receipt && from === null) return;
  const parties = await findNoticeParties(tx, order);
  if (!parties) return;
  if (from !== null) await queuePush(tx, order, statusNotification(order, parties));
  if (!parties.email) return;
  if (!receipt && !parties.statusMails) return;
  const mail = receipt ? receiptMail(order, parties) : statusMail(order, parties);
  await queueMail(tx, { appUid: order.appUid, to: parties.email, verified: parties.emailVerified, ...mail });
}
