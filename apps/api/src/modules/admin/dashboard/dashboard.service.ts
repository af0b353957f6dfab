import {
  type AdminDashboard,
  type AdminDashboardExportQuery,
  type AdminDashboardQuery,
  DASHBOARD_MAX_DAYS,
  type DashboardBalance,
} from '@storefront/contracts/admin-dashboard';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import { localNow } from '../../catalogue/pickup-schedule.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import * as repo from './dashboard.repository.ts';
import { sheetCsv, sheetOf, sheetXlsx } from './dashboard-file.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a real calendar day written YYYY-MM-DD (year 1 or later), else null. */
function dayOf(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (year < 1 || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
  return back.getUTCDate() === day ? ms : null;
}

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The range asked for, checked: real dates, `to` not before `from`, at most DASHBOARD_MAX_DAYS days.
 * Without `to`, today on the scope's clock; without `from`, the 30 days ending on `to`.
 */
function rangeOf(ctx: AdminContext, query: AdminDashboardQuery, timeZone: string) {
  const errors: FieldErrors = {};
  const invalid = [FIELD_MESSAGES.isoDate[ctx.language]];
  const to = query.to === undefined ? dayOf(localNow(new Date(), timeZone).date) : dayOf(query.to);
  if (to === null) errors.to = invalid;
  const from = query.from === undefined ? (to === null ? null : to - 29 * DAY_MS) : dayOf(query.from);
  if (from === null) errors.from = invalid;
  if (from !== null && to !== null) {
    if (to < from) errors.to = [FIELD_MESSAGES.toBeforeFrom[ctx.language]];
    else if ((to - from) / DAY_MS + 1 > DASHBOARD_MAX_DAYS)
      errors.to = [FIELD_MESSAGES.rangeTooLong[ctx.language].replace('{days}', String(DASHBOARD_MAX_DAYS))];
  }
  if (from === null || to === null || Object.keys(errors).length > 0)
    throw new AppError('VALIDATION', errors);
  return { from: isoOf(from), to: isoOf(to) };
}

const SPENT = new Set(['SPEND_ORDER', 'SPEND_PURCHASE']);
const CANCELLED = new Set(['CANCELED_BY_PLACE', 'CANCELED_BY_USER']);

/** Coins or points of one program in the range, by what moved them (decision 023). */
function balanceOf(groups: repo.LedgerGroup[], outstanding: number | null): DashboardBalance {
  const sum = (keep: (g: repo.LedgerGroup) => boolean) =>
    groups.filter(keep).reduce((total, g) => total + g.amount, 0);
  return {
    issued: sum((g) => g.credit && g.reason !== 'REFUND'),
    spent: -sum((g) => !g.credit && SPENT.has(g.reason)),
    refunded: sum((g) => g.credit && g.reason === 'REFUND'),
    expired: -sum((g) => g.reason === 'EXPIRE'),
    removed: -sum((g) => !g.credit && g.reason === 'ADMIN_ADJUSTMENT'),
    outstanding,
  };
}

/**
 * The sales' money by the method that took it: an order's gift-balance part under GIFT_CARD, the rest
 * under its own method (card online, Yape, cash…); an order paying a part from the balance counts in
 * both. The amounts add up to the sales.
 */
function salesByMethod(sales: repo.OrderGroup[]) {
  const methods = new Map<string, { orders: number; amount: number }>();
  const add = (method: string, orders: number, cents: number) => {
    if (orders === 0) return;
    const share = methods.get(method) ?? { orders: 0, amount: 0 };
    methods.set(method, { orders: share.orders + orders, amount: share.amount + cents });
  };
  for (const g of sales) {
    // A GIFT_CARD order is paid whole from the balance (older rows may not say so in gift_card_amount).
    const gift = g.paymentType === 'GIFT_CARD';
    add('GIFT_CARD', gift ? g.orders : g.giftOrders, gift ? g.amount : g.giftAmount);
    if (!gift) add(g.paymentType, g.orders, g.amount - g.giftAmount);
  }
  return [...methods]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([payment_type, share]) => ({ payment_type, ...share, amount: centsToDecimal(share.amount) }));
}

/** The company's figures over the days asked for (decision 023), for one place or all of them. */
export async function dashboard(ctx: AdminContext, query: AdminDashboardQuery): Promise<AdminDashboard> {
  const companyUid = ctx.company.uid;
  let timeZone: string;
  if (query.place) {
    const place = await repo.companyPlace(ctx.db, companyUid, query.place);
    if (!place) throw new AppError('VALIDATION', { place: [FIELD_MESSAGES.notInCompany[ctx.language]] });
    timeZone = place.tz;
  } else {
    timeZone = await repo.companyTimeZone(ctx.db, companyUid);
  }
  const { from, to } = rangeOf(ctx, query, timeZone);
  const placeUid = query.place ?? null;
  const places = await repo.placeBounds(ctx.db, { companyUid, from, to, placeUid });
  const scope: repo.DashboardScope = { companyUid, from, to, placeUid, timeZone, places };
  const byPlace = scope.placeUid !== null;
  const [groups, perDay, top, ledger, owed, joined, active, redemptions, programs] = await Promise.all([
    repo.orderGroups(ctx.db, scope),
    repo.salesPerDay(ctx.db, scope),
    repo.topProducts(ctx.db, scope),
    repo.ledgerGroups(ctx.db, scope),
    byPlace ? null : repo.outstanding(ctx.db, scope),
    byPlace ? null : repo.newMembers(ctx.db, scope),
    repo.activeMembers(ctx.db, scope),
    repo.redemptionsPerPromotion(ctx.db, scope),
    repo.companyProgramsOf(ctx.db, companyUid),
  ]);

  const sales = groups.filter((g) => g.status === 'DELIVERED');
  const total = (list: repo.OrderGroup[]) => list.reduce((n, g) => n + g.orders, 0);
  const amount = (list: repo.OrderGroup[]) => list.reduce((n, g) => n + g.amount, 0);
  const byType = [...new Set(sales.map((g) => g.orderType))].sort().map((order_type) => {
    const of = sales.filter((g) => g.orderType === order_type);
    return { order_type, orders: total(of), amount: centsToDecimal(amount(of)) };
  });
  const salesCount = total(sales);
  const salesAmount = amount(sales);
  const product = (p: { uid: string; name: string; units: number; amount: number }) => ({
    ...p,
    amount: centsToDecimal(p.amount),
  });

  return {
    from,
    to,
    place: scope.placeUid,
    time_zone: timeZone,
    sales: {
      amount: centsToDecimal(salesAmount),
      orders: salesCount,
      // Rounded half up to the cent.
      average_ticket: centsToDecimal(salesCount === 0 ? 0 : Math.round(salesAmount / salesCount)),
    },
    orders: {
      placed: total(groups),
      delivered: salesCount,
      in_progress: total(groups.filter((g) => g.status !== 'DELIVERED' && !CANCELLED.has(g.status))),
      cancelled: total(groups.filter((g) => CANCELLED.has(g.status))),
    },
    sales_per_day: perDay.map((d) => ({ ...d, amount: centsToDecimal(d.amount) })),
    by_type: byType,
    by_payment: salesByMethod(sales),
    top_products: { by_units: top.byUnits.map(product), by_amount: top.byAmount.map(product) },
    members: { new_members: joined?.company ?? null, active_members: active.company },
    redemptions: redemptions.map((r) => ({ ...r, total: r.redeemed + r.acquired })),
    programs: programs.map((program) => {
      const of = (kind: string) => ledger.filter((g) => g.programUid === program.uid && g.kind === kind);
      const stamps = of('stamps');
      const balances = owed?.get(program.uid);
      return {
        uid: program.uid,
        name: program.name,
        new_members: joined ? (joined.perProgram.get(program.uid) ?? 0) : null,
        active_members: active.perProgram.get(program.uid) ?? 0,
        coins: balanceOf(of('coins'), balances ? balances.coins : null),
        points: balanceOf(of('points'), balances ? balances.points : null),
        stamps: {
          given: stamps.filter((g) => g.reason === 'STAMP').reduce((n, g) => n + g.amount, 0),
          cards_completed: stamps
            .filter((g) => g.reason === 'STAMP_REWARD')
            .reduce((n, g) => n + g.entries, 0),
        },
      };
    }),
  };
}

/** One table of the dashboard as a CSV or XLSX file, named after the table, the company and the days. */
export async function dashboardFile(ctx: AdminContext, query: AdminDashboardExportQuery) {
  const { table, format, ...range } = query;
  const figures = await dashboard(ctx, range);
  const sheet = sheetOf(figures, table);
  const name = `${table}-${ctx.company.uid}-${figures.from}-${figures.to}${figures.place ? `-${figures.place}` : ''}.${format}`;
  return { name, file: format === 'csv' ? sheetCsv(sheet) : await sheetXlsx(sheet, table) };
}
