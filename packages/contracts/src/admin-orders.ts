import { z } from 'zod';
import { adminListQuerySchema, adminUid } from './admin.ts';
import { ORDER_STATUSES } from './constants.ts';
import { isoDate } from './validators.ts';

// The company's orders in the admin site (issue 17): the list with filters, the detail, and the order
// board's status moves (PATCH body: retail.ts retailOrderPatchSchema; answers: orders.ts orderSchema).

export const adminOrdersQuerySchema = adminListQuerySchema.omit({ search: true }).extend({
  place: adminUid.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(['DELIVERY', 'PICKUP']).optional(),
  /** Orders placed on this day, on the clock of their place. */
  date: isoDate().optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderParamsSchema = z.strictObject({ companyUid: adminUid, uid: z.uuid() });
