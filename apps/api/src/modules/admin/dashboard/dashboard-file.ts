import type { AdminDashboard, DashboardBalance, DashboardTable } from '@storefront/contracts/admin-dashboard';
import { csvFile } from '../../../lib/csv.ts';

// The dashboard's tables as files (CSV or XLSX), with the products file's writers (decision 022): the
// header row holds the JSON keys; money is a number of soles in XLSX and a decimal text in CSV.

type Cell = string | number | null;

interface Sheet {
  columns: string[];
  rows: Cell[][];
  /** Columns holding money (decimal strings of soles). */
  money: Set<string>;
}

const BALANCE_KEYS = ['issued', 'spent', 'refunded', 'expired', 'removed', 'outstanding'] as const;
const balanceCells = (b: DashboardBalance) => BALANCE_KEYS.map((key) => b[key]);

/** One table of the dashboard: its columns and rows. */
export function sheetOf(dashboard: AdminDashboard, table: DashboardTable): Sheet {
  const amount = new Set(['amount']);
  switch (table) {
    case 'summary': {
      const { sales, orders, members } = dashboard;
      return {
        columns: ['figure', 'value'],
        rows: [
          ['sales_amount', sales.amount],
          ['sales_orders', sales.orders],
          ['average_ticket', sales.average_ticket],
          ['orders_placed', orders.placed],
          ['orders_delivered', orders.delivered],
          ['orders_in_progress', orders.in_progress],
          ['orders_cancelled', orders.cancelled],
          ['new_members', members.new_members],
          ['active_members', members.active_members],
        ],
        money: new Set(['value']),
      };
    }
    case 'sales_per_day':
      return {
        columns: ['date', 'orders', 'amount'],
        rows: dashboard.sales_per_day.map((d) => [d.date, d.orders, d.amount]),
        money: amount,
      };
    case 'orders_by_type':
      return {
        columns: ['order_type', 'orders', 'amount'],
        rows: dashboard.by_type.map((d) => [d.order_type, d.orders, d.amount]),
        money: amount,
      };
    case 'orders_by_payment':
      return {
        columns: ['payment_type', 'orders', 'amount'],
        rows: dashboard.by_payment.map((d) => [d.payment_type, d.orders, d.amount]),
        money: amount,
      };
    case 'top_products_by_units':
    case 'top_products_by_amount':
      return {
        columns: ['uid', 'name', 'units', 'amount'],
        rows: dashboard.top_products[table === 'top_products_by_units' ? 'by_units' : 'by_amount'].map(
          (p) => [p.uid, p.name, p.units, p.amount],
        ),
        money: amount,
      };
    case 'redemptions':
      return {
        columns: ['promotion', 'title', 'program', 'redeemed', 'acquired', 'total'],
        rows: dashboard.redemptions.map((r) => [
          r.promotion,
          r.title,
          r.program,
          r.redeemed,
          r.acquired,
          r.total,
        ]),
        money: new Set(),
      };
    case 'programs':
      return {
        columns: [
          'program',
          'name',
          'new_members',
          'active_members',
          ...BALANCE_KEYS.map((key) => `coins_${key}`),
          ...BALANCE_KEYS.map((key) => `points_${key}`),
          'stamps_given',
          'cards_completed',
        ],
        rows: dashboard.programs.map((p) => [
          p.uid,
          p.name,
          p.new_members,
          p.active_members,
          ...balanceCells(p.coins),
          ...balanceCells(p.points),
          p.stamps.given,
          p.stamps.cards_completed,
        ]),
        money: new Set(),
      };
  }
}

export function sheetCsv(sheet: Sheet): Buffer {
  return csvFile([sheet.columns, ...sheet.rows.map((row) => row.map((cell) => cell ?? ''))]);
}

/** Typed XLSX cells: text stays text (never a formula), counts and money are numbers a spreadsheet adds up. */
export async function sheetXlsx(sheet: Sheet, name: string): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = sheet.columns.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = sheet.rows.map((row) =>
    row.map((cell, i) => {
      if (cell === null) return null;
      if (typeof cell === 'number') return { value: cell, type: Number };
      if (sheet.money.has(sheet.columns[i] as string)) return { value: Number(cell), type: Number };
      return { value: cell, type: String };
    }),
  );
  return writeXlsxFile([header, ...rows], { sheet: name.slice(0, 31) }).toBuffer();
}
