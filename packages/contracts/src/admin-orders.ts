import { z } from 'zod';
import { adminListQuerySchema, adminUid } from './admin.ts';
import { ORDER_STATUSES } from './constants.ts';
import { orderSchema } from './orders.ts';
import { STAFF_ORDER_STATUSES } from './retail.ts';
import { isoDate } from './validators.ts';

// The company's orders in the admin site (issue 17): the list with filters, the detail, and the order
// board's status moves (PATCH body: retail.ts retailOrderPatchSchema; answers: orders.ts orderSchema).

export const adminOrdersQuerySchema = adminListQuerySchema.omit({ search: true }).extend({
  place: adminUid.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(['DELIVERY', 'PICKUP']).optional(),
  /** Orders placed on this day, on the clock of their place. */
  date: isoDate().optional(),
  /** Orders placed on or after this day and on or before `until`, on the clock of their place. */
  since: isoDate().optional(),
  until: isoDate().optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderParamsSchema = z.strictObject({ companyUid: adminUid, uid: z.uuid() });

/** An order as the admin site reads it: the storefront's order and the moves the board may make now. */
export const adminOrderSchema = orderSchema.extend({
  moves: z.array(z.enum(STAFF_ORDER_STATUSES)),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
