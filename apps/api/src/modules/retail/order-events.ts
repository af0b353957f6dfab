import type { Database } from '@storefront/db/client';
import { PgChannel } from '../../lib/pg-channel.ts';

/**
 * The order board's live feed. A trigger on order_status_history announces every new order and status
 * change with NOTIFY order_events at commit (migration 0010); each API process LISTENs once and hands
 * the announcement to its own open streams (lib/pg-channel.ts).
 */

export interface OrderNotice {
  id: number;
  order: string;
  app: string;
  place: string;
  status: string;
}

export class OrderEventHub extends PgChannel<OrderNotice> {
  constructor(db: Database) {
    super(db, 'order_events');
  }
}
