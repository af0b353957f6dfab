import { z } from 'zod';
import { adminUid } from './admin.ts';

// The owner's numbers (issue 18): one company's figures over a range of days, optionally for one place.
// Money is a decimal string with two places ("12.50"); coins, points and stamps are integers. The
// definitions of every figure are in docs/decisions/023-dashboard.md.

/** The longest range the dashboard answers, in days (both ends included). */
export const DASHBOARD_MAX_DAYS = 366;

/**
 * `GET .../dashboard/?from=YYYY-MM-DD&to=YYYY-MM-DD&place=<uid>`: both days included, on the clock of the
 * place (or of the company). Without `to`, today; without `from`, 29 days before `to`. The dates are
 * checked by the service, so that a bad one gets its own message.
 */
export const adminDashboardQuerySchema = z.strictObject({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  place: adminUid.optional(),
});
export type AdminDashboardQuery = z.infer<typeof adminDashboardQuerySchema>;

const money = z.string();
const count = z.number().int();

/** Sales orders (DELIVERED) of one kind: how many and their total. */
const salesShareSchema = z.object({ orders: count, amount: money });

/** Movements of one kind (coins or points) of a program in the range. */
export const dashboardBalanceSchema = z.object({
  /** Credits, gift of the company or earned (not refunds). */
  issued: count,
  /** Debits to pay orders and promotions. */
  spent: count,
  /** Spent ones given back by a cancellation. */
  refunded: count,
  expired: count,
  /** Taken by the company's own corrections (negative adjustments). */
  removed: count,
  /** The program's liability at the end of `to`; null with a place filter (it belongs to no place). */
  outstanding: count.nullable(),
});
export type DashboardBalance = z.infer<typeof dashboardBalanceSchema>;

export const dashboardProgramSchema = z.object({
  uid: z.string(),
  name: z.string(),
  /** Memberships created in the range; null with a place filter. */
  new_members: count.nullable(),
  active_members: count,
  coins: dashboardBalanceSchema,
  points: dashboardBalanceSchema,
  stamps: z.object({ given: count, cards_completed: count }),
});
export type DashboardProgram = z.infer<typeof dashboardProgramSchema>;

export const dashboardProductSchema = z.object({
  uid: z.string(),
  name: z.string(),
  units: count,
  amount: money,
});
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

export const adminDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  place: z.string().nullable(),
  /** The clock the days are read on for what belongs to no place (memberships, the ledger). */
  time_zone: z.string(),
  sales: z.object({ amount: money, orders: count, average_ticket: money }),
  orders: z.object({ placed: count, delivered: count, in_progress: count, cancelled: count }),
  sales_per_day: z.array(z.object({ date: z.string(), orders: count, amount: money })),
  by_type: z.array(salesShareSchema.extend({ order_type: z.string() })),
  /**
   * The sales' money by the method that took it: an order's gift-balance part under GIFT_CARD, the rest
   * under its payment method; an order paying a part from the balance counts in both.
   */
  by_payment: z.array(salesShareSchema.extend({ payment_type: z.string() })),
  top_products: z.object({
    by_units: z.array(dashboardProductSchema),
    by_amount: z.array(dashboardProductSchema),
  }),
  /** Distinct people over every program of the company; new_members null with a place filter. */
  members: z.object({ new_members: count.nullable(), active_members: count }),
  redemptions: z.array(
    z.object({
      promotion: z.string(),
      title: z.string(),
      program: z.string(),
      /** Used at a counter (REDEEMED). */
      redeemed: count,
      /** Bought in the app and not used yet (ACQUIRED). */
      acquired: count,
      total: count,
    }),
  ),
  programs: z.array(dashboardProgramSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** The dashboard's tables, each downloadable as a file. */
export const DASHBOARD_TABLES = [
  'summary',
  'sales_per_day',
  'orders_by_type',
  'orders_by_payment',
  'top_products_by_units',
  'top_products_by_amount',
  'redemptions',
  'programs',
] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

/** `GET .../dashboard/export/?table=…&format=csv|xlsx` with the dashboard's own range and place. */
export const adminDashboardExportQuerySchema = adminDashboardQuerySchema.extend({
  table: z.enum(DASHBOARD_TABLES).default('summary'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type AdminDashboardExportQuery = z.infer<typeof adminDashboardExportQuerySchema>;
